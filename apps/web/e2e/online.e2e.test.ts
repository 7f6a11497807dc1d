/**
 * E2E: "online" (issue 11). A player makes a club room on /new on his phone: he holds the
 * room-admin key and takes seat 1 like everybody else; nine more phones claim their seats; his
 * seat screen says that he starts (the others': that the room's creator does, never a Ведущий), he
 * starts the game from his seat screen and stays on it (issue 23, point 4), and a club game (an active first night, the Doctor, the Maniac,
 * the Beauty, the Sheriff) is played to its end, every step ending on the players' taps or on its
 * timer. After every step his phone holds no living player's role but his own (and his team's, if
 * he is mafia), in the DOM and in its frames, and no page shows `{{`, a rule id or English. At the
 * end he deals «Новая игра с теми же местами» from his seat screen.
 */
import { describe, expect, it } from 'vitest';
import { NAMES } from './flows';
import { Shots } from './harness';
import { playUnhosted, unhostedSuite } from './unhosted';

const suite = unhostedSuite();
/** A whole game on its timers: several minutes on two busy cores. */
const GAME_TIMEOUT_MS = 900_000;

describe('online', () => {
  it('plays a club game to its end; the creator, a player, sees only what his seat may', async () => {
    const played = await playUnhosted(
      {
        mode: 'online',
        preset: 'club',
        seats: 10,
        names: NAMES,
        // Night steps of 8 s (a club may choose 3 s or more): a phone's tap lands inside its step on
        // two busy cores, as the driver takes a night's screenshots and axe checks only once nothing
        // is left to tap in it. The club deck's night has six steps: 48 s, not 120 s at 20 s a step.
        timers: { speech: 15, defence: 10, lastWords: 10, vote: 15, nightStep: 8 },
        shots: new Shots('online'),
        server: suite.server(),
        device: suite.device,
      },
    );
    expect(played.winner).not.toBeNull();
    expect(played.steps, 'steps taken through the phones').toBeGreaterThan(20);
    expect(suite.pageErrors, 'no uncaught errors on any page').toEqual([]);
  }, GAME_TIMEOUT_MS);
});

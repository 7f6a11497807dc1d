/**
 * E2E: "the app is the host" (issue 11). A TV makes the room on /new and shows the table screen (it
 * holds the room-admin key, never the host's: it sees what a spectator sees); ten phones claim
 * their seats; the TV starts; a classic game is played to its end with the Commissar never touching
 * his phone (R-HOST-2: his check is not made, his speeches and votes end on their timers). After
 * every step the TV holds no living player's role (DOM and frames) and no page shows `{{`, a rule id
 * or English.
 */
import { describe, expect, it } from 'vitest';
import { NAMES } from './flows';
import { Shots, testClock } from './harness';
import { playUnhosted, unhostedSuite } from './unhosted';

/**
 * On the test clock at half speed (issue 25): what nobody ends waits half as long — the idle
 * Commissar's speeches and the votes he never casts. A night step keeps today's 8 s (16 s on the
 * form): each act must land inside its own step, and a shorter one is missed on two busy cores.
 */
const TIME_SCALE = 0.5;
const suite = unhostedSuite(testClock(TIME_SCALE));
/** A whole game on its timers: several minutes on two busy cores. */
const GAME_TIMEOUT_MS = 900_000;

describe('the app is the host', () => {
  it('plays a classic game to its end on timers, with a Commissar who never acts; the TV never sees a role', async () => {
    const played = await playUnhosted(
      {
        mode: 'app',
        preset: 'classic',
        seats: 10,
        names: NAMES,
        // Night steps of 8 s on the clock, as online.e2e.test.ts: the classic night's three steps take 24 s.
        // A vote of 20 s on the clock: the driver's accessibility check of the vote screen must fit in it on two loaded cores.
        timers: { speech: 15, defence: 10, lastWords: 10, vote: 40, nightStep: 8 / TIME_SCALE },
        idleRole: 'commissar',
        shots: new Shots('app-host'),
        server: suite.server(),
        device: suite.device,
      },
    );
    expect(played.idle, 'the idle Commissar').not.toBeNull();
    expect(played.winner).not.toBeNull();
    // The idle seat's steps ended by themselves: the log marks him idle (R-HOST-2) at least once.
    expect(played.trace.some((t) => t.includes('wait for the timer')), 'some steps ended on their timers').toBe(true);
    expect(played.creatorSecrets, 'roles sent to the TV').toEqual([]);
    expect(suite.pageErrors, 'no uncaught errors on any page').toEqual([]);
  }, GAME_TIMEOUT_MS);
});

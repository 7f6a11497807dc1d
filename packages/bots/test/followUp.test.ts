import { createGame, type ActResult, type GameEvent, type GameState, type SeatNo } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { FollowUpCount } from '../src/followUp.js';
import { simulate } from '../src/simulate.js';

/** A sport table (Don, 2 mafia, Commissar, 6 civilians), dealt by seed 5. */
function sportState(): GameState {
  const g = createGame({ preset: 'sport', players: 10, seed: 5 });
  if (!g.ok) throw new Error(g.error.message);
  return g.game.state;
}
const seatOf = (s: GameState, role: string): SeatNo => (s.roles.indexOf(role as never) + 1) as SeatNo;
const mafiaSeat = (s: GameState): SeatNo => (s.roles.indexOf('mafia' as never) + 1) as SeatNo;
const civilianSeat = (s: GameState): SeatNo => (s.roles.indexOf('civilian' as never) + 1) as SeatNo;
const nightResolved = (n: number, results: readonly ActResult[]): GameEvent => ({ type: 'NightResolved', n, died: [], results, useful: [] }) as GameEvent;
/** The state at dawn of day n, and at the fall of the next night with `gone` out of the game. */
const dawn = (s: GameState, n: number): GameState => ({ ...s, phase: { kind: 'day', n } }) as GameState;
const dusk = (s: GameState, n: number, gone: SeatNo[]): GameState =>
  ({ ...s, phase: { kind: 'night', n: n + 1 }, alive: s.alive.map((a, i) => a && !gone.includes((i + 1) as SeatNo)) }) as GameState;
const nightStarted = (n: number): GameEvent => ({ type: 'NightStarted', n }) as GameEvent;

describe('the follow-up of the town checker\'s black checks', () => {
  /** The count after the Commissar's check of `target` on night `n` (answer `answer`) and a day after it with `gone` out. */
  const afterDay = (n: number, target: (s: GameState) => SeatNo, answer: 'yes' | 'no', gone: (s: GameState) => SeatNo[]) => {
    const s = sportState();
    const f = new FollowUpCount();
    f.take([nightResolved(n, [{ by: seatOf(s, 'commissar'), act: 'check', target: target(s), answer }])], dawn(s, n));
    f.take([nightStarted(n + 1)], dusk(s, n, gone(s)));
    return f;
  };

  it('counts_a_black_check_on_night_2_and_the_mafioso_voted_out_on_day_2', () => {
    const f = afterDay(2, mafiaSeat, 'yes', (s) => [mafiaSeat(s)]);
    expect(f.blackChecks).toBe(1);
    expect(f.executedNextDay).toBe(1);
  });

  it('a_civilian_voted_out_the_day_after_is_a_black_check_not_followed', () => {
    const f = afterDay(3, mafiaSeat, 'yes', (s) => [civilianSeat(s)]);
    expect(f.blackChecks).toBe(1);
    expect(f.executedNextDay).toBe(0);
  });

  it('ignores_night_1_checks_red_checks_and_the_dons_check', () => {
    const s = sportState();
    const f = new FollowUpCount();
    f.take([nightResolved(1, [{ by: seatOf(s, 'commissar'), act: 'check', target: mafiaSeat(s), answer: 'yes' }])], dawn(s, 1));
    f.take([nightStarted(2)], dusk(s, 1, [mafiaSeat(s)]));
    f.take([nightResolved(2, [{ by: seatOf(s, 'commissar'), act: 'check', target: civilianSeat(s), answer: 'no' }, { by: seatOf(s, 'don'), act: 'check', target: seatOf(s, 'commissar'), answer: 'yes' }])], dawn(s, 2));
    f.take([nightStarted(3)], dusk(s, 2, [mafiaSeat(s)]));
    expect(f.blackChecks).toBe(0);
    expect(f.executedNextDay).toBe(0);
  });

  it('simulate_adds_up_every_games_follow_up', () => {
    const r = simulate({ preset: 'sport', players: 10, games: 300, bots: 'heuristic', seed: 'follow-up' });
    expect(r.followUp.blackChecks).toBeGreaterThan(0);
    // A town that cannot talk still votes a mafioso out now and then.
    expect(r.followUp.executedNextDay).toBeGreaterThan(0);
    expect(r.followUp.executedNextDay).toBeLessThan(r.followUp.blackChecks);
  });
});

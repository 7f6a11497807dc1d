/**
 * Emergency day (RULES.md R-PHASE-4, classic option `emergencyDay`): when a day ends with
 * 3 mafia vs 4 red or 2 mafia vs 3 red, no night follows; another day is held at once. It takes the
 * next day's number and replaces that night (spec/protocol.md "steps").
 */
import { describe, expect, it, vi } from 'vitest';
import { project } from '@mafia/engine';
import { newGame, night, protocol, quietDay, replayErr, replayOk, run, S, type Step } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

// Seven seats: Don 1, mafia 2; Commissar 3; civilians 4-7.
const SEVEN = ['don', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian'];
const kill = (target: number) => [{ by: 1, act: 'kill', target }, { by: 2, act: 'kill', target }];
/** Night 2 shoots 4, day 2 executes 5 (single nominee): 2 mafia vs 3 red after the day. */
const toTwoVsThree: Step[] = [
  { night: 1 }, { day: 1 },
  { night: 2, acts: kill(4) },
  { day: 2, nominations: [[3, 5]] },
];

describe('emergency day (R-PHASE-4)', () => {
  it('two_mafia_against_three_red_after_a_day_brings_another_day (R-PHASE-4)', () => {
    const r = replayOk(protocol('classic', SEVEN, [...toTwoVsThree, { day: 3, nominations: [[3, 2]] }, { night: 4 }]));
    expect(r.timeline).toEqual([
      { night: 1, died: [], results: [] },
      { day: 1, left: [], by: 'none', tally: null },
      { night: 2, died: [4], results: [] },
      { day: 2, left: [5], by: 'single', tally: null },
      { day: 3, left: [2], by: 'single', tally: null },
      { night: 4, died: [], results: [] },
    ]);
    expect(r.winner).toBeNull();
  });

  it('a_night_step_where_the_emergency_day_must_follow_is_an_error (R-PHASE-4)', () => {
    const e = replayErr(protocol('classic', SEVEN, [...toTwoVsThree, { night: 3 }]));
    expect(e.rule).toBe('R-PHASE-4');
    expect(e.path).toBe('steps[4].night');
    expect(e.message).toMatch(/emergency day 3/);
  });

  it('three_mafia_against_four_red_after_a_day_brings_another_day (R-PHASE-4)', () => {
    // Ten seats: mafia 2, Don 5, mafia 8. Night 2 shoots 4, day 2 executes 6, night 3 shoots 7,
    // day 3 nobody leaves: 3 mafia vs 4 red.
    const table = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
    const shoot = (t: number) => [2, 5, 8].map((by) => ({ by, act: 'kill', target: t }));
    const r = replayOk(protocol('classic', table, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: shoot(4) }, { day: 2, nominations: [[1, 6]] },
      { night: 3, acts: shoot(7) }, { day: 3 },
      { day: 4, nominations: [[1, 8]] },
      { night: 5 },
    ]));
    expect(r.timeline.slice(5)).toEqual([
      { day: 3, left: [], by: 'none', tally: null },
      { day: 4, left: [8], by: 'single', tally: null },
      { night: 5, died: [], results: [] },
    ]);
  });

  it('the_emergency_day_is_marked_and_starts_with_the_next_speaker (R-PHASE-4, R-PHASE-2)', () => {
    let g = quietDay(night(newGame('classic', SEVEN)));
    g = run(night(g, kill(4)), { type: 'endLastWords' });
    expect(g.state.day?.speakers[0]).toBe(2);
    g = run(g, { type: 'nominate', by: S(3), target: S(5) });
    g = quietDay(g); // 5 leaves as the single nominee and has his last word
    expect(g.state.phase).toEqual({ kind: 'day', n: 3 });
    expect(g.state.day?.emergency).toBe(true);
    expect(project(g.state, { kind: 'seat', seat: S(6) }).day).toMatchObject({ n: 3, emergency: true, speaker: 3 });
  });

  it('night_follows_an_emergency_day_even_when_nobody_left (R-PHASE-4)', () => {
    // Reading of R-PHASE-4: the emergency day is one extra vote, not a chain of days.
    const r = replayOk(protocol('classic', SEVEN, [...toTwoVsThree, { day: 3 }, { night: 4 }]));
    expect(r.timeline.slice(4)).toEqual([
      { day: 3, left: [], by: 'none', tally: null },
      { night: 4, died: [], results: [] },
    ]);
  });

  it('no_emergency_day_when_the_option_is_off (R-PHASE-4)', () => {
    const r = replayOk(protocol('classic', SEVEN, [...toTwoVsThree, { night: 3 }], { options: { emergencyDay: false } }));
    expect(r.timeline[4]).toEqual({ night: 3, died: [], results: [] });
  });

  it('sport_has_no_emergency_day_by_default (R-PHASE-4)', () => {
    // Sport, ten seats: after day 3 it is 3 mafia vs 4 red, and night 4 follows.
    const table = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];
    const shoot = (t: number) => [2, 5, 8].map((by) => ({ by, act: 'kill', target: t }));
    const r = replayOk(protocol('sport', table, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: shoot(4) }, { day: 2, nominations: [[1, 6]] },
      { night: 3, acts: shoot(7) }, { day: 3 },
      { night: 4 },
    ]));
    expect(r.timeline[6]).toEqual({ night: 4, died: [], results: [] });
  });

  it('a_night_shot_reaching_three_against_four_does_not_skip_the_next_day (R-PHASE-4 is checked after a day)', () => {
    // After night 2 it is 2 mafia vs 4 red; day 2 is an ordinary day (not marked as emergency).
    const g = night(quietDay(night(newGame('classic', SEVEN))), kill(4));
    expect(g.state.day).toMatchObject({ n: 2, emergency: false });
  });
});

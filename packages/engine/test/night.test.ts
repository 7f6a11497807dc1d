/**
 * Night rules (RULES.md §5 R-NIGHT, §2 R-CHECK-1, §3 R-PHASE-1, §6 R-ROLE) on the classic and sport
 * presets. Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { createGame, HOST, nightSteps, PRESETS, project, projectEvent, seatAt, transition, type Game, type SetupInput } from '@mafia/engine';
import { check, newGame, night, protocol, quietDay, replayErr, replayOk, S, shot, TABLE10, type Step } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

function createOk(input: SetupInput): Game {
  const t = createGame(input);
  if (!t.ok) throw new Error(t.error.message);
  return t.game;
}

/** Classic: the introduction night and a quiet day 1, then the given night 2. */
const classicNight2 = (acts: unknown[], more: Step[] = []) =>
  protocol('classic', TABLE10, [{ night: 1 }, { day: 1 }, { night: 2, acts }, ...more]);

describe('mafia shot (R-NIGHT-2, unanimous)', () => {
  it('unanimous_mafia_shot_kills_the_target (R-NIGHT-2)', () => {
    const r = replayOk(classicNight2(shot(4)));
    expect(r.timeline[2]).toEqual({ night: 2, died: [4], results: [] });
    expect(r.alive).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    expect(r.winner).toBeNull();
  });

  it('split_mafia_shot_is_a_miss (R-NIGHT-2)', () => {
    const acts = [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }, { by: 8, act: 'kill', target: 6 }];
    const r = replayOk(classicNight2(acts));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('missing_gesture_of_one_mafia_member_is_a_miss (R-NIGHT-2)', () => {
    const r = replayOk(classicNight2(shot(4, [2, 5])));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
  });

  it('only_alive_mafia_members_need_to_agree (R-NIGHT-2)', () => {
    // Mafia 8 is voted out on day 1; the two remaining members agree: the shot kills.
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9, 10] } },
      { night: 2, acts: shot(4, [2, 5]) },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 7, 2: 3 } });
    expect(r.timeline[2]).toEqual({ night: 2, died: [4], results: [] });
  });

  it('a_mafia_member_shoots_only_once_per_night (R-NIGHT-2)', () => {
    const e = replayErr(classicNight2([{ by: 2, act: 'kill', target: 4 }, { by: 2, act: 'kill', target: 6 }]));
    expect(e.rule).toBe('R-NIGHT-2');
    expect(e.path).toBe('steps[2].acts[1]');
    expect(e.message).toMatch(/seat 2/);
    expect(e.message).toMatch(/already/);
  });

  it('a_dead_mafia_member_cannot_shoot (R-NIGHT-4: acts by the dead are refused)', () => {
    const e = replayErr(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9, 10] } },
      { night: 2, acts: shot(4, [2, 5, 8]) },
    ]));
    expect(e.rule).toBe('R-NIGHT-4');
    expect(e.path).toBe('steps[2].acts[2]');
    expect(e.message).toMatch(/seat 8/);
  });
});

describe('first night (R-PHASE-1)', () => {
  it('nobody_can_be_shot_on_the_classic_introduction_night (R-PHASE-1)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1, acts: shot(4) }]));
    expect(e.rule).toBe('R-PHASE-1');
    expect(e.path).toBe('steps[0].acts[0]');
    expect(e.message).toMatch(/night 1/);
  });

  it('classic_introduction_night_has_no_checks (R-PHASE-1)', () => {
    const e = replayErr(protocol('classic', TABLE10, [{ night: 1, acts: [check(3, 5)] }]));
    expect(e.rule).toBe('R-PHASE-1');
    expect(e.message).toMatch(/introduction/);
  });

  it('classic_introduction_night_kills_nobody (R-PHASE-1)', () => {
    const r = replayOk(protocol('classic', TABLE10, [{ night: 1 }]));
    expect(r.timeline).toEqual([{ night: 1, died: [], results: [] }]);
    expect(r.alive).toHaveLength(10);
  });
});

describe('checks (R-CHECK-1, R-ROLE)', () => {
  it('commissar_check_of_the_don_answers_mafia (R-CHECK-1)', () => {
    const r = replayOk(classicNight2([check(3, 5)]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [{ by: 3, act: 'check', target: 5, answer: 'yes' }] });
  });

  it('commissar_check_of_a_mafia_member_answers_mafia (R-CHECK-1)', () => {
    const r = replayOk(classicNight2([check(3, 8)]));
    expect(r.timeline[2]).toMatchObject({ results: [{ by: 3, act: 'check', target: 8, answer: 'yes' }] });
  });

  it('commissar_check_of_a_civilian_answers_not_mafia (R-CHECK-1)', () => {
    const r = replayOk(classicNight2([check(3, 1)]));
    expect(r.timeline[2]).toMatchObject({ results: [{ by: 3, act: 'check', target: 1, answer: 'no' }] });
  });

  it('don_check_answers_whether_the_target_is_the_commissar (R-ROLE Don, R-CHECK-1)', () => {
    const yes = replayOk(classicNight2([check(5, 3)]));
    expect(yes.timeline[2]).toMatchObject({ results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }] });
    const no = replayOk(classicNight2([check(5, 8)]));
    expect(no.timeline[2]).toMatchObject({ results: [{ by: 5, act: 'check', target: 8, answer: 'no' }] });
  });

  it('commissar_cannot_check_himself (R-ROLE)', () => {
    const e = replayErr(classicNight2([check(3, 3)]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/himself/);
  });

  it('a_civilian_has_no_night_ability (R-ROLE)', () => {
    const e = replayErr(classicNight2([check(1, 5)]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.path).toBe('steps[2].acts[0]');
    expect(e.message).toMatch(/civilian/);
    expect(e.message).toMatch(/check/);
  });

  it('the_commissar_cannot_shoot (R-ROLE)', () => {
    const e = replayErr(classicNight2([{ by: 3, act: 'kill', target: 5 }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/commissar/);
  });

  it('a_check_on_a_dead_player_is_refused (R-ROLE)', () => {
    const e = replayErr(classicNight2(shot(4), [{ day: 2 }, { night: 3, acts: [check(3, 4)] }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.path).toBe('steps[4].acts[0]');
    expect(e.message).toMatch(/seat 4/);
  });

  it('a_commissar_check_that_finds_a_mafia_member_scores_a_useful_action_once (RULES §9 via protocol scores)', () => {
    const r = replayOk(classicNight2([check(3, 5)], [{ day: 2 }, { night: 3, acts: [check(3, 5)] }]));
    expect(r.scores['3']).toBe(1);
  });
});

describe('dead Commissar and Don (R-NIGHT-4)', () => {
  it('a_dead_commissar_cannot_check (R-NIGHT-4)', () => {
    const e = replayErr(classicNight2(shot(3), [{ day: 2 }, { night: 3, acts: [check(3, 5)] }]));
    expect(e.rule).toBe('R-NIGHT-4');
    expect(e.path).toBe('steps[4].acts[0]');
    expect(e.message).toMatch(/seat 3/);
    expect(e.message).toMatch(/not in the game/);
  });

  it('a_dead_don_cannot_check (R-NIGHT-4)', () => {
    const e = replayErr(protocol('classic', TABLE10, [
      { night: 1 },
      { day: 1, nominations: [[1, 5], [3, 2]], votes: { 5: [1, 3, 4, 6, 7, 9, 10] } },
      { night: 2, acts: [check(5, 3)] },
    ]));
    expect(e.rule).toBe('R-NIGHT-4');
    expect(e.message).toMatch(/seat 5/);
  });

  it('the_commissar_shot_tonight_still_gets_his_answer (R-NIGHT-4, R-NIGHT-1: he wakes after the shot)', () => {
    const r = replayOk(classicNight2([...shot(3), check(3, 5)]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [3], results: [{ by: 3, act: 'check', target: 5, answer: 'yes' }] });
  });

  it('a_civilian_cannot_tell_from_the_night_events_who_acted (R-NIGHT-4)', () => {
    let g = night(newGame('classic'));
    g = night(quietDay(g), [check(3, 5), check(5, 3)]);
    // Every ActRecorded of the night is hidden from a civilian.
    const recorded = g.log.filter((e) => e.type === 'ActRecorded');
    expect(recorded).toHaveLength(2);
    for (const e of recorded) expect(projectEvent(e, g.state, { kind: 'seat', seat: S(1) })).toBeNull();
  });
});

describe('wake order (R-NIGHT-1)', () => {
  it('classic_and_sport_wake_mafia_then_don_then_commissar (R-NIGHT-1)', () => {
    const notes = (id: string) => PRESETS[id as 'classic']!.nightOrder.map((s) => s.note);
    expect(notes('classic')).toEqual(['mafia (shot)', 'don (check)', 'commissar (check)']);
    expect(notes('sport')).toEqual(['mafia (shot)', 'don (check)', 'commissar (check)']);
    expect(notes('short')).toEqual([]);
  });

  it('every_viewer_gets_the_same_night_steps_and_a_dead_role_is_still_woken (R-NIGHT-1, R-NIGHT-4)', () => {
    const g = createOk({ preset: 'sport', players: 10, seed: 7 });
    const steps = project(g.state, { kind: 'host' }).nightSteps;
    expect(steps).toEqual([
      { wake: ['mafia', 'don'], acts: ['kill'], note: 'mafia (shot)' },
      { wake: ['don'], acts: ['check'], note: 'don (check)' },
      { wake: ['commissar'], acts: ['check'], note: 'commissar (check)' },
    ]);
    for (let seat = 1; seat <= 10; seat++) expect(project(g.state, { kind: 'seat', seat: S(seat) }).nightSteps).toEqual(steps);
    expect(project(g.state, { kind: 'spectator' }).nightSteps).toEqual(steps);
    // The Commissar removed: his step is still called.
    const commissar = seatAt(g.state.roles.indexOf('commissar'));
    const t = transition(g, { type: 'remove', seat: commissar }, HOST);
    expect(t.ok && project(t.game.state, { kind: 'seat', seat: S(commissar === 1 ? 2 : 1) }).nightSteps).toEqual(steps);
  });

  it('a_role_not_dealt_has_no_night_step (R-NIGHT-1)', () => {
    const g = createOk({ preset: 'club', players: 10, seed: 3, roles: ['mafia', 'mafia', 'don', 'sheriff', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'] });
    expect(nightSteps(g.state.setup).map((s) => s.note)).toEqual(['mafia (open choice)', 'don (check: sheriff?)', 'sheriff (check)', 'doctor (heal)']);
  });

  it('the_order_acts_are_entered_in_does_not_change_the_outcome (R-NIGHT-1)', () => {
    const a = replayOk(classicNight2([...shot(4), check(5, 3), check(3, 8)]));
    const b = replayOk(classicNight2([check(3, 8), { by: 8, act: 'kill', target: 4 }, check(5, 3), ...shot(4, [2, 5])]));
    const sortByActor = (rs: readonly { by: number }[]) => [...rs].sort((x, y) => x.by - y.by);
    const nightEntry = (e: (typeof a.timeline)[number] | undefined) => {
      if (e === undefined || !('night' in e)) throw new Error(`expected a night in the timeline, got ${JSON.stringify(e)}`);
      return e;
    };
    const na = nightEntry(a.timeline[2]);
    const nb = nightEntry(b.timeline[2]);
    expect(nb.died).toEqual(na.died);
    expect(sortByActor(nb.results)).toEqual(sortByActor(na.results));
    expect(b.alive).toEqual(a.alive);
  });
});

describe('night resolution (R-NIGHT)', () => {
  it('night_resolution_is_deterministic (R-NIGHT)', () => {
    const doc = classicNight2([...shot(6), check(3, 2), check(5, 1)], [{ day: 2, nominations: [[3, 2], [4, 5]] }]);
    expect(replayOk(doc)).toEqual(replayOk(structuredClone(doc)));
  });
});

describe('morning news (R-NIGHT-5)', () => {
  it('the_night_entry_names_who_left_and_no_cause (R-NIGHT-5)', () => {
    const r = replayOk(classicNight2([...shot(4), check(3, 5)]));
    expect(Object.keys(r.timeline[2]).sort()).toEqual(['died', 'night', 'results']);
    expect(r.timeline[2]).toMatchObject({ died: [4] });
  });

  it('a_civilian_hears_only_who_died (R-NIGHT-5)', () => {
    let g = night(newGame('classic'));
    g = night(quietDay(g), [...shot(4), check(3, 5), check(5, 3)]);
    const resolved = g.log.filter((e) => e.type === 'NightResolved').at(-1)!;
    expect(projectEvent(resolved, g.state, { kind: 'seat', seat: S(1) })).toEqual({
      type: 'NightResolved', n: 2, died: [4], results: [], useful: [],
    });
  });

  it('each_checker_hears_only_his_own_answer (R-NIGHT-5, R-CHECK-1)', () => {
    let g = night(newGame('classic'));
    g = night(quietDay(g), [check(3, 5), check(5, 3)]);
    const resolved = g.log.filter((e) => e.type === 'NightResolved').at(-1)!;
    expect(projectEvent(resolved, g.state, { kind: 'seat', seat: S(3) })).toMatchObject({
      died: [], results: [{ by: 3, act: 'check', target: 5, answer: 'yes' }], useful: [],
    });
    expect(projectEvent(resolved, g.state, { kind: 'seat', seat: S(5) })).toMatchObject({
      results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }],
    });
    // A mafia teammate of the Don does not hear the Don's answer either.
    expect(projectEvent(resolved, g.state, { kind: 'seat', seat: S(2) })).toMatchObject({ results: [] });
  });

  it('a_quiet_night_is_announced_as_nobody_died (R-NIGHT-5)', () => {
    const r = replayOk(classicNight2([]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
  });
});

/**
 * Club preset (seed 004, RULES.md §8): active first night, open mafia choice, Doctor (club variant),
 * Maniac (club variant), Sheriff detective with R-CHECK-3, first-victim immunity (R-MOD).
 * Table CLUB10: mafia 2, Don 5, mafia 8; Sheriff 3; Doctor 4; Maniac 6; Beauty 9; civilians 1, 7, 10.
 */
import { describe, expect, it } from 'vitest';
import { createGame, project, projectEvent, type Game } from '@mafia/engine';
import { protocol, replayErr, replayOk, run, S, shot, type Step } from './helpers.js';

const CLUB10 = ['civilian', 'mafia', 'sheriff', 'doctor', 'don', 'maniac', 'civilian', 'mafia', 'beauty', 'civilian'];
/** CLUB8: mafia 2, Don 5; Sheriff 3; Doctor 4; Maniac 6; civilians 1, 7, 8. */
const CLUB8 = ['civilian', 'mafia', 'sheriff', 'doctor', 'don', 'maniac', 'civilian', 'civilian'];
const MAFIA = [2, 5, 8];
const heal = (target: number, by = 4) => ({ by, act: 'heal', target });
const maniacKill = (target: number, by = 6) => ({ by, act: 'kill', target });
const check = (by: number, target: number) => ({ by, act: 'check', target });
const club = (steps: Step[], extra: Record<string, unknown> = {}, seats = CLUB10) => protocol('club', seats, steps, extra);

function clubGame(seats: readonly string[], extra: Record<string, unknown> = {}): Game {
  const t = createGame({ preset: 'club', roles: seats, ...extra });
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.game;
}

describe('club night 1 and the open choice (R-PHASE-1, R-NIGHT-3)', () => {
  it('club_first_night_is_active_the_mafia_kill_on_night_1 (R-PHASE-1)', () => {
    const r = replayOk(club([{ night: 1, acts: shot(7, MAFIA) }]));
    expect(r.timeline[0]).toEqual({ night: 1, died: [7], results: [] });
  });

  it('open_choice_the_most_named_player_is_killed (R-NIGHT-3)', () => {
    const acts = [{ by: 2, act: 'kill', target: 7 }, { by: 5, act: 'kill', target: 7 }, { by: 8, act: 'kill', target: 10 }];
    expect(replayOk(club([{ night: 1, acts }])).timeline[0]).toEqual({ night: 1, died: [7], results: [] });
  });

  it('open_choice_on_a_tie_the_don_decides (R-NIGHT-3)', () => {
    const acts = [{ by: 2, act: 'kill', target: 7 }, { by: 5, act: 'kill', target: 10 }];
    expect(replayOk(club([{ night: 1, acts }])).timeline[0]).toEqual({ night: 1, died: [10], results: [] });
  });
});

describe('club Doctor (R-ROLE, seed 004)', () => {
  it('doctor_saves_the_mafia_victim_and_scores_a_useful_action (R-ROLE)', () => {
    const r = replayOk(club([{ night: 1, acts: [...shot(7, MAFIA), heal(7)] }]));
    expect(r.timeline[0]).toEqual({ night: 1, died: [], results: [] });
    expect(r.scores['4']).toBe(1);
  });

  it('doctor_saves_the_maniac_victim_in_club (R-ROLE)', () => {
    const r = replayOk(club([{ night: 1, acts: [maniacKill(7), heal(7)] }]));
    expect(r.timeline[0]).toEqual({ night: 1, died: [], results: [] });
  });

  it('doctor_saves_one_player_from_both_the_mafia_and_the_maniac (R-ROLE)', () => {
    const r = replayOk(club([{ night: 1, acts: [...shot(7, MAFIA), maniacKill(7), heal(7)] }]));
    expect(r.timeline[0].died).toEqual([]);
  });

  it('doctor_heal_elsewhere_does_not_stop_two_kills (R-NIGHT)', () => {
    const r = replayOk(club([{ night: 1, acts: [...shot(7, MAFIA), maniacKill(10), heal(1)] }]));
    expect(r.timeline[0].died).toEqual([7, 10]);
    expect(r.scores['4']).toBe(0);
  });

  it('doctor_cannot_heal_the_same_player_twice_in_a_row (R-ROLE)', () => {
    const e = replayErr(club([{ night: 1, acts: [heal(7)] }, { day: 1 }, { night: 2, acts: [heal(7)] }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/two nights in a row/);
  });

  it('doctor_cannot_heal_himself_twice_in_a_row_either (R-ROLE)', () => {
    const e = replayErr(club([{ night: 1, acts: [heal(4)] }, { day: 1 }, { night: 2, acts: [heal(4)] }]));
    expect(e.message).toMatch(/two nights in a row|himself/);
  });

  it('doctor_may_heal_the_same_player_again_after_a_night_between (R-ROLE)', () => {
    const r = replayOk(club([{ night: 1, acts: [heal(7)] }, { day: 1 }, { night: 2, acts: [heal(1)] }, { day: 2 }, { night: 3, acts: [...shot(7, MAFIA), heal(7)] }]));
    expect(r.timeline[4]).toEqual({ night: 3, died: [], results: [] });
  });

  it('doctor_heals_himself_only_once_per_game (R-ROLE, doctorSelfHeals = 1)', () => {
    const e = replayErr(club([{ night: 1, acts: [heal(4)] }, { day: 1 }, { night: 2, acts: [heal(7)] }, { day: 2 }, { night: 3, acts: [heal(4)] }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/himself only 1 time/);
  });

  it('doctor_self_heals_follow_the_option (R-ROLE, doctorSelfHeals = 2)', () => {
    const r = replayOk(club([{ night: 1, acts: [heal(4)] }, { day: 1 }, { night: 2, acts: [heal(7)] }, { day: 2 }, { night: 3, acts: [heal(4), ...shot(4, MAFIA)] }], { options: { doctorSelfHeals: 2 } }));
    expect(r.timeline[4]).toEqual({ night: 3, died: [], results: [] });
  });
});

describe('club Maniac (R-ROLE, seed 004)', () => {
  it('maniac_kills_his_victim (R-ROLE)', () => {
    expect(replayOk(club([{ night: 1, acts: [maniacKill(2)] }])).timeline[0].died).toEqual([2]);
  });

  it('maniac_cannot_kill_the_same_player_two_nights_in_a_row (R-ROLE, 004)', () => {
    // Night 1: the Doctor saves 7 from the Maniac; night 2 the Maniac may not go to 7 again.
    const e = replayErr(club([{ night: 1, acts: [maniacKill(7), heal(7)] }, { day: 1 }, { night: 2, acts: [maniacKill(7)] }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/Maniac.*two nights in a row/);
  });

  it('maniac_and_mafia_on_the_same_player_one_death (R-NIGHT)', () => {
    expect(replayOk(club([{ night: 1, acts: [...shot(7, MAFIA), maniacKill(7)] }])).timeline[0].died).toEqual([7]);
  });

  it('maniac_club_wins_only_when_everybody_else_is_dead (R-ROLE 004, R-WIN-0)', () => {
    let g = clubGame(CLUB8);
    for (const seat of [1, 2, 3, 4, 5, 8]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    // Maniac 6 and civilian 7 left: the 000 Maniac would win here; the club Maniac has not yet.
    expect(g.state.winner).toBeNull();
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(7) } });
    expect(g.state.winner).toBe('maniac');
    expect(g.state.winners).toEqual([6]);
  });

  it('mafia_parity_with_the_maniac_alive_is_a_mafia_win (R-WIN-MAFIA)', () => {
    let g = clubGame(CLUB8);
    for (const seat of [1, 3, 4]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBeNull();
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(7) } });
    // Mafia 2 and Don 5 against the Maniac 6 and civilian 8: 2 ≥ 2.
    expect(g.state.winner).toBe('mafia');
  });

  it('town_does_not_win_while_the_maniac_lives (R-WIN-TOWN)', () => {
    let g = clubGame(CLUB8);
    for (const seat of [2, 5]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBeNull();
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(6) } });
    expect(g.state.winner).toBe('town');
  });
});

describe('club Sheriff and Don (R-CHECK-1, R-CHECK-3)', () => {
  it('sheriff_sees_mafia_black_and_finding_one_is_useful (R-CHECK-1)', () => {
    const r = replayOk(club([{ night: 1, acts: [check(3, 2)] }]));
    expect(r.timeline[0].results).toEqual([{ by: 3, act: 'check', target: 2, answer: 'yes' }]);
    expect(r.scores['3']).toBe(1);
  });

  it('sheriff_sees_the_maniac_as_town_while_any_mafia_lives (R-CHECK-3)', () => {
    const r = replayOk(club([{ night: 1, acts: [check(3, 6)] }]));
    expect(r.timeline[0].results).toEqual([{ by: 3, act: 'check', target: 6, answer: 'no' }]);
  });

  it('sheriff_sees_the_maniac_black_once_no_mafia_is_left (R-CHECK-3)', () => {
    const r = replayOk(club([
      { night: 1, acts: [maniacKill(2), { by: 2, act: 'kill', target: 1 }, { by: 5, act: 'kill', target: 1 }] },
      { day: 1, nominations: [[3, 5], [4, 7]], votes: { 5: [3, 4, 6, 7, 8], 7: [5] } },
      { night: 2, acts: [check(3, 6)] },
    ], {}, CLUB8));
    expect(r.timeline[0].died).toEqual([1, 2]);
    expect(r.timeline[1]).toMatchObject({ day: 1, left: [5], by: 'vote' });
    expect(r.timeline[2].results).toEqual([{ by: 3, act: 'check', target: 6, answer: 'yes' }]);
    expect(r.winner).toBeNull();
  });

  it('don_check_answers_yes_for_the_sheriff (R-CHECK-3, seed 004)', () => {
    const r = replayOk(club([{ night: 1, acts: [check(5, 3)] }, { day: 1 }, { night: 2, acts: [check(5, 4)] }]));
    expect(r.timeline[0].results).toEqual([{ by: 5, act: 'check', target: 3, answer: 'yes' }]);
    expect(r.timeline[2].results).toEqual([{ by: 5, act: 'check', target: 4, answer: 'no' }]);
  });
});

describe('first-victim immunity (R-MOD, seed 004)', () => {
  const mods = { modifications: ['first-victim-immunity'], immune: [7] };

  it('first_victim_immunity_makes_a_night_1_kill_a_miss (R-MOD)', () => {
    const r = replayOk(club([{ night: 1, acts: [...shot(7, MAFIA), maniacKill(7)] }], mods));
    expect(r.timeline[0]).toEqual({ night: 1, died: [], results: [] });
  });

  it('first_victim_immunity_lasts_day_1_as_an_alibi (R-MOD, R-VOTE-9)', () => {
    const g = run(clubGame(CLUB10, mods), { type: 'endNight' });
    expect(g.state.phase).toEqual({ kind: 'day', n: 1 });
    expect(g.state.alibi).toEqual([7]);
  });

  it('first_victim_immunity_the_immune_player_is_not_executed_on_day_1 (R-MOD, R-VOTE-9)', () => {
    const r = replayOk(club([{ night: 1 }, { day: 1, nominations: [[1, 7], [7, 1]], votes: { 7: [1, 2, 3, 4, 5, 6, 8, 9], 1: [7, 10] } }], mods));
    expect(r.timeline[1]).toMatchObject({ day: 1, left: [], by: 'alibi' });
    expect(r.alive).toContain(7);
  });

  it('first_victim_immunity_ends_after_night_1 (R-MOD)', () => {
    const r = replayOk(club([{ night: 1 }, { day: 1 }, { night: 2, acts: shot(7, MAFIA) }], mods));
    expect(r.timeline[2].died).toEqual([7]);
  });

  it('immune_seats_need_the_modification (R-MOD)', () => {
    const e = replayErr(club([], { immune: [7] }));
    expect(e.rule).toBe('R-MOD');
  });
});

describe('club scoring (R-CLUB, seed 004)', () => {
  it('club_scores_follow_seed_004_town_win_and_useful_actions (R-CLUB)', () => {
    const r = replayOk(club([
      { night: 1, acts: [maniacKill(2), { by: 2, act: 'kill', target: 7 }, { by: 5, act: 'kill', target: 7 }, heal(7), check(3, 5)] },
      { day: 1, nominations: [[3, 5], [5, 3]], votes: { 5: [1, 3, 4, 6, 7, 8], 3: [5] } },
      { night: 2, acts: [maniacKill(1), heal(8), check(3, 6)] },
      { day: 2, nominations: [[3, 6]] },
    ], {}, CLUB8));
    expect(r.winner).toBe('town');
    // Town win: alive town 3, dead town 2, the Maniac excluded; Doctor's save and the Sheriff's find +1
    // (the Maniac seen black by R-CHECK-3 earns nothing).
    expect(r.scores).toEqual({ 1: 2, 2: 0, 3: 4, 4: 4, 5: 0, 6: 0, 7: 3, 8: 3 });
  });
});

describe('what each club seat is told (projection)', () => {
  it('each_checker_sees_only_his_own_answer_and_the_town_sees_only_the_deaths (R-CHECK-3, R-NIGHT-5)', () => {
    const acts = [...shot(7, MAFIA), maniacKill(10), check(3, 6), check(5, 3), heal(1)];
    let g = clubGame(CLUB10);
    g = run(g, ...acts.map((a) => ({ type: 'act' as const, by: S(a.by), act: a.act as 'kill', target: S(a.target) })), { type: 'endNight' });
    const ev = g.log.find((e) => e.type === 'NightResolved')!;
    const told = (seat: number) => {
      const p = projectEvent(ev, g.state, { kind: 'seat', seat: S(seat) });
      return p !== null && p.type === 'NightResolved' ? { died: p.died, results: p.results } : null;
    };
    expect(told(3)).toEqual({ died: [7, 10], results: [{ by: 3, act: 'check', target: 6, answer: 'no' }] });
    expect(told(5)).toEqual({ died: [7, 10], results: [{ by: 5, act: 'check', target: 3, answer: 'yes' }] });
    expect(told(4)).toEqual({ died: [7, 10], results: [] });
    expect(told(6)).toEqual({ died: [7, 10], results: [] });
    // The Maniac is solo: he sees no other card; the mafia see each other, not him.
    expect(project(g.state, { kind: 'seat', seat: S(6) }).seats.filter((x) => x.role !== undefined && x.alive).map((x) => x.seat)).toEqual([6]);
    expect(project(g.state, { kind: 'seat', seat: S(2) }).seats[5].role).toBeUndefined();
  });
});

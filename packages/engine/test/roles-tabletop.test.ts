/**
 * Tabletop preset (seed 000, 3–18 players, RULES.md §8): introduction night, Lover on even nights
 * (the mafia cannot kill her target), mafia + Gangster open choice without a Don, Commissar with the
 * "dead" answer, JustMafia Doctor (cannot save the Maniac's victim) and Maniac (seen as town, wins
 * 1-on-1 with a town player).
 * Table TAB15: mafia 2, 5, 8 and Gangster 7; Commissar 3; Doctor 4; Lover 6; Maniac 13; civilians 1, 9–12, 14, 15.
 */
import { describe, expect, it } from 'vitest';
import { createGame, presetOf, type Game } from '@mafia/engine';
import { protocol, replayErr, replayOk, run, S, shot, type Step } from './helpers.js';

const TAB15 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'lover', 'gangster', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian', 'maniac', 'civilian', 'civilian'];
const DARK = [2, 5, 7, 8];
const heal = (target: number) => ({ by: 4, act: 'heal', target });
const charm = (target: number) => ({ by: 6, act: 'visit', target });
const maniacKill = (target: number) => ({ by: 13, act: 'kill', target });
const check = (target: number) => ({ by: 3, act: 'check', target });
/** The introduction night and a quiet day 1, then the given steps from night 2. */
const tab = (steps: Step[]) => protocol('tabletop', TAB15, [{ night: 1 }, { day: 1 }, ...steps]);

function tabGame(seats: readonly string[] = TAB15): Game {
  const t = createGame({ preset: 'tabletop', roles: seats });
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.game;
}

describe('tabletop night order and the Lover (R-PHASE-1, R-NIGHT-1)', () => {
  it('tabletop_night_1_is_an_introduction (R-PHASE-1)', () => {
    const e = replayErr(protocol('tabletop', TAB15, [{ night: 1, acts: shot(9, DARK) }]));
    expect(e.rule).toBe('R-PHASE-1');
  });

  it('lover_charm_saves_her_target_from_the_mafia (R-ROLE tabletop)', () => {
    const r = replayOk(tab([{ night: 2, acts: [charm(9), ...shot(9, DARK)] }]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
  });

  it('lover_charm_does_not_stop_the_maniac (R-ROLE tabletop)', () => {
    const r = replayOk(tab([{ night: 2, acts: [charm(9), maniacKill(9)] }]));
    expect(r.timeline[2].died).toEqual([9]);
  });

  it('lover_charms_only_on_even_nights (R-NIGHT-1)', () => {
    const e = replayErr(tab([{ night: 2 }, { day: 2 }, { night: 3, acts: [charm(9)] }]));
    expect(e.rule).toBe('R-ROLE');
    expect(e.message).toMatch(/night 3/);
  });

  it('lover_is_not_asked_on_odd_nights (R-NIGHT-1)', async () => {
    const { pendingDecisions } = await import('@mafia/engine');
    let g = run(tabGame(), { type: 'endNight' });
    const day1 = g;
    expect(day1.state.phase.kind).toBe('day');
    // Night 2 (even): the Lover has a decision; night 3 (odd): none.
    while (g.state.phase.kind === 'day') g = run(g, g.state.day!.stage === 'lastWords' ? { type: 'endLastWords' } : { type: 'endSpeech' });
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    expect(pendingDecisions(g.state).some((p) => p.seat === 6)).toBe(true);
    g = run(g, { type: 'endNight' });
    while (g.state.phase.kind === 'day') g = run(g, g.state.day!.stage === 'lastWords' ? { type: 'endLastWords' } : { type: 'endSpeech' });
    expect(g.state.phase).toEqual({ kind: 'night', n: 3 });
    expect(pendingDecisions(g.state).some((p) => p.seat === 6)).toBe(false);
  });
});

describe('tabletop mafia and Gangster (R-NIGHT-3, R-CHECK-1)', () => {
  it('gangster_shoots_with_the_mafia (R-NIGHT-3)', () => {
    const acts = [{ by: 2, act: 'kill', target: 9 }, { by: 7, act: 'kill', target: 9 }, { by: 5, act: 'kill', target: 10 }, { by: 8, act: 'kill', target: 11 }];
    expect(replayOk(tab([{ night: 2, acts }])).timeline[2].died).toEqual([9]);
  });

  it('open_choice_tie_without_a_don_is_a_miss (R-NIGHT-3, Decision)', () => {
    const acts = [{ by: 2, act: 'kill', target: 9 }, { by: 5, act: 'kill', target: 10 }];
    expect(replayOk(tab([{ night: 2, acts }])).timeline[2].died).toEqual([]);
  });

  it('gangster_is_black_to_the_commissar (R-CHECK-1)', () => {
    const r = replayOk(tab([{ night: 2, acts: [check(7)] }]));
    expect(r.timeline[2].results).toEqual([{ by: 3, act: 'check', target: 7, answer: 'yes' }]);
  });

  it('gangster_counts_as_mafia_for_parity (R-WIN-MAFIA)', () => {
    let g = tabGame(['civilian', 'mafia', 'gangster', 'civilian', 'civilian', 'civilian']);
    for (const seat of [1, 4]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBe('mafia');
    expect(g.state.winners).toEqual([2, 3]);
  });
});

describe('tabletop Commissar, Doctor and Maniac (R-ROLE, seed 000)', () => {
  it('commissar_check_on_tonights_victim_answers_dead (R-ROLE Commissar)', () => {
    const r = replayOk(tab([{ night: 2, acts: [...shot(10, DARK), check(10)] }]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [10], results: [{ by: 3, act: 'check', target: 10, answer: 'dead' }] });
  });

  it('doctor_saves_the_mafia_victim (R-ROLE)', () => {
    expect(replayOk(tab([{ night: 2, acts: [...shot(10, DARK), heal(10)] }])).timeline[2].died).toEqual([]);
  });

  it('doctor_cannot_save_the_maniac_victim (R-ROLE, seed 000)', () => {
    const r = replayOk(tab([{ night: 2, acts: [maniacKill(10), heal(10)] }]));
    expect(r.timeline[2].died).toEqual([10]);
    expect(r.scores['4']).toBe(0);
  });

  it('doctor_cannot_heal_the_same_player_twice_in_a_row (R-ROLE)', () => {
    const e = replayErr(tab([{ night: 2, acts: [heal(10)] }, { day: 2 }, { night: 3, acts: [heal(10)] }]));
    expect(e.message).toMatch(/two nights in a row/);
  });

  it('maniac_is_seen_as_town_by_the_commissar (R-CHECK-1, seed 000)', () => {
    const r = replayOk(tab([{ night: 2, acts: [check(13)] }]));
    expect(r.timeline[2].results).toEqual([{ by: 3, act: 'check', target: 13, answer: 'no' }]);
  });

  it('maniac_000_may_kill_the_same_player_again (R-ROLE, seed 000)', () => {
    const r = replayOk(tab([{ night: 2, acts: [maniacKill(10), heal(9)] }, { day: 2 }, { night: 3, acts: [maniacKill(11)] }]));
    expect(r.timeline[4].died).toEqual([11]);
  });

  it('maniac_wins_one_on_one_with_a_town_player (R-ROLE, seed 000; solo beats team)', () => {
    let g = tabGame();
    for (let seat = 1; seat <= 15; seat++) if (seat !== 13 && seat !== 9) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBe('maniac');
    expect(g.state.winners).toEqual([13]);
  });

  it('maniac_one_on_one_with_a_mafioso_is_a_mafia_win (R-WIN-MAFIA)', () => {
    let g = tabGame();
    for (let seat = 1; seat <= 15; seat++) if (seat !== 13 && seat !== 2 && seat !== 9) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    expect(g.state.winner).toBeNull();
    g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(9) } });
    expect(g.state.winner).toBe('mafia');
  });
});

describe('tabletop compositions (R-PRESET)', () => {
  const comp = (n: number) => presetOf('tabletop')!.composition(n)!;
  const count = (roles: readonly string[], id: string) => roles.filter((r) => r === id).length;

  it('tabletop_compositions_follow_rules_8 (R-PRESET)', () => {
    expect(comp(3)).toEqual(['mafia', 'civilian', 'civilian']);
    expect(comp(6)).toEqual(['mafia', 'mafia', 'doctor', 'civilian', 'civilian', 'civilian']);
    expect(count(comp(9), 'mafia')).toBe(3);
    expect(comp(9)).toContain('commissar');
    for (const n of [12, 14]) expect([...comp(n)].sort()).toEqual([...['mafia', 'mafia', 'mafia', 'gangster', 'doctor', 'commissar', 'lover'], ...new Array(n - 7).fill('civilian')].sort());
    for (const n of [15, 18]) expect(comp(n)).toContain('maniac');
    expect(presetOf('tabletop')!.composition(2)).toBeNull();
    expect(presetOf('tabletop')!.composition(19)).toBeNull();
  });
});

/**
 * Checks and comparisons: R-CHECK-1 (Commissar), R-CHECK-2 (Journalist, Sherlock, Bonnie & Clyde),
 * on the party preset (seed 000 JustMafia deck) and its modifications.
 * Table PARTY12: mafia 2, Don 5, Lover 9 (mafia, no ability); Commissar 3; Doctor 4; Maniac 6;
 * Journalist 7; Sleepwalker 8; shooting Sheriff 10; Werewolf 11; civilian 1, 12.
 */
import { describe, expect, it } from 'vitest';
import { createGame, project, projectEvent, type Game } from '@mafia/engine';
import { protocol, quietDay, replayErr, replayOk, run, S, type Step } from './helpers.js';

const PARTY12 = ['civilian', 'mafia', 'commissar', 'doctor', 'don', 'maniac', 'journalist', 'sleepwalker', 'lover', 'sheriff', 'werewolf', 'civilian'];
/** Two Maniacs (6 and 12). */
const PARTY_BC = ['civilian', 'mafia', 'commissar', 'doctor', 'don', 'maniac', 'journalist', 'civilian', 'civilian', 'civilian', 'werewolf', 'maniac'];
const MAFIA = [2, 5];
const shot = (target: number) => MAFIA.map((by) => ({ by, act: 'kill', target }));
const compare = (by: number, target: number, target2: number) => ({ by, act: 'compare', target, target2 });
const party = (acts: unknown[], extra: Record<string, unknown> = {}, seats = PARTY12, more: Step[] = []) =>
  protocol('party', seats, [{ night: 1 }, { day: 1 }, { night: 2, acts }, ...more], extra);
const answers = (acts: unknown[], extra: Record<string, unknown> = {}, seats = PARTY12) =>
  replayOk(party(acts, extra, seats)).timeline[2].results.map((r) => r.answer);

function partyGame(seats: readonly string[], extra: Record<string, unknown> = {}): Game {
  const t = createGame({ preset: 'party', roles: seats, ...extra });
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.game;
}

describe('Journalist (R-CHECK-2)', () => {
  it('journalist_two_town_players_are_the_same_team (R-CHECK-2)', () => {
    expect(answers([compare(7, 1, 3)])).toEqual(['same']);
  });

  it('journalist_a_mafioso_and_a_town_player_differ (R-CHECK-2)', () => {
    expect(answers([compare(7, 2, 3)])).toEqual(['different']);
  });

  it('journalist_two_mafia_members_are_the_same_team_lover_included (R-CHECK-2)', () => {
    expect(answers([compare(7, 2, 9)])).toEqual(['same']);
  });

  it('journalist_a_solo_player_differs_from_everybody (R-CHECK-2)', () => {
    expect(answers([compare(7, 6, 1)])).toEqual(['different']);
    expect(answers([compare(7, 6, 2)])).toEqual(['different']);
  });

  it('journalist_two_maniacs_differ_without_bonnie_and_clyde (R-CHECK-2)', () => {
    expect(answers([compare(7, 6, 12)], {}, PARTY_BC)).toEqual(['different']);
  });

  it('journalist_bonnie_and_clyde_are_one_team (R-CHECK-2, R-MOD)', () => {
    expect(answers([compare(7, 6, 12)], { modifications: ['bonnie-and-clyde'] }, PARTY_BC)).toEqual(['same']);
  });

  it('journalist_may_compare_himself_with_another (R-CHECK-2)', () => {
    expect(answers([compare(7, 7, 2)])).toEqual(['different']);
  });

  it('journalist_compares_two_different_players (R-CHECK-2)', () => {
    const e = replayErr(party([compare(7, 2, 2)]));
    expect(e.rule).toBe('R-CHECK-2');
  });

  it('journalist_compare_needs_a_second_target (R-CHECK-2)', () => {
    const e = replayErr(party([{ by: 7, act: 'compare', target: 2 }]));
    expect(e.message).toMatch(/second target/);
  });

  it('journalist_on_tonights_victim_answers_dead (R-ROLE, checkAnswersDead)', () => {
    expect(answers([...shot(1), compare(7, 1, 3)])).toEqual(['dead']);
  });

  it('journalist_sees_the_town_werewolf_as_town (R-CHECK-2)', () => {
    expect(answers([compare(7, 11, 1)])).toEqual(['same']);
  });

  it('the_journalists_answer_is_seen_by_him_only (R-CHECK-2, projection)', () => {
    let g = quietDay(run(partyGame(PARTY12), { type: 'endNight' }));
    g = run(g, { type: 'act', by: S(7), act: 'compare', target: S(1), target2: S(2) }, { type: 'endNight' });
    const ev = g.log.find((e) => e.type === 'NightResolved' && e.n === 2)!;
    const mine = projectEvent(ev, g.state, { kind: 'seat', seat: S(7) });
    const other = projectEvent(ev, g.state, { kind: 'seat', seat: S(1) });
    expect(mine && mine.type === 'NightResolved' ? mine.results : null).toEqual([{ by: 7, act: 'compare', target: 1, target2: 2, answer: 'different' }]);
    expect(other && other.type === 'NightResolved' ? other.results : null).toEqual([]);
  });
});

describe('Sherlock (R-CHECK-2, R-MOD sherlock)', () => {
  const sherlock = { modifications: ['sherlock'] };

  it('sherlock_compares_instead_of_checking (R-MOD)', () => {
    expect(answers([compare(3, 2, 5)], sherlock)).toEqual(['same']);
    const e = replayErr(party([{ by: 3, act: 'check', target: 2 }], sherlock));
    expect(e.rule).toBe('R-ROLE');
  });

  it('sherlock_a_maniac_matches_a_second_maniac (R-CHECK-2)', () => {
    expect(answers([compare(3, 6, 12)], sherlock, PARTY_BC)).toEqual(['same']);
    expect(answers([compare(3, 6, 1)], sherlock, PARTY_BC)).toEqual(['different']);
  });

  it('sherlock_counts_the_werewolf_as_town (R-CHECK-2)', () => {
    expect(answers([compare(3, 11, 1)], sherlock)).toEqual(['same']);
  });

  it('without_sherlock_the_commissar_cannot_compare (R-ROLE)', () => {
    const e = replayErr(party([compare(3, 1, 2)]));
    expect(e.rule).toBe('R-ROLE');
  });
});

describe('Commissar in party (R-CHECK-1, seed 000)', () => {
  it('party_maniac_is_seen_as_town (R-CHECK-1, seed 000)', () => {
    expect(answers([{ by: 3, act: 'check', target: 6 }])).toEqual(['no']);
  });

  it('party_lover_is_black (R-CHECK-1)', () => {
    expect(answers([{ by: 3, act: 'check', target: 9 }])).toEqual(['yes']);
  });
});

describe('Sleepwalker and Bonnie & Clyde: who knows whom (projection)', () => {
  it('sleepwalker_sees_the_mafia (R-ROLE Sleepwalker)', () => {
    const v = project(partyGame(PARTY12).state, { kind: 'seat', seat: S(8) });
    expect(v.seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([2, 5, 8, 9]);
    expect(v.seats[1].team).toBe('mafia');
  });

  it('the_mafia_do_not_see_the_sleepwalker (R-ROLE Sleepwalker, Decision)', () => {
    const v = project(partyGame(PARTY12).state, { kind: 'seat', seat: S(2) });
    expect(v.seats[7].role).toBeUndefined();
    expect(v.seats.filter((s) => s.role !== undefined).map((s) => s.seat)).toEqual([2, 5, 9]);
  });

  it('a_dead_sleepwalker_spectates (RULES §10)', () => {
    const g = run(partyGame(PARTY12), { type: 'override', action: { kind: 'eliminate', seat: S(8) } });
    const v = project(g.state, { kind: 'seat', seat: S(8) });
    expect(v.seats[1].role).toBeUndefined();
  });

  it('bonnie_and_clyde_meet_on_their_first_acting_night (R-MOD bonnie-and-clyde)', () => {
    let g = partyGame(PARTY_BC, { modifications: ['bonnie-and-clyde'] });
    // Night 1 is the introduction in party: they do not know each other on night 1 nor on day 1.
    expect(project(g.state, { kind: 'seat', seat: S(6) }).seats[11].role).toBeUndefined();
    g = run(g, { type: 'endNight' });
    expect(project(g.state, { kind: 'seat', seat: S(12) }).seats[5].role).toBeUndefined();
    g = quietDay(g);
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    expect(project(g.state, { kind: 'seat', seat: S(6) }).seats[11].role).toBe('maniac');
    expect(project(g.state, { kind: 'seat', seat: S(12) }).seats[5].role).toBe('maniac');
    expect(project(g.state, { kind: 'seat', seat: S(1) }).seats[11].role).toBeUndefined();
    const plain = partyGame(PARTY_BC);
    expect(project(plain.state, { kind: 'seat', seat: S(6) }).seats[11].role).toBeUndefined();
  });

  it('bonnie_and_clyde_win_together_as_the_majority (R-MOD bonnie-and-clyde, solo beats team)', () => {
    let g = partyGame(PARTY_BC, { modifications: ['bonnie-and-clyde'] });
    for (const seat of [1, 3, 4, 7, 8, 9, 10, 11]) g = run(g, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    // Maniacs 6 and 12 against mafia 2 and Don 5: no majority for the Maniacs; mafia parity (2 ≥ 2).
    expect(g.state.winner).toBe('mafia');
    let h = partyGame(PARTY_BC, { modifications: ['bonnie-and-clyde'] });
    for (const seat of [1, 3, 4, 5, 7, 8, 9, 10]) h = run(h, { type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    // Maniacs 6 and 12 against mafia 2 and werewolf 11: 2 of 4 is no majority.
    expect(h.state.winner).toBeNull();
    h = run(h, { type: 'override', action: { kind: 'eliminate', seat: S(11) } });
    // 2 Maniacs against 1 mafioso: the majority, and it beats the mafia's parity (1 ≥ 2 fails anyway).
    expect(h.state.winner).toBe('maniac');
    expect(h.state.winners).toEqual([6, 12]);
  });
});

describe('the Don in party (R-ROLE Don)', () => {
  it('don_check_finds_the_commissar_not_the_shooting_sheriff (R-ROLE, Decision)', () => {
    expect(answers([{ by: 5, act: 'check', target: 3 }])).toEqual(['yes']);
    expect(answers([{ by: 5, act: 'check', target: 10 }])).toEqual(['no']);
  });
});

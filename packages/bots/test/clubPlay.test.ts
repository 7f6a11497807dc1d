/**
 * Issue 27, the club deck (docs/bots.md "The club's endgame and its shields"): the Maniac looks red
 * to the Sheriff while any mafioso lives (R-CHECK-3), so once the mafia's cards are all shown the reds
 * of their time clear nobody and the Sheriff checks those players again; the Doctor and the Beauty
 * cover him every night between them, so he claims at once. Club table: the mafia are seats 2, 5
 * (Don) and 8.
 */
import type { GameView, RoleId, Said, Team } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createBot, viewOf } from '../src/index.js';
import { HiddenManiac } from '../src/hiddenManiac.js';
import { TableRecord } from '../src/record.js';
import { speechOf, talkEvidence } from '../src/talking.js';
import { S, view, type Spec } from './tableView.js';

/** The three mafia cards shown: the endgame, if the Maniac still plays. */
const MAFIA_SHOWN: Record<number, [RoleId, Team]> = { 2: ['mafia', 'mafia'], 5: ['don', 'mafia'], 8: ['mafia', 'mafia'] };
const club = (o: Spec): GameView => view({ preset: 'club', ...o });
const endgame = (o: Omit<Spec, 'dead' | 'shown'> & { readonly dead?: number[]; readonly shown?: Record<number, [RoleId, Team]> }): GameView =>
  club({ ...o, dead: [2, 5, 8, ...(o.dead ?? [])], shown: { ...MAFIA_SHOWN, ...o.shown } });
const red = (by: number, target: number, night: number, day = night): Said => ({ day, by: S(by), statement: { kind: 'checked', target: S(target), night, color: 'red' } });
const sheriffClaim = (by: number, day = 2): Said => ({ day, by: S(by), statement: { kind: 'claim', role: 'sheriff' } });

describe('the club endgame: the Maniac hidden among the reds', () => {
  it('a_red_of_the_mafias_time_is_stale_once_their_cards_are_all_shown_and_not_before', () => {
    const hidden = new HiddenManiac();
    hidden.look(club({ me: 7, dead: [2, 5], shown: { 2: ['mafia', 'mafia'], 5: ['don', 'mafia'] }, phase: { kind: 'day', n: 3 } }));
    expect(hidden.begun).toBe(false);
    expect(hidden.staleRed(club({ me: 7 }), 1)).toBe(false);
    // Seen by day 3: the last mafioso may have gone that day, so the first clean night is night 4.
    const day3 = endgame({ me: 7, phase: { kind: 'day', n: 3 } });
    hidden.look(day3);
    expect(hidden.begun).toBe(true);
    expect([1, 2, 3, 4].map((n) => hidden.staleRed(day3, n))).toEqual([true, true, true, false]);
    // The Maniac's card shown: nobody hides any more.
    expect(hidden.staleRed(endgame({ me: 7, dead: [9], shown: { 9: ['maniac', 'solo'] } }), 1)).toBe(false);
  });

  it('nobody_hides_in_a_deck_whose_checks_see_the_maniac_or_that_has_none', () => {
    const hidden = new HiddenManiac();
    hidden.look(view({ preset: 'sport', me: 7, dead: [2, 5, 8], shown: MAFIA_SHOWN, phase: { kind: 'day', n: 3 } }));
    expect(hidden.begun).toBe(false);
  });

  it('a_claimed_sheriffs_red_of_the_mafias_time_clears_nobody_in_the_endgame', () => {
    const v = endgame({ me: 7, phase: { kind: 'day', n: 4 }, said: [sheriffClaim(3), red(3, 6, 2), red(3, 9, 4)] });
    const before = new Float64Array(11);
    talkEvidence(v, S(7), before);
    const now = new Float64Array(11);
    talkEvidence(v, S(7), now, undefined, undefined, (night) => night < 4);
    expect(before[6]).toBeLessThan(0);
    expect(now[6]).toBe(0);
    // A red of the endgame's nights still clears.
    expect(now[9]).toBe(before[9]);
    expect(now[9]).toBeLessThan(0);
  });

  it('club_sheriff_checks_again_a_red_of_the_mafias_time_once_their_cards_are_all_shown', () => {
    const results: GameView['results'] = [
      { by: S(3), act: 'check', target: S(1), answer: 'no', night: 1 },
      { by: S(3), act: 'check', target: S(4), answer: 'no', night: 4 },
    ];
    const dead = [6, 7, 9, 10];
    for (let seed = 1; seed <= 12; seed++) {
      const bot = createBot('heuristic', S(3), seed);
      // It saw the endgame begin on day 3 (its turn to talk), so night 4's red is clean.
      bot.speak!(viewOf(endgame({ me: 3, role: 'sheriff', dead, phase: { kind: 'day', n: 3 }, results: results.slice(0, 1) })));
      const night5 = endgame({ me: 3, role: 'sheriff', dead, phase: { kind: 'night', n: 5 }, results });
      expect(bot.decide(viewOf(night5), { kind: 'act', seat: S(3), acts: ['check'] })).toEqual({ type: 'act', by: 3, act: 'check', target: 1 });
    }
  });

  it('club_sheriff_names_a_second_check_of_the_same_player', () => {
    const said = [sheriffClaim(3, 2), red(3, 4, 1, 2)];
    const results: GameView['results'] = [
      { by: S(3), act: 'check', target: S(4), answer: 'no', night: 1 },
      { by: S(3), act: 'check', target: S(4), answer: 'yes', night: 4 },
    ];
    const v = endgame({ me: 3, role: 'sheriff', phase: { kind: 'day', n: 4 }, said, results });
    expect(speechOf(v, S(3))).toEqual([{ kind: 'checked', target: 4, night: 4, color: 'black' }]);
  });

  it('club_sheriff_claims_at_once_with_only_a_red_where_the_doctor_and_beauty_can_cover_him_every_night', () => {
    const results: GameView['results'] = [{ by: S(3), act: 'check', target: S(6), answer: 'no', night: 1 }];
    const said = speechOf(club({ me: 3, role: 'sheriff', phase: { kind: 'day', n: 1 }, results }), S(3));
    expect(said).toEqual([{ kind: 'claim', role: 'sheriff' }, { kind: 'checked', target: 6, night: 1, color: 'red' }]);
    // Club 8 has a Doctor and no Beauty: he is bare every other night there, and keeps his card hidden.
    const eight = { ...club({ me: 3, role: 'sheriff', phase: { kind: 'day', n: 1 }, results }) };
    expect(speechOf({ ...eight, seats: eight.seats.slice(0, 8) }, S(3))).toEqual([]);
  });

  it('in_the_endgame_the_one_player_a_town_player_does_not_know_red_is_the_maniac_and_he_nominates_him', () => {
    // Alive: seat 7 (civilian, looking), the claimed Sheriff 3 and seat 9; the mafia's cards shown.
    const dead = [1, 4, 6, 10];
    const said = [sheriffClaim(3, 1)];
    const day5 = endgame({ me: 7, dead, phase: { kind: 'day', n: 5 }, said });
    const record = new TableRecord();
    record.observe(endgame({ me: 7, dead, phase: { kind: 'day', n: 4 }, said }));
    record.observe(day5);
    const score = record.suspicion(day5, S(7), (s) => (s === 7 ? 'town' : null));
    expect(score[9]).toBeGreaterThanOrEqual(100);
    expect(score[3]).toBeLessThan(0);
    expect(createBot('heuristic', S(7), 1).decide(viewOf(day5), { kind: 'nominate', seat: S(7) })).toEqual({ type: 'nominate', by: 7, target: 9 });
    // The review words it so, not as the table's votes («crowd»).
    const sideOf = (s: number) => (s === 7 ? 'town' : null);
    expect(record.reasonAgainst(day5, S(7), sideOf, S(9))).toEqual({ code: 'lastUnknown' });
    expect(record.reasonAgainst(day5, S(7), sideOf, S(3))).not.toEqual({ code: 'lastUnknown' });
  });

  it('the_maniac_himself_finds_no_last_unknown_every_other_player_is_red_to_him', () => {
    const dead = [1, 4, 6, 10];
    const said = [sheriffClaim(3, 1)];
    const day5 = endgame({ me: 9, role: 'maniac', team: 'solo', dead, phase: { kind: 'day', n: 5 }, said });
    const record = new TableRecord();
    record.observe(endgame({ me: 9, role: 'maniac', team: 'solo', dead, phase: { kind: 'day', n: 4 }, said }));
    record.observe(day5);
    const score = record.suspicion(day5, S(9), (s) => (s === 9 ? 'town' : null));
    expect(score[7]).toBeLessThan(100);
  });
});

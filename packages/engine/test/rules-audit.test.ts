/**
 * Rules audit (issue 3): behaviours where the engine disagreed with RULES.md / spec/protocol.md,
 * each pinned by a scenario named after the behaviour, citing the rule it rests on.
 */
import { describe, expect, it } from 'vitest';
import { protocol, replayErr, replayOk, shot } from './helpers.js';

const CLUB10 = ['don', 'mafia', 'mafia', 'sheriff', 'doctor', 'maniac', 'beauty', 'civilian', 'civilian', 'civilian'];
const PARTY10 = ['civilian', 'mafia', 'commissar', 'doctor', 'don', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian'];
const SPORT10 = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];

describe('useful actions count only a player who lives (RULES.md §9)', () => {
  it('beauty_nobody_home_is_no_save_when_her_host_dies_with_her (RULES §9, R-ROLE Beauty club)', () => {
    // The mafia shoot 8 while the Beauty (7) visits him ("nobody home"), but the Maniac kills the
    // Beauty, so her host dies with her: nobody was saved, neither by her nor by the Doctor's heal.
    const r = replayOk(protocol('club', CLUB10, [
      { night: 1, acts: [...shot(8, [1, 2, 3]), { by: 5, act: 'heal', target: 8 }, { by: 6, act: 'kill', target: 7 }, { by: 7, act: 'visit', target: 8 }] },
    ]));
    expect(r.timeline[0]).toEqual({ night: 1, died: [7, 8], results: [] });
    expect(r.scores[5]).toBe(0);
    expect(r.scores[7]).toBe(0);
  });

  it('doctor_heal_is_no_save_when_another_kill_he_cannot_stop_goes_through (RULES §9, R-ROLE Doctor 000)', () => {
    // Party (JustMafia) Doctor: his heal stops the mafia's shot but not the Maniac's on the same player.
    const r = replayOk(protocol('party', PARTY10, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [...shot(7, [2, 5]), { by: 6, act: 'kill', target: 7 }, { by: 4, act: 'heal', target: 7 }] },
    ]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [7], results: [] });
    expect(r.scores[4]).toBe(0);
  });

  it('cheater_copied_heal_is_no_useful_action (spec scores: a Doctor\'s heal or a Beauty\'s visit)', () => {
    const seats = ['don', 'mafia', 'commissar', 'doctor', 'psycho', 'cheater', 'kamikaze', 'maniac', 'civilian', 'civilian'];
    const r = replayOk(protocol('piter', seats, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [...shot(9, [1, 2]), { by: 6, act: 'copy', target: 4, target2: 9 }] },
    ]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [], results: [] });
    expect(r.scores[6]).toBe(0);
  });

  it('a_save_still_counts_once_per_protector (RULES §9)', () => {
    const r = replayOk(protocol('club', CLUB10, [
      { night: 1, acts: [...shot(8, [1, 2, 3]), { by: 5, act: 'heal', target: 9 }, { by: 6, act: 'kill', target: 9 }, { by: 7, act: 'visit', target: 8 }] },
    ]));
    expect(r.timeline[0]).toEqual({ night: 1, died: [], results: [] });
    expect([r.scores[5], r.scores[7]]).toEqual([1, 1]);
  });
});

describe('the Commissar\'s "dead" answer (R-ROLE Commissar, seed 000)', () => {
  it('commissar_check_answers_dead_only_for_the_mafia_victim (R-ROLE Commissar)', () => {
    // "If he checks a player killed that night by the mafia, the answer is dead": the Maniac's victim
    // gets the ordinary answer, the mafia's victim "dead".
    const r = replayOk(protocol('party', PARTY10, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [...shot(7, [2, 5]), { by: 6, act: 'kill', target: 8 }, { by: 3, act: 'check', target: 8 }] },
      { day: 2 },
      { night: 3, acts: [...shot(9, [2, 5]), { by: 3, act: 'check', target: 9 }] },
    ]));
    expect(r.timeline[2]).toEqual({ night: 2, died: [7, 8], results: [{ by: 3, act: 'check', target: 8, answer: 'no' }] });
    expect(r.timeline[4]).toEqual({ night: 3, died: [9], results: [{ by: 3, act: 'check', target: 9, answer: 'dead' }] });
  });
});

describe('protocol: the lift vote (R-VOTE-6)', () => {
  it('lift_vote_listing_more_voters_than_alive_players_is_an_error (R-VOTE-6)', () => {
    const e = replayErr(protocol('sport', SPORT10, [
      { night: 1 },
      { day: 1, nominations: [[1, 2], [3, 8]], votes: { 2: [1, 3, 4, 6, 7] }, revote: { 2: [1, 3, 4, 6, 7] }, liftAll: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10] },
    ]));
    expect(e).toMatchObject({ code: 'vote-closed', rule: 'R-VOTE-6', path: 'steps[1].liftAll[10]' });
  });
});

describe('the black-widow modification (R-MOD, RULES.md §6 Girl)', () => {
  it('girl_is_played_as_the_black_widow_under_the_modification (R-MOD black-widow)', () => {
    // "Girl … Becomes the Black Widow under that modifier": the Girl's card silences (mafia), no alibi.
    const seats = ['mafia', 'mafia', 'girl', 'doctor', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian'];
    const steps = [{ night: 1 }, { day: 1, votes: { 9: [1, 2, 3, 4, 5, 6, 7, 8] } }, { night: 2, acts: [...shot(8, [1, 2]), { by: 3, act: 'silence', target: 7 }] }];
    const r = replayOk(protocol('extended', seats, steps, { modifications: ['black-widow'] }));
    expect(r.timeline[2]).toEqual({ night: 2, died: [8], results: [] });
    expect(r.roles).toEqual({});
    const e = replayErr(protocol('extended', seats, [{ night: 1 }, { day: 1, votes: { 9: [1, 2, 3, 4, 5, 6, 7, 8] } }, { night: 2, acts: [{ by: 3, act: 'alibi', target: 7 }] }], { modifications: ['black-widow'] }));
    expect(e).toMatchObject({ code: 'no-such-ability', path: 'steps[2].acts[0]' });
  });
});

describe('"two nights in a row" across an emergency day (R-PHASE-4, R-ROLE Doctor / Beauty)', () => {
  const CLUB8 = ['don', 'mafia', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian'];
  const upToNight3 = [
    { night: 1, acts: [...shot(6, [1, 2]), { by: 4, act: 'heal', target: 3 }, { by: 5, act: 'kill', target: 7 }] },
    // 8 leaves: 2 mafia vs 3 others, so an emergency day 2 replaces night 2.
    { day: 1, nominations: [[1, 8], [3, 5]], votes: { 8: [1, 2, 3, 4] } },
    { day: 2 },
  ];
  it('doctor_cannot_heal_the_same_player_on_the_nights_around_an_emergency_day (R-PHASE-4, R-ROLE Doctor)', () => {
    const e = replayErr(protocol('club', CLUB8, [...upToNight3, { night: 3, acts: [{ by: 4, act: 'heal', target: 3 }] }], { options: { emergencyDay: true } }));
    expect(e).toMatchObject({ code: 'forbidden-target', rule: 'R-ROLE', path: 'steps[3].acts[0]' });
  });
  it('doctor_may_heal_again_the_player_of_two_nights_before (R-ROLE Doctor)', () => {
    // Nobody leaves: each ordinary day (3) is followed by an emergency day (4) again.
    const r = replayOk(protocol('club', CLUB8, [...upToNight3, { night: 3, acts: [{ by: 4, act: 'heal', target: 4 }] }, { day: 3 }, { day: 4 }, { night: 5, acts: [{ by: 4, act: 'heal', target: 3 }] }], { options: { emergencyDay: true } }));
    expect(r.timeline.map((t) => ('night' in t ? `n${t.night}` : `d${t.day}`))).toEqual(['n1', 'd1', 'd2', 'n3', 'd3', 'd4', 'n5']);
  });
});

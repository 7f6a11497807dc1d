/**
 * Issue 27, point 1: statements in a speech, as data. One scenario per behaviour: who may say what,
 * when, and who hears it (everyone: a statement is public, true or false).
 */
import { decide, decideInPlace, ownedCopy, project, projectEvent, transition, type Command, type Game, type Statement } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { newGame, night, refused, run, S, speaker } from './helpers.js';

/** Sport's table of the helpers (mafia 2, 5 Don, 8; Commissar 3), at the first speech of day 1. */
function firstSpeech(): Game {
  return night(newGame('sport'));
}
const say = (by: number, statement: Statement): Command => ({ type: 'statement', by: S(by), statement });
const asSeat = (seat: number) => ({ kind: 'seat' as const, seat: S(seat) });

describe('statements', () => {
  it('the_speaker_claims_the_commissar_and_every_viewer_sees_it', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const t = transition(g0, say(me, { kind: 'claim', role: 'commissar' }), asSeat(me));
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    const said = { day: 1, by: S(me), statement: { kind: 'claim', role: 'commissar' } };
    for (const viewer of [asSeat(2), asSeat(3), asSeat(7), { kind: 'spectator' as const }, { kind: 'host' as const }]) {
      expect(project(t.game.state, viewer).said).toEqual([said]);
      expect(projectEvent(t.events[0], t.game.state, viewer)).toEqual({ type: 'StatementMade', by: S(me), statement: { kind: 'claim', role: 'commissar' } });
    }
  });

  it('a_statement_changes_no_rule_the_speech_goes_on', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const g1 = run(g0, say(me, { kind: 'checked', target: S(me === 5 ? 6 : 5), night: 1, color: 'black' }));
    const { said: _a, seq: _b, ...after } = g1.state;
    const { said: _c, seq: _d, ...before } = g0.state;
    expect(after).toEqual(before);
    expect(speaker(g1.state)).toBe(me);
  });

  it('a_player_speaks_only_in_his_own_turn', () => {
    const g0 = firstSpeech();
    const other = speaker(g0.state) === 1 ? 2 : 1;
    expect(refused(g0, say(other, { kind: 'suspect', target: S(other === 1 ? 4 : 5) }), asSeat(other)).code).toBe('not-your-turn');
  });

  it('a_seat_cannot_speak_for_another_but_the_host_enters_the_speakers_words', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const other = me === 1 ? 2 : 1;
    expect(refused(g0, say(me, { kind: 'trust', target: S(other) }), asSeat(other)).code).toBe('not-your-seat');
    expect(run(g0, say(me, { kind: 'trust', target: S(other) })).state.said).toHaveLength(1);
  });

  it('at_night_nobody_makes_a_speechs_statement_only_the_mafia_their_plan', () => {
    const g = newGame('sport');
    expect(refused(g, say(1, { kind: 'claim', role: 'civilian' })).code).toBe('not-mafia');
    expect(refused(g, say(2, { kind: 'claim', role: 'civilian' })).message).toMatch(/at night the mafia's meeting says its plan/);
  });

  it('a_claim_names_a_card_of_this_games_deck', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const e = refused(g0, say(me, { kind: 'claim', role: 'doctor' }));
    expect(e.code).toBe('bad-statement');
    expect(e.message).toMatch(/no doctor card in this game/);
  });

  it('a_check_is_of_a_night_that_has_been_and_of_another_player', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const other = me === 1 ? 2 : 1;
    expect(refused(g0, say(me, { kind: 'checked', target: S(other), night: 2, color: 'red' })).message).toMatch(/a night that has been: 1 to 1/);
    expect(refused(g0, say(me, { kind: 'checked', target: S(me), night: 1, color: 'red' })).message).toMatch(/another player/);
    expect(refused(g0, say(me, { kind: 'checked', target: S(other), night: 1, color: 'green' as 'red' })).message).toMatch(/"red" \(the town\) or "black"/);
  });

  it('a_version_names_one_to_three_different_seats', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const others = [1, 2, 3, 4, 5].filter((s) => s !== me).map(S);
    expect(run(g0, say(me, { kind: 'version', seats: others.slice(0, 3) })).state.said[0].statement).toEqual({ kind: 'version', seats: others.slice(0, 3) });
    expect(refused(g0, say(me, { kind: 'version', seats: others.slice(0, 4) })).code).toBe('bad-statement');
    expect(refused(g0, say(me, { kind: 'version', seats: [others[0], others[0]] })).message).toMatch(/each seat once/);
  });

  it('an_unknown_kind_is_refused_naming_the_kinds', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const e = refused(g0, say(me, { kind: 'swear' } as unknown as Statement));
    expect(e.message).toMatch(/unknown statement kind "swear"; kinds: claim, checked, suspect, trust, willVote, version/);
  });

  it('a_day_allows_at_most_eight_statements_a_player', () => {
    let g = firstSpeech();
    const me = speaker(g.state)!;
    const other = me === 1 ? 2 : 1;
    for (let k = 0; k < 8; k++) g = run(g, say(me, { kind: 'suspect', target: S(other) }));
    expect(refused(g, say(me, { kind: 'suspect', target: S(other) })).code).toBe('too-many-statements');
  });

  it('the_in_place_decide_of_the_simulator_records_the_same_statement', () => {
    const g0 = firstSpeech();
    const me = speaker(g0.state)!;
    const c = say(me, { kind: 'willVote', target: S(me === 1 ? 2 : 1) });
    const pure = decide(g0.state, c);
    const inPlace = decideInPlace(ownedCopy(g0.state), c);
    expect(pure.ok && inPlace.ok).toBe(true);
    if (pure.ok && inPlace.ok) expect(inPlace.state.said).toEqual(pure.state.said);
  });
});

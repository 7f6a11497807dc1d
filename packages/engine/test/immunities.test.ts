/**
 * Immunities at the vote (R-VOTE-9..11), checked once the vote is decided: an alibi (Girl, Piter
 * Lawyer, classic Lover) or the Elder keeps the most voted player in the game and ends the day with
 * no execution and no further vote; a silenced player has no vote that day (the Lover's silence at
 * once, the Black Widow's only once the host marks that he spoke).
 * Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { pendingDecisions, projectEvent, type Game } from '@mafia/engine';
import { night, refused, run, S, shot, TABLE10 } from './helpers.js';
import { afterNight, dayGame, stepsErr, stepsOk } from './day-helpers.js';

vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const withRole = (seat: number, role: string) => TABLE10.map((r, i) => (i + 1 === seat ? role : r));
/** 8 and 2 nominated; 8 gets six votes and would leave. */
const eightLeaves = { nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9] } };
/** Day 1 of a game whose night 1 gave these alibis / silences. */
const day1 = (o: Parameters<typeof afterNight>[1], g: Game = dayGame()) => afterNight(night(g), o);

describe('alibi (R-VOTE-9)', () => {
  it('an_alibi_saves_the_most_voted_player_from_execution (R-VOTE-9)', () => {
    const r = stepsOk(day1({ alibi: [8] }), [{ day: 1, ...eightLeaves }, { night: 2 }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [], by: 'alibi', tally: { 8: 6, 2: 4 } });
    expect(r.alive).toHaveLength(10);
    // No further vote that day: night 2 follows.
    expect(r.timeline[1]).toMatchObject({ night: 2 });
  });

  it('the_girls_alibi_from_the_night_saves_her_protege_at_the_next_vote (R-VOTE-9)', () => {
    const g = dayGame({ roles: withRole(7, 'girl') });
    const r = stepsOk(g, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [{ by: 7, act: 'alibi', target: 8 }] },
      { day: 2, ...eightLeaves },
    ]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'alibi', tally: { 8: 6, 2: 4 } });
    expect(r.alive).toContain(8);
  });

  it('an_alibi_lasts_only_the_day_after_its_night (R-VOTE-9)', () => {
    const r = stepsOk(day1({ alibi: [8] }), [{ day: 1 }, { night: 2 }, { day: 2, nominations: [[1, 8]] }]);
    expect(r.timeline[2]).toEqual({ day: 2, left: [8], by: 'single', tally: null });
  });

  it('an_alibi_does_not_carry_over_to_an_emergency_day (R-VOTE-9, R-PHASE-4)', () => {
    const r = stepsOk(dayGame({ roles: withRole(7, 'girl') }), [
      { night: 1 },
      { day: 1, nominations: [[2, 1], [3, 10]], votes: { 1: [2, 3, 4, 5, 6, 8] } },
      { night: 2, acts: [...shot(3), { by: 7, act: 'alibi', target: 9 }] },
      // 4 leaves: 3 mafia against 4 red, so an emergency day 3 follows at once.
      { day: 2, nominations: [[6, 4]] },
      { day: 3, nominations: [[6, 9]] },
    ]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [4], by: 'single', tally: null });
    expect(r.timeline[4]).toEqual({ day: 3, left: [9], by: 'single', tally: null });
  });

  it('an_alibi_on_a_player_who_is_not_executed_changes_nothing (R-VOTE-9)', () => {
    const r = stepsOk(day1({ alibi: [2] }), [{ day: 1, ...eightLeaves }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 6, 2: 4 } });
  });

  it('an_alibi_saves_a_single_nominee_from_day_2 (R-VOTE-9, R-VOTE-4)', () => {
    const r = stepsOk(dayGame({ roles: withRole(7, 'girl') }), [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [{ by: 7, act: 'alibi', target: 8 }] },
      { day: 2, nominations: [[1, 8]] },
    ]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'alibi', tally: null });
    expect(r.alive).toContain(8);
  });

  it('an_alibi_saves_the_leader_of_the_piter_second_stage (R-VOTE-9, R-VOTE-7)', () => {
    const r = stepsOk(day1({ alibi: [8] }, dayGame({ voting: 'two-stage' })), [{ day: 1, votes: { 8: [1, 3] }, revote: { 8: [1, 3, 4] } }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [], by: 'alibi', tally: { 8: 3 } });
  });

  it('a_tie_is_revoted_as_usual_and_the_alibi_counts_only_when_a_player_is_to_leave (R-VOTE-9, R-VOTE-6)', () => {
    const r = stepsOk(day1({ alibi: [8] }), [{ day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] }, revote: { 8: [1, 3, 4, 6, 7, 9] } }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [], by: 'alibi', tally: { 8: 6, 2: 4 } });
  });

  it('the_lift_vote_takes_the_tied_players_except_the_one_with_an_alibi (R-VOTE-9, R-VOTE-6)', () => {
    const tie = { nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] }, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [1, 2, 3, 4, 5, 6] };
    const one = stepsOk(day1({ alibi: [8] }), [{ day: 1, ...tie }]);
    expect(one.timeline[0]).toEqual({ day: 1, left: [2], by: 'lift', tally: { 8: 5, 2: 5 } });
    const both = stepsOk(day1({ alibi: [8, 2] }), [{ day: 1, ...tie }]);
    expect(both.timeline[0]).toEqual({ day: 1, left: [], by: 'alibi', tally: { 8: 5, 2: 5 } });
  });
});

describe('what the table learns of an alibi (R-VOTE-9)', () => {
  it('the_alibi_of_the_night_is_news_to_no_seat_and_shows_only_when_it_saves (R-VOTE-9)', () => {
    let g = night(dayGame({ roles: withRole(7, 'girl') }));
    while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'act', by: S(7), act: 'alibi', target: S(8) }, { type: 'endNight' });
    const resolved = g.log.findLast((e) => e.type === 'NightResolved')!;
    expect(resolved).toMatchObject({ alibi: [8] });
    for (const seat of [1, 7, 8]) expect(projectEvent(resolved, g.state, { kind: 'seat', seat: S(seat) })).not.toHaveProperty('alibi');
    expect(projectEvent(resolved, g.state, { kind: 'host' })).toHaveProperty('alibi', [8]);
    expect(projectEvent(resolved, g.state, { kind: 'spectator' })).not.toHaveProperty('alibi');
  });
});

describe('the Elder (R-VOTE-10)', () => {
  const elderAt4 = () => dayGame({ roles: withRole(4, 'elder') });

  it('the_elder_is_never_executed_by_the_vote (R-VOTE-10)', () => {
    const r = stepsOk(elderAt4(), [{ night: 1 }, { day: 1, nominations: [[1, 4], [3, 2]], votes: { 4: [1, 2, 3, 5, 6, 7] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'elder', tally: { 4: 6, 2: 4 } });
    expect(r.alive).toContain(4);
  });

  it('the_elder_as_single_nominee_stays (R-VOTE-10, R-VOTE-4)', () => {
    const r = stepsOk(elderAt4(), [{ night: 1 }, { day: 1 }, { night: 2 }, { day: 2, nominations: [[1, 4]] }]);
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'elder', tally: null });
  });

  it('the_elder_is_not_executed_in_circular_or_two_stage_voting (R-VOTE-10, R-VOTE-7, R-VOTE-8)', () => {
    const circ = stepsOk(dayGame({ roles: withRole(4, 'elder'), voting: 'circular' }), [{ night: 1 }, { day: 1, votes: { 4: [1, 2, 3, 5, 6, 7] } }]);
    expect(circ.timeline[1]).toMatchObject({ day: 1, left: [], by: 'elder' });
    const piter = stepsOk(dayGame({ roles: withRole(4, 'elder'), voting: 'two-stage' }), [{ night: 1 }, { day: 1, votes: { 4: [1, 2] }, revote: { 4: [1, 2, 3] } }]);
    expect(piter.timeline[1]).toEqual({ day: 1, left: [], by: 'elder', tally: { 4: 3 } });
  });

  it('the_elder_is_named_before_an_alibi_he_also_holds (R-VOTE-10, R-VOTE-9)', () => {
    const g = afterNight(night(elderAt4()), { alibi: [4] });
    const r = stepsOk(g, [{ day: 1, nominations: [[1, 4], [3, 2]], votes: { 4: [1, 2, 3, 5, 6, 7] } }]);
    expect(r.timeline[0]).toMatchObject({ left: [], by: 'elder' });
  });
});

describe('silence (R-VOTE-11)', () => {
  /** Day 1 with the nominations made and the vote open. */
  const voting = (g: Game): Game => {
    let h = run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(2) });
    while (h.state.day?.stage === 'speeches' || h.state.day?.stage === 'defence') h = run(h, { type: 'endSpeech' });
    return h;
  };

  it('a_player_silenced_by_the_lover_has_no_vote_that_day (R-VOTE-11)', () => {
    const g = voting(day1({ silenced: [4] }));
    const e = refused(g, { type: 'vote', by: S(4), target: S(8) });
    expect(e.rule).toBe('R-VOTE-11');
    expect(e.code).toBe('no-vote');
    expect(pendingDecisions(g.state).map((p) => p.seat)).not.toContain(4);
  });

  it('a_silenced_players_vote_is_not_counted_even_as_a_leftover_vote (R-VOTE-11, R-VOTE-3)', () => {
    // 9 voters: five for 8, and the four silent ones (2, 5, 8, 10) go to the last nominee, 2; 4 counts nowhere.
    const r = stepsOk(day1({ silenced: [4] }), [{ day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 6, 7, 9] } }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 5, 2: 4 } });
    // The round counts by itself once every player with a vote has voted.
    let g = voting(day1({ silenced: [4] }));
    for (const by of [1, 2, 3, 5, 6, 7, 8, 9, 10]) g = run(g, { type: 'vote', by: S(by), target: by < 6 ? S(8) : S(2) });
    expect(g.state.day?.outcome).toBe('vote');
    expect(g.state.day?.left).toEqual([2]);
    expect(g.state.day?.tally).toEqual({ 8: 4, 2: 5 });
  });

  it('a_silenced_voter_counts_for_nobody_in_the_circle (R-VOTE-11, R-VOTE-8)', () => {
    const g = day1({ silenced: [10] }, dayGame({ voting: 'circular' }));
    // 10 is last in the circle and silenced: no vote of his goes anywhere; the others' silent votes go to him.
    const r = stepsOk(g, [{ day: 1, votes: { 8: [1, 2, 3, 4, 5] } }]);
    expect(r.timeline[0]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 5, 10: 4 } });
  });

  it('a_player_silenced_by_the_black_widow_keeps_his_vote_until_the_host_marks_that_he_spoke (R-VOTE-11)', () => {
    const roles = withRole(7, 'black-widow');
    const widow = (): Game => voting(day1({ silenced: [4], silencers: [[7, 4]] }, dayGame({ roles })));
    // Not marked: he votes.
    const voted = run(widow(), { type: 'vote', by: S(4), target: S(8) });
    expect(voted.state.day?.ballots[3]).toBe(8);
    // Marked by the host: he loses his vote (also the one he cast already this round).
    const marked = run(voted, { type: 'silenceBroken', seat: S(4) });
    expect(marked.state.day?.ballots[3]).toBe(0);
    const e = refused(marked, { type: 'vote', by: S(4), target: S(2) });
    expect(e.rule).toBe('R-VOTE-11');
    let g = marked;
    for (const by of [1, 2, 3, 5, 6, 7, 8, 9, 10]) g = run(g, { type: 'vote', by: S(by), target: by < 7 ? S(8) : S(2) });
    expect(g.state.day?.outcome).toBe('vote');
    expect(g.state.day?.left).toEqual([8]);
    expect(g.state.day?.tally).toEqual({ 8: 5, 2: 4 });
  });

  it('the_black_widows_real_night_act_silences_and_only_the_host_may_mark_it (R-VOTE-11, R-HOST-1)', () => {
    let g = dayGame({ roles: withRole(7, 'black-widow') });
    g = night(g);
    while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'act', by: S(7), act: 'silence', target: S(4) }, { type: 'endNight' });
    expect(g.state.silenced).toEqual([4]);
    expect(refused(g, { type: 'silenceBroken', seat: S(4) }, { kind: 'seat', seat: S(7) }).rule).toBe('R-HOST-1');
    const marked = run(g, { type: 'silenceBroken', seat: S(4) });
    expect(marked.log.at(-1)).toEqual({ type: 'SilenceBroken', seat: 4 });
    expect(refused(marked, { type: 'silenceBroken', seat: S(4) }).code).toBe('already-marked');
  });

  it('marking_a_player_the_lover_silenced_or_nobody_silenced_is_refused (R-VOTE-11)', () => {
    const g = day1({ silenced: [4] });
    const lover = refused(g, { type: 'silenceBroken', seat: S(4) });
    expect(lover.rule).toBe('R-VOTE-11');
    expect(lover.message).toMatch(/Lover/);
    expect(refused(g, { type: 'silenceBroken', seat: S(5) }).code).toBe('not-silenced');
  });

  it('a_silence_ends_with_its_day (R-VOTE-11)', () => {
    const r = stepsOk(day1({ silenced: [4] }), [{ day: 1 }, { night: 2 }, { day: 2, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9] } }]);
    expect(r.timeline[2]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 8: 6, 2: 4 } });
  });

  it('a_silenced_player_listed_as_a_voter_in_a_protocol_is_an_error (R-VOTE-11)', () => {
    const e = stepsErr(day1({ silenced: [4] }), [{ day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [1, 4] } }]);
    expect(e.rule).toBe('R-VOTE-11');
    expect(e.path).toBe('steps[0].votes.8[1]');
  });
});

/**
 * Circular voting (R-VOTE-8, seed 002): every alive player is a candidate; the host goes round the
 * circle from a chosen player, up or down; nobody votes against himself; a voter who voted for no one
 * counts against the last candidate of the circle; a tie goes to one second round among the tied;
 * still tied: nobody is executed. Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3.
 */
import { describe, expect, it, vi } from 'vitest';
import { pendingDecisions, type Game } from '@mafia/engine';
import { night, refused, replayErr, replayOk, run, S } from './helpers.js';
import { dayGame, playWithRandomBots, stepsErr, stepsOk } from './day-helpers.js';

vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const circ = () => dayGame({ voting: 'circular' });
const voteOpen = (): Game => {
  let g = night(circ());
  while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
  return g;
};

describe('circular voting (R-VOTE-8)', () => {
  it('every_alive_player_is_a_candidate_and_the_most_voted_is_executed (R-VOTE-8)', () => {
    const r = stepsOk(circ(), [
      { night: 1 },
      { day: 1, votes: { 8: [1, 3, 4, 6, 7, 9], 2: [5, 8], 3: [2], 1: [10] } },
    ]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 1: 1, 2: 2, 3: 1, 8: 6 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('the_vote_opens_on_every_alive_player_in_circle_order_from_seat_1_up_by_default (R-VOTE-8)', () => {
    const g = voteOpen();
    expect(g.state.day?.stage).toBe('vote');
    expect(g.state.day?.candidates).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a_voter_not_listed_counts_against_the_last_candidate_of_the_circle (R-VOTE-8)', () => {
    // Default circle: from seat 1 up, so seat 10 is last: the four silent voters count against him.
    const r = stepsOk(circ(), [{ night: 1 }, { day: 1, votes: { 8: [1, 3, 4], 2: [5, 8, 10] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [10], by: 'vote', tally: { 2: 3, 8: 3, 10: 4 } });
  });

  it('the_circle_start_and_direction_decide_who_is_last (R-VOTE-8)', () => {
    // From 5 going down: 5, 4, 3, 2, 1, 10, 9, 8, 7, 6: seat 6 is last and takes the silent votes
    // (2, 7, 9, 10); 6's own silent vote goes to the one before him, 7.
    const r = stepsOk(circ(), [{ night: 1 }, { day: 1, circle: { from: 5, dir: 'down' }, votes: { 8: [1, 3, 4], 2: [5, 8] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [6], by: 'vote', tally: { 2: 2, 8: 3, 6: 4, 7: 1 } });
    let g = voteOpen();
    g = run(g, { type: 'circle', from: S(5), dir: 'down' });
    expect(g.state.day?.candidates).toEqual([5, 4, 3, 2, 1, 10, 9, 8, 7, 6]);
  });

  it('the_last_candidate_who_votes_for_no_one_counts_against_the_one_before_him (R-VOTE-8)', () => {
    // Seats 8 and 10 (last in the circle) are silent: 8's vote goes to 10, 10's to 9.
    const r = stepsOk(circ(), [{ night: 1 }, { day: 1, votes: { 9: [3, 4, 5], 8: [1, 2, 6, 7, 9] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 5, 9: 4, 10: 1 } });
  });

  it('a_tie_goes_to_a_second_round_among_the_tied_after_their_speeches (R-VOTE-8)', () => {
    const tied = { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] };
    let g = voteOpen();
    for (const [target, voters] of Object.entries(tied)) for (const by of voters) g = run(g, { type: 'vote', by: S(by), target: S(Number(target)) });
    // The tied speak (60 s each, in circle order), then the second round among them.
    expect(g.state.day?.stage).toBe('defence');
    expect(g.state.day?.candidates).toEqual([2, 8]);
    // Round 2: 2 is silent and counts against the last tied of the circle, 8.
    const r = stepsOk(circ(), [{ night: 1 }, { day: 1, votes: tied, revote: { 8: [1, 3, 4, 6, 7, 9], 2: [5, 8, 10] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 2: 3, 8: 7 } });
    const missing = stepsErr(circ(), [{ night: 1 }, { day: 1, votes: tied }]);
    expect(missing.rule).toBe('R-VOTE-8');
    expect(missing.code).toBe('missing-revote');
  });

  it('a_second_tie_executes_nobody_and_there_is_no_third_round (R-VOTE-8)', () => {
    const first = { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] };
    const second = { 8: [1, 3, 4, 6, 2], 2: [5, 8, 9, 10, 7] };
    const r = stepsOk(circ(), [{ night: 1 }, { day: 1, votes: first, revote: second }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 2: 5, 8: 5 } });
    expect(r.alive).toHaveLength(10);
    const e = stepsErr(circ(), [{ night: 1 }, { day: 1, votes: first, revote: [second, second] }]);
    expect(e.rule).toBe('R-VOTE-8');
    expect(e.path).toBe('steps[1].revote[1]');
    const lift = stepsErr(circ(), [{ night: 1 }, { day: 1, votes: first, revote: second, liftAll: [1] }]);
    expect(lift.code).toBe('not-reached');
  });

  it('nobody_votes_against_himself (R-VOTE-8)', () => {
    const g = voteOpen();
    const e = refused(g, { type: 'vote', by: S(4), target: S(4) });
    expect(e.rule).toBe('R-VOTE-8');
    expect(e.code).toBe('self-vote');
    expect(pendingDecisions(g.state).find((p) => p.seat === 4)).toEqual({ kind: 'vote', seat: 4, candidates: [1, 2, 3, 5, 6, 7, 8, 9, 10] });
  });

  it('a_circular_day_has_no_nominations (R-VOTE-8)', () => {
    const e = stepsErr(circ(), [{ night: 1 }, { day: 1, nominations: [[1, 8]] }]);
    expect(e.rule).toBe('R-VOTE-8');
    expect(e.code).toBe('no-nominations');
    expect(e.path).toBe('steps[1].nominations[0]');
    const g = night(circ());
    expect(pendingDecisions(g.state)).toEqual([]);
  });

  it('the_circle_is_chosen_before_the_first_ballot (R-VOTE-8)', () => {
    const g = run(voteOpen(), { type: 'vote', by: S(1), target: S(8) });
    const e = refused(g, { type: 'circle', from: S(3), dir: 'up' });
    expect(e.rule).toBe('R-VOTE-8');
    expect(e.code).toBe('vote-started');
  });

  it('a_circle_in_a_game_that_does_not_vote_in_a_circle_is_an_error (R-VOTE-8)', () => {
    const e = stepsErr(dayGame(), [{ night: 1 }, { day: 1, circle: { from: 1, dir: 'up' } }]);
    expect(e.rule).toBe('R-VOTE-8');
    expect(e.path).toBe('steps[1].circle');
    const bad = stepsErr(circ(), [{ night: 1 }, { day: 1, circle: { from: 1, dir: 'left' } }]);
    expect(bad.path).toBe('steps[1].circle.dir');
    const unknown = stepsErr(circ(), [{ night: 1 }, { day: 1, circle: { from: 1, way: 'up' } }]);
    expect(unknown.code).toBe('unknown-field');
    expect(unknown.path).toBe('steps[1].circle.way');
  });

  it('a_dead_start_seat_starts_the_circle_at_the_next_alive_player_that_way (R-VOTE-8)', () => {
    // Seat 9 leaves on day 1; on day 2 the circle from 9 going up starts at 10.
    const r = stepsOk(circ(), [
      { night: 1 },
      { day: 1, votes: { 9: [1, 2, 3, 4, 5, 6, 7, 8, 10] } },
      { night: 2, acts: [{ by: 2, act: 'kill', target: 1 }, { by: 5, act: 'kill', target: 1 }, { by: 8, act: 'kill', target: 1 }] },
      { day: 2, circle: { from: 9, dir: 'up' }, votes: { 2: [3, 4, 5] } },
    ]);
    // Order 10, 2, 3, …, 8: seat 8 is last and takes the silent votes of 2, 6, 7 and 10; his own goes to 7.
    expect(r.timeline[3]).toEqual({ day: 2, left: [8], by: 'vote', tally: { 2: 3, 7: 1, 8: 4 } });
  });

  it('random_bots_play_circular_days_to_the_end_with_no_illegal_vote (R-VOTE-8)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      let g = circ();
      g = playWithRandomBots(g, seed);
      expect(g.state.phase.kind).toBe('ended');
      expect(['town', 'mafia', 'draw']).toContain(g.state.winner);
    }
  });
});

describe('circular voting through the extended preset (R-VOTE-8, R-MOD)', () => {
  // Extended table: mafia 1, 2, Lawyer 3 (block); Doctor 4, Commissar 5, Girl 7; soldiers 6, 8, 9, 10.
  const SEATS = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'civilian', 'girl', 'civilian', 'civilian', 'civilian'];
  const ext = (steps: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({ format: 'mafia-protocol/1', preset: 'extended', seats: SEATS, ...extra, steps });
  const tieTwice = { votes: { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] }, revote: { 8: [2, 1, 3, 4, 6], 2: [8, 5, 7, 9, 10] } };

  it('an_extended_protocol_replays_the_circle_with_its_start_and_direction (R-VOTE-8)', () => {
    // From 3 going down: 3, 2, 1, 10, 9, 8, 7, 6, 5, 4: seat 4 is last and takes the silent votes of 8, 9, 10.
    const r = replayOk(ext([{ night: 1 }, { day: 1, circle: { from: 3, dir: 'down' }, votes: { 1: [2, 3, 4, 5, 6, 7], 2: [1] } }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [1], by: 'vote', tally: { 1: 6, 2: 1, 4: 3 } });
    expect(r.alive).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('an_extended_protocol_with_two_ties_executes_nobody (R-VOTE-8)', () => {
    const r = replayOk(ext([{ night: 1 }, { day: 1, ...tieTwice }]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 2: 5, 8: 5 } });
  });

  it('an_extended_protocol_counts_the_name_in_blood (R-MOD, R-VOTE-8)', () => {
    const r = replayOk(ext([
      { night: 1 },
      { day: 1, ...tieTwice },
      { night: 2, acts: [{ by: 1, act: 'kill', target: 10 }, { by: 2, act: 'kill', target: 10 }] },
      { day: 2, blood: [[10, 4]], votes: { 4: [1, 2, 3, 5], 5: [4, 6, 7, 8] } },
    ], { modifications: ['name-in-blood'] }));
    expect(r.timeline[2]).toEqual({ night: 2, died: [10], results: [] });
    // 9 is last in the circle and silent: his vote goes to 8.
    expect(r.timeline[3]).toEqual({ day: 2, left: [4], by: 'vote', tally: { 4: 5, 5: 4, 8: 1 } });
    const without = replayErr(ext([{ night: 1 }, { day: 1, ...tieTwice }, { night: 2 }, { day: 2, blood: [[10, 4]] }]));
    expect(without.rule).toBe('R-MOD');
    expect(without.path).toBe('steps[3].blood');
  });

  it('an_extended_protocol_replays_the_girls_alibi (R-VOTE-9, R-VOTE-8)', () => {
    const r = replayOk(ext([
      { night: 1 },
      { day: 1, ...tieTwice },
      { night: 2, acts: [{ by: 7, act: 'alibi', target: 1 }] },
      { day: 2, votes: { 1: [2, 3, 4, 5, 6, 7, 8] } },
    ]));
    // 1 and 9 are silent and go to 10, the last of the circle; 10's own vote goes to 9.
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'alibi', tally: { 1: 7, 9: 1, 10: 2 } });
    expect(r.alive).toContain(1);
  });
});

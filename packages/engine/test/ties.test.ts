/**
 * Ties at the vote in the classic preset (R-VOTE-6): the re-vote among the tied, then the vote on
 * "everyone tied leaves" (the lift vote), which needs more than half of the alive players.
 * The sport additions (R-SPORT-4..6) are in sport.test.ts.
 * Table: mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { endSpeeches, newGame, night, protocol, refused, replayErr, replayOk, run, S, TABLE10, type Step } from './helpers.js';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const day1 = (day: Omit<Step, 'day'>) => protocol('classic', TABLE10, [{ night: 1 }, { day: 1, ...day }]);
/** 8 and 2 nominated; 8 gets five votes, 2 the other five (the last nominee takes the rest). */
const tied = { nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7] } };

describe('re-vote (R-VOTE-6)', () => {
  it('a_tie_goes_to_a_revote_among_the_tied_and_the_leader_leaves (R-VOTE-6)', () => {
    const r = replayOk(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7, 9] } }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 6, 2: 4 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('the_revote_is_among_the_tied_only (R-VOTE-6)', () => {
    const e = replayErr(day1({ nominations: [[1, 8], [3, 2], [4, 6]], votes: { 8: [1, 3, 4, 6, 7], 2: [2, 5, 8, 9, 10] }, revote: { 6: [1] } }));
    expect(e.rule).toBe('R-VOTE-3');
    expect(e.path).toBe('steps[1].revote.6[0]');
    expect(e.message).toMatch(/seat 6 is not a candidate/);
  });

  it('votes_not_cast_in_the_revote_go_to_the_last_tied_nominee (R-VOTE-6, R-VOTE-3)', () => {
    // 8, 2 and 6 nominated; 8 and 2 tie at 5 (6 gets none); in the re-vote 2 is the last tied nominee.
    const r = replayOk(day1({ nominations: [[1, 8], [3, 2], [4, 6]], votes: { 8: [1, 3, 4, 6, 7], 2: [2, 5, 8, 9, 10] }, revote: { 8: [1, 3, 4] } }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [2], by: 'vote', tally: { 8: 3, 2: 7 } });
  });

  it('a_tied_vote_needs_its_revote_in_the_protocol (R-VOTE-6)', () => {
    const e = replayErr(day1(tied));
    expect(e.rule).toBe('R-VOTE-6');
    expect(e.path).toBe('steps[1].revote');
    expect(e.message).toMatch(/tied/);
  });

  it('a_revote_without_a_tie_is_an_error (R-VOTE-6)', () => {
    // The first vote has a clear leader, so no re-vote was held. The refusal rests on R-VOTE-6
    // (re-votes happen only on ties), not on R-VOTE-4 (single or zero nominees).
    const e = replayErr(day1({ nominations: [[1, 8], [3, 2]], votes: { 8: [1, 3, 4, 6, 7, 9] }, revote: { 8: [1] } }));
    expect(e.path).toBe('steps[1].revote');
    expect(e.message).toMatch(/no re-vote was held/);
    expect(e.rule).toBe('R-VOTE-6');
  });

  it('a_tie_among_all_ten_goes_to_a_revote_in_classic (R-VOTE-6; the sport whole-table rule is off)', () => {
    const ring = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 1]];
    const votes = { 2: [1], 3: [2], 4: [3], 5: [4], 6: [5], 7: [6], 8: [7], 9: [8], 10: [9], 1: [10] };
    const e = replayErr(day1({ nominations: ring, votes }));
    expect(e.rule).toBe('R-VOTE-6');
    expect(e.message).toMatch(/re-vote/);
  });
});

describe('everyone tied leaves (R-VOTE-6, lift vote)', () => {
  it('a_second_tie_goes_to_the_lift_vote_and_a_majority_removes_all_tied (R-VOTE-6)', () => {
    const r = replayOk(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [1, 3, 4, 6, 7, 9] }));
    // tally: the count of the re-vote that led to the lift vote (the engine's reading; see the report).
    expect(r.timeline[1]).toEqual({ day: 1, left: [2, 8], by: 'lift', tally: { 8: 5, 2: 5 } });
    expect(r.alive).toEqual([1, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('an_equal_split_on_the_lift_vote_keeps_everyone (R-VOTE-6)', () => {
    const r = replayOk(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [1, 3, 4, 6, 7] }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 8: 5, 2: 5 } });
    expect(r.alive).toHaveLength(10);
  });

  it('nobody_for_the_lift_keeps_everyone (R-VOTE-6)', () => {
    const r = replayOk(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7] }, liftAll: [] }));
    expect(r.timeline[1]).toMatchObject({ left: [], by: 'none' });
  });

  it('the_lift_vote_counts_against_the_alive_players (R-VOTE-6)', () => {
    // Day 2 with 9 alive (seat 4 shot): 6, 7 and 9 tie at 3 twice; 5 of 9 is more than half.
    const r = replayOk(protocol('classic', TABLE10, [
      { night: 1 }, { day: 1 },
      { night: 2, acts: [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 4 }, { by: 8, act: 'kill', target: 4 }] },
      { day: 2, nominations: [[1, 6], [3, 7], [5, 9]], votes: { 6: [1, 2, 3], 7: [5, 6, 7] }, revote: [{ 6: [1, 2, 3], 7: [5, 6, 7] }], liftAll: [1, 2, 3, 5, 8] },
    ]));
    expect(r.timeline[3]).toEqual({ day: 2, left: [6, 7, 9], by: 'lift', tally: { 6: 3, 7: 3, 9: 3 } });
    // Three civilians leave: 3 mafia against 3 town is parity (R-WIN-MAFIA, checked at once: R-WIN-0).
    expect(r.winner).toBe('mafia');
    expect(r.winners).toEqual([2, 5, 8]);
  });

  it('a_repeated_tie_needs_the_lift_vote_in_the_protocol (R-VOTE-6)', () => {
    const e = replayErr(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7] } }));
    expect(e.rule).toBe('R-VOTE-6');
    expect(e.path).toBe('steps[1].liftAll');
    expect(e.message).toMatch(/all tied leave/);
  });

  it('a_lift_vote_that_was_not_reached_is_an_error (R-VOTE-6)', () => {
    // The re-vote had a leader, so there was no lift vote. The refusal rests on R-VOTE-6.
    const e = replayErr(day1({ ...tied, revote: { 8: [1, 3, 4, 6, 7, 9] }, liftAll: [1] }));
    expect(e.path).toBe('steps[1].liftAll');
    expect(e.message).toMatch(/no "all tied leave" vote was held/);
    expect(e.rule).toBe('R-VOTE-6');
  });

  it('a_revote_tie_among_fewer_players_goes_straight_to_the_lift_vote_in_classic (R-VOTE-6; R-SPORT-5 is sport only)', () => {
    const five = [[1, 8], [3, 2], [4, 6], [6, 7], [7, 9]];
    const votes = { 8: [1, 2], 2: [3, 4], 6: [5, 6], 7: [7, 8], 9: [9, 10] };
    const r = replayOk(day1({ nominations: five, votes, revote: { 8: [1, 2, 3, 4, 5], 2: [6, 7, 8, 9, 10] }, liftAll: [] }));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 8: 5, 2: 5, 6: 0, 7: 0, 9: 0 } });
  });

  it('each_player_votes_once_on_the_lift (R-VOTE-6)', () => {
    let g = night(newGame('classic'));
    g = endSpeeches(run(g, { type: 'nominate', by: S(1), target: S(8) }, { type: 'nominate', by: S(3), target: S(2) }));
    for (const round of [0, 1]) {
      for (const v of [1, 3, 4, 6, 7]) g = run(g, { type: 'vote', by: S(v), target: S(8) });
      g = endSpeeches(run(g, { type: 'closeVote' })); // the tie speeches (R-VOTE-6)
      expect(g.state.day?.round).toBe(round === 0 ? 1 : 1);
    }
    expect(g.state.day?.stage).toBe('lift');
    expect(g.state.day?.candidates).toEqual([8, 2]);
    g = run(g, { type: 'liftVote', by: S(1), leave: true });
    const e = refused(g, { type: 'liftVote', by: S(1), leave: false });
    expect(e.rule).toBe('R-VOTE-6');
    expect(e.message).toMatch(/seat 1 has already voted/);
    const other = refused(g, { type: 'liftVote', by: S(2), leave: true }, { kind: 'seat', seat: S(3) });
    expect(other.rule).toBe('R-HOST-1');
  });
});

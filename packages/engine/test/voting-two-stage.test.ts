/**
 * Piter two-stage voting (R-VOTE-7, seed 000 "Питерская мафия"): each player names one suspect
 * (abstaining allowed, never himself); players with 2 or more votes defend; then a second vote among
 * the defenders, held even for a single defender; no defender: nobody leaves.
 * Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it, vi } from 'vitest';
import { createGame, decide, decideInPlace, nextHostCommand, ownedCopy, pendingDecisions, project, seatAt, type Game } from '@mafia/engine';
import { RandomBot } from '@mafia/bots';
import { night, refused, replayErr, replayOk, run, S } from './helpers.js';
import { dayGame, stepsErr, stepsOk } from './day-helpers.js';

vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const piter = () => dayGame({ voting: 'two-stage' });
/** Day 1 of a two-stage game, the speeches over: the first stage is open. */
const firstStage = (): Game => {
  let g = night(piter());
  while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
  return g;
};

describe('two-stage voting (R-VOTE-7)', () => {
  it('suspects_with_two_or_more_votes_defend_and_the_second_stage_executes_the_leader (R-VOTE-7)', () => {
    const r = stepsOk(piter(), [
      { night: 1 },
      { day: 1, votes: { 8: [1, 3, 4], 2: [6, 7], 6: [9] }, revote: { 8: [1, 3, 4, 6, 7], 2: [9] } },
    ]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 2: 1, 8: 5 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('the_first_stage_opens_with_every_alive_player_as_a_suspect_and_only_players_with_two_votes_defend (R-VOTE-7)', () => {
    let g = firstStage();
    expect(g.state.day?.stage).toBe('vote');
    expect(g.state.day?.candidates).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    g = run(g, { type: 'vote', by: S(1), target: S(8) }, { type: 'vote', by: S(3), target: S(8) }, { type: 'vote', by: S(4), target: S(6) }, { type: 'closeVote' });
    // 8 has two votes and defends alone; 6 (one vote) does not; the others abstained.
    expect(g.state.day?.stage).toBe('defence');
    expect(g.state.day?.candidates).toEqual([8]);
    const counted = g.log.filter((e) => e.type === 'VoteCounted');
    expect(counted.at(-1)).toMatchObject({ round: 0, tally: { 8: 2, 6: 1 } });
  });

  it('nobody_with_two_votes_means_nobody_leaves_and_there_is_no_second_stage (R-VOTE-7)', () => {
    const day = { day: 1, votes: { 8: [1], 2: [6], 6: [9] } };
    const r = stepsOk(piter(), [{ night: 1 }, day]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 2: 1, 6: 1, 8: 1 } });
    expect(r.alive).toHaveLength(10);
    const e = stepsErr(piter(), [{ night: 1 }, { ...day, revote: { 8: [1] } }]);
    expect(e.rule).toBe('R-VOTE-7');
    expect(e.path).toBe('steps[1].revote');
    expect(e.message).toMatch(/no re-vote was held/);
  });

  it('a_single_defender_still_faces_the_second_stage (R-VOTE-7)', () => {
    const missing = stepsErr(piter(), [{ night: 1 }, { day: 1, votes: { 8: [1, 3] } }]);
    expect(missing.rule).toBe('R-VOTE-7');
    expect(missing.code).toBe('missing-revote');
    expect(missing.path).toBe('steps[1].revote');
    const r = stepsOk(piter(), [{ night: 1 }, { day: 1, votes: { 8: [1, 3] }, revote: { 8: [1, 3, 4] } }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 8: 3 } });
  });

  it('a_single_defender_with_no_vote_in_the_second_stage_stays (R-VOTE-7)', () => {
    const r = stepsOk(piter(), [{ night: 1 }, { day: 1, votes: { 8: [1, 3] }, revote: {} }]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 8: 0 } });
    expect(r.alive).toContain(8);
  });

  it('a_tie_in_the_second_stage_executes_nobody (R-VOTE-7)', () => {
    const r = stepsOk(piter(), [
      { night: 1 },
      { day: 1, votes: { 8: [1, 3], 2: [6, 7] }, revote: { 8: [1, 3, 4], 2: [6, 7, 9] } },
    ]);
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: { 2: 3, 8: 3 } });
    expect(r.alive).toHaveLength(10);
  });

  it('the_second_stage_is_among_the_defenders_only (R-VOTE-7)', () => {
    const e = stepsErr(piter(), [{ night: 1 }, { day: 1, votes: { 8: [1, 3] }, revote: { 6: [1] } }]);
    expect(e.code).toBe('not-a-candidate');
    expect(e.path).toBe('steps[1].revote.6[0]');
  });

  it('nobody_names_himself_as_a_suspect (R-VOTE-7)', () => {
    const g = firstStage();
    const e = refused(g, { type: 'vote', by: S(8), target: S(8) });
    expect(e.rule).toBe('R-VOTE-7');
    expect(e.code).toBe('self-vote');
    const p = stepsErr(piter(), [{ night: 1 }, { day: 1, votes: { 8: [8] } }]);
    expect(p.rule).toBe('R-VOTE-7');
    expect(p.path).toBe('steps[1].votes.8[0]');
  });

  it('nominations_are_refused_in_two_stage_voting (R-VOTE-7)', () => {
    const g = night(piter());
    const e = refused(g, { type: 'nominate', by: S(1), target: S(8) });
    expect(e.rule).toBe('R-VOTE-7');
    expect(e.code).toBe('no-nominations');
    expect(stepsErr(piter(), [{ night: 1 }, { day: 1, nominations: [[1, 8]] }]).rule).toBe('R-VOTE-7');
  });

  it('each_voter_is_offered_every_other_player_and_a_lone_defender_is_offered_nothing (R-VOTE-7)', () => {
    let g = firstStage();
    const p = pendingDecisions(g.state).find((x) => x.seat === 4);
    expect(p).toEqual({ kind: 'vote', seat: 4, candidates: [1, 2, 3, 5, 6, 7, 8, 9, 10] });
    g = run(g, { type: 'vote', by: S(1), target: S(8) }, { type: 'vote', by: S(3), target: S(8) }, { type: 'closeVote' });
    while (g.state.day?.stage === 'defence') g = run(g, { type: 'endSpeech' });
    const second = pendingDecisions(g.state);
    expect(second.map((x) => x.seat)).not.toContain(8);
    expect(second).toHaveLength(9);
    // The others all vote: the round counts without the lone defender's (impossible) vote.
    for (const x of second) g = run(g, { type: 'vote', by: x.seat, target: S(8) });
    expect(g.state.day?.outcome).toBe('vote');
    expect(g.state.alive[7]).toBe(false);
  });

  it('random_bots_play_two_stage_days_to_the_end_with_no_illegal_vote (R-VOTE-7)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      let g = piter();
      const bots = Array.from({ length: 10 }, (_, i) => new RandomBot(seatAt(i), seed * 100 + i));
      let steps = 0;
      while (g.state.phase.kind !== 'ended' && steps++ < 3000) {
        const pending = pendingDecisions(g.state);
        let moved = false;
        for (const p of pending) {
          const c = bots[p.seat - 1].decide(() => project(g.state, { kind: 'seat', seat: p.seat }), p);
          if (c === null) continue;
          g = run(g, c);
          moved = true;
          break;
        }
        if (!moved) g = run(g, nextHostCommand(g.state)!);
      }
      expect(g.state.phase.kind).toBe('ended');
      expect(['town', 'mafia', 'draw']).toContain(g.state.winner);
    }
  });
});

describe('two-stage voting through the piter preset (R-VOTE-7, R-VOTE-9, R-VOTE-10)', () => {
  // Piter table: mafia 2, 8, Don 5, Lawyer 10; Commissar 3, Elder 4, Rake 6; civilians 1, 7, 9.
  const SEATS = ['civilian', 'mafia', 'commissar', 'elder', 'don', 'rake', 'civilian', 'mafia', 'civilian', 'lawyer'];
  const piterProtocol = (steps: Record<string, unknown>[]) => ({ format: 'mafia-protocol/1', preset: 'piter', seats: SEATS, steps });

  it('a_piter_protocol_replays_both_stages_and_the_lawyers_alibi (R-VOTE-7, R-VOTE-9)', () => {
    const r = replayOk(piterProtocol([
      { night: 1 },
      { day: 1, votes: { 8: [1, 3, 4, 6], 2: [7, 9] }, revote: { 8: [1, 3, 4, 6, 7] } },
      { night: 2, acts: [{ by: 10, act: 'alibi', target: 2 }] },
      { day: 2, votes: { 2: [1, 3, 4] }, revote: { 2: [1, 3, 4, 6] } },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [8], by: 'vote', tally: { 2: 0, 8: 5 } });
    expect(r.timeline[3]).toEqual({ day: 2, left: [], by: 'alibi', tally: { 2: 4 } });
    expect(r.alive).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
  });

  it('a_piter_protocol_keeps_the_elder_and_lets_the_rake_take_him (R-VOTE-10, R-VOTE-7)', () => {
    const r = replayOk(piterProtocol([
      { night: 1 },
      { day: 1, votes: { 4: [1, 2, 3] }, revote: { 4: [1, 2, 3, 5] } },
      { night: 2 },
      { day: 2, votes: { 6: [1, 2] }, revote: { 6: [3, 4, 5] }, rakeTakes: 4 },
    ]));
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'elder', tally: { 4: 4 } });
    expect(r.timeline[3]).toEqual({ day: 2, left: [4, 6], by: 'vote', tally: { 6: 3 } });
    expect(r.alive).toEqual([1, 2, 3, 5, 7, 8, 9, 10]);
  });

  it('a_quiet_piter_day_has_an_empty_tally_and_the_result_lists_a_changed_role (R-VOTE-7, R-ROLE)', () => {
    // The Recruiter (seat 2; 3 mafia) recruits seat 1 on night 2: the result's roles name the new mafioso.
    const seats = ['civilian', 'recruiter', 'commissar', 'elder', 'don', 'rake', 'civilian', 'mafia', 'civilian', 'civilian'];
    const r = replayOk({ preset: 'piter', seats, steps: [{ night: 1 }, { day: 1 }, { night: 2, acts: [{ by: 2, act: 'recruit', target: 1 }] }, { day: 2 }] });
    expect(r.timeline[1]).toEqual({ day: 1, left: [], by: 'none', tally: {} });
    expect(r.roles).toEqual({ 1: 'mafia' });
  });

  it('a_piter_protocol_refuses_nominations_and_a_missing_second_stage (R-VOTE-7)', () => {
    const noms = replayErr(piterProtocol([{ night: 1 }, { day: 1, nominations: [[1, 8]] }]));
    expect(noms.rule).toBe('R-VOTE-7');
    expect(noms.path).toBe('steps[1].nominations[0]');
    const missing = replayErr(piterProtocol([{ night: 1 }, { day: 1, votes: { 8: [1, 3] } }]));
    expect(missing.rule).toBe('R-VOTE-7');
    expect(missing.path).toBe('steps[1].revote');
  });
});

describe('the in-place fast path (R-VOTE-7, R-VOTE-8)', () => {
  it('decide_in_place_matches_pure_decide_in_the_new_day_procedures_also_on_refusals (R-VOTE-7, R-VOTE-8, R-VOTE-11)', () => {
    const games: Game[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      const p = createGame({ preset: 'piter', players: 15, seed });
      const e = createGame({ preset: 'extended', players: 12, seed, modifications: ['name-in-blood'] });
      if (!p.ok || !e.ok) throw new Error('setup');
      games.push(p.game, e.game);
    }
    games.push(dayGame({ voting: 'circular', roles: ['civilian', 'mafia', 'commissar', 'elder', 'don', 'rake', 'civilian', 'mafia', 'civilian', 'civilian'] }));
    let refusals = 0;
    games.forEach((game, gi) => {
      let pure = game.state;
      let owned = ownedCopy(pure);
      const bots = Array.from({ length: pure.seats }, (_, i) => new RandomBot(seatAt(i), gi * 50 + i));
      for (let step = 0; step < 4000 && pure.phase.kind !== 'ended'; step++) {
        const pending = pendingDecisions(pure);
        let command = nextHostCommand(pure)!;
        for (const p of pending) {
          const c = bots[p.seat - 1].decide(() => project(pure, { kind: 'seat', seat: p.seat }), p);
          if (c !== null) {
            command = c;
            break;
          }
        }
        // Now and then an illegal day command: a vote against oneself, a vote by nobody, a bad circle.
        if (step % 7 === 3 && pure.day?.stage === 'vote') command = { type: 'vote', by: pending[0]?.seat ?? S(1), target: pending[0]?.seat ?? S(1) };
        if (step % 11 === 5) command = { type: 'circle', from: S(1), dir: 'sideways' as never };
        const snapshot = structuredClone(pure);
        const a = decide(pure, command);
        const b = decideInPlace(owned, command);
        expect(pure).toEqual(snapshot);
        expect(b.ok).toBe(a.ok);
        if (!a.ok || !b.ok) {
          refusals++;
          expect(owned).toEqual(pure);
          continue;
        }
        expect(b.events).toEqual(a.events);
        expect(b.state).toEqual(a.state);
        pure = a.state;
        owned = b.state;
      }
      expect(pure.phase.kind).toBe('ended');
    });
    expect(refusals).toBeGreaterThan(0);
  });
});

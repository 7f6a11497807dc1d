/**
 * Issue 11: several players leaving at once each get their own last word (R-PHASE-3), in seat order,
 * ended one by one: `day.lastWords` lists the seats still owed one, the current speaker first, and
 * `endLastWords` ends his only. Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3.
 */
import { describe, expect, it } from 'vitest';
import { buildSetup, foldLog, pendingDecisions, project, transition, type Command, type Game, type GameEvent } from '@mafia/engine';
import { endSpeeches, newGame, night, refused, run, S, TABLE10, withoutSeq } from './helpers.js';
import { dayGame } from './day-helpers.js';

const END: Command = { type: 'endLastWords' };
/** CLUB10 (club): mafia 2, Don 5, mafia 8; Sheriff 3; Doctor 4; Maniac 6; Beauty 7; civilians 1, 9, 10. */
const CLUB10 = ['civilian', 'mafia', 'sheriff', 'doctor', 'don', 'maniac', 'beauty', 'mafia', 'civilian', 'civilian'];
const vote = (by: number, target: number): Command => ({ type: 'vote', by: S(by), target: S(target) });
const kill = (by: number, target: number): Command => ({ type: 'act', by: S(by), act: 'kill', target: S(target) });

/** A club game (night 1 is active, R-PRESET club) with `extra` options, at night 1. */
function clubGame(extra: Record<string, unknown> = {}): Game {
  const base = buildSetup({ preset: 'club', roles: CLUB10 });
  const setup = { ...base, options: { ...base.options, ...extra } };
  const log: GameEvent[] = [{ type: 'GameCreated', setup }, { type: 'NightStarted', n: 1 }];
  return { log, state: foldLog(log), batches: [log.length] };
}

/** Club night 1: the mafia shoot 9, the Maniac kills 3: both leave. */
const twoVictims = (g = clubGame()) => run(g, kill(2, 9), kill(5, 9), kill(8, 9), kill(6, 3), { type: 'endNight' });

/** Classic day 1: 4 and 6 tied twice, then all tied leave by the lift vote (R-VOTE-6). */
function liftedTwo(): Game {
  let g = night(newGame('classic'));
  g = run(g, { type: 'nominate', by: S(1), target: S(4) }, { type: 'endSpeech' }, { type: 'nominate', by: S(2), target: S(6) });
  g = endSpeeches(g);
  for (let round = 0; round < 2; round++) {
    for (let by = 1; by <= 10; by++) g = run(g, vote(by, by <= 5 ? 4 : 6));
    g = endSpeeches(g);
  }
  for (let by = 1; by <= 10; by++) g = run(g, { type: 'liftVote', by: S(by), leave: true });
  return g;
}

describe('one last word each (R-PHASE-3, issue 11)', () => {
  it('each_player_leaving_by_the_lift_vote_gets_his_own_last_word (R-PHASE-3, R-VOTE-6)', () => {
    let g = liftedTwo();
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [4, 6] });
    expect(project(g.state, { kind: 'spectator' }).day?.lastWords).toEqual([4, 6]);
    const first = transition(g, END);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.events).toEqual([{ type: 'LastWordsEnded', seat: 4 }]);
    g = first.game;
    // Player 4's word ended; player 6's comes next: the day is still at the last words.
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [6] });
    const second = transition(g, END);
    if (!second.ok) throw new Error(second.error.message);
    expect(second.events[0]).toEqual({ type: 'LastWordsEnded', seat: 6 });
    expect(second.game.state.phase).toEqual({ kind: 'night', n: 2 });
  });

  it('each_night_victim_gets_his_own_last_word_in_seat_order (R-PHASE-3)', () => {
    let g = twoVictims();
    expect(g.state.day).toMatchObject({ n: 1, stage: 'lastWords', lastWords: [3, 9] });
    g = run(g, END);
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [9] });
    g = run(g, END);
    // After the last one the speeches start.
    expect(g.state.day).toMatchObject({ stage: 'speeches', lastWords: [] });
  });

  it('time_up_ends_only_the_current_last_word (R-HOST-2, R-PHASE-3)', () => {
    const g = twoVictims();
    const t = transition(g, { type: 'timeUp' });
    if (!t.ok) throw new Error(t.error.message);
    expect(t.events).toEqual([{ type: 'SeatsIdle', seats: [3], stage: 'lastWords' }, { type: 'LastWordsEnded', seat: 3 }]);
    expect(t.game.state.day?.lastWords).toEqual([9]);
  });

  it('the_best_move_is_made_during_the_victims_own_last_word (R-SPORT-3)', () => {
    let g = twoVictims(clubGame({ bestMove: true }));
    // Both were killed on the first night with a kill; player 3 speaks first, so only he is asked now.
    expect(pendingDecisions(g.state)).toEqual([{ kind: 'bestMove', seat: 3 }]);
    expect(refused(g, { type: 'bestMove', by: S(9), named: [S(2), S(5), S(8)] }).code).toBe('not-your-turn');
    g = run(g, END);
    expect(pendingDecisions(g.state)).toEqual([{ kind: 'bestMove', seat: 9 }]);
    g = run(g, { type: 'bestMove', by: S(9), named: [S(2), S(5), S(8)] });
    expect(g.state.bestMove).toEqual({ by: 9, named: [2, 5, 8] });
  });

  it('the_rakes_companion_speaks_after_the_rake (R-ROLE Rake, R-PHASE-3)', () => {
    let g = night(dayGame({ roles: TABLE10.map((r, i) => (i === 5 ? 'rake' : r)) }));
    g = run(g, { type: 'nominate', by: S(1), target: S(6) }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(2) });
    g = endSpeeches(g);
    for (const by of [1, 3, 4, 7, 9, 10]) g = run(g, vote(by, 6));
    g = run(g, { type: 'closeVote' }, { type: 'rakeTakes', by: S(6), target: S(4) });
    expect(g.state.day).toMatchObject({ stage: 'lastWords', lastWords: [6, 4] });
    g = run(g, END);
    expect(g.state.day?.lastWords).toEqual([4]);
  });

  it('undo_brings_back_the_last_word_just_ended (R-HOST-1, R-PHASE-3)', () => {
    const g = twoVictims();
    const undone = transition(run(g, END), { type: 'undo', count: 1 });
    if (!undone.ok) throw new Error(undone.error.message);
    expect(withoutSeq(undone.game.state)).toEqual(withoutSeq(g.state));
  });

  it('a_log_from_before_one_word_each_still_folds (R-PHASE-3)', () => {
    // Logs written before issue 11 end every last word with one seatless LastWordsEnded.
    const g = twoVictims();
    const state = foldLog([...g.log, { type: 'LastWordsEnded' }]);
    expect(state.day).toMatchObject({ stage: 'speeches', lastWords: [] });
  });
});

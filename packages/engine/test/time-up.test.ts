/**
 * R-HOST-2: when the app is the host every step ends on its timer. `timeUp` ends the current step
 * whatever it still waits for; the log names the idle seats (`SeatsIdle`), the host's only at night.
 * Table (TABLE10): mafia 2, Don 5, mafia 8; Commissar 3; civilians 1, 4, 6, 7, 9, 10.
 */
import { describe, expect, it } from 'vitest';
import { projectEvent, timeUpCommand, transition, type Command, type Game, type GameEvent, type Viewer } from '@mafia/engine';
import { endSpeeches, newGame, night, refused, run, S, TABLE10, withoutSeq } from './helpers.js';
import { dayGame } from './day-helpers.js';

const TIME_UP: Command = { type: 'timeUp' };
/** EXT10 (extended): mafia 2, 5, Lawyer 8; Commissar 3; Doctor 4; Cop 6; Girl 7; Maniac 9; civilians 1, 10. */
const EXT10 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'cop', 'girl', 'lawyer', 'maniac', 'civilian'];

/** Extended with the sequential vote, so that an idle day 1 sends nobody out. */
const extended = (): Game => newGame('extended', EXT10, { voting: 'sequential' });

/** The events `commands` add to the log. */
function eventsOf(g: Game, ...commands: Command[]): { game: Game; events: GameEvent[] } {
  const after = run(g, ...commands);
  return { game: after, events: after.log.slice(g.log.length) };
}

/** Time runs out on every step until night `n` starts. */
function timeUpUntilNight(g: Game, n: number): Game {
  let steps = 0;
  while (!(g.state.phase.kind === 'night' && g.state.phase.n === n)) {
    if (steps++ > 200) throw new Error(`night ${n} never came`);
    g = run(g, TIME_UP);
  }
  return g;
}

const vote = (by: number, target: number): Command => ({ type: 'vote', by: S(by), target: S(target) });

/** Classic day 1 at its vote: 1 nominated 4, 2 nominated 6. */
function classicVote(): Game {
  let g = night(newGame('classic'));
  g = run(g, { type: 'nominate', by: S(1), target: S(4) }, { type: 'endSpeech' }, { type: 'nominate', by: S(2), target: S(6) });
  return endSpeeches(g);
}

describe('time up (R-HOST-2)', () => {
  it('idle_cop_shoots_nobody_when_time_is_up (R-HOST-2, R-ROLE Cop)', () => {
    let g = timeUpUntilNight(extended(), 2);
    g = run(g, { type: 'act', by: S(2), act: 'kill', target: S(1) }, { type: 'act', by: S(5), act: 'kill', target: S(1) });
    // The host's ordinary end of the night waits for the Cop's required shot; the timer does not.
    expect(refused(g, { type: 'endNight' }).code).toBe('act-required');
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [3, 4, 6, 7, 8, 9], stage: 'night' });
    // The mafia's shot, made in time, stands; the Cop's, not made, is not made.
    const resolved = events.find((e) => e.type === 'NightResolved');
    expect(resolved).toMatchObject({ type: 'NightResolved', n: 2, died: [1] });
  });

  it('a_blocked_cop_is_not_idle_when_time_is_up (R-HOST-2, R-ROLE Lawyer)', () => {
    let g = timeUpUntilNight(extended(), 2);
    g = run(g, { type: 'act', by: S(8), act: 'block', target: S(6) });
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [2, 3, 4, 5, 7, 9], stage: 'night' });
  });

  it('time_up_on_the_introduction_night_names_nobody (R-PHASE-1)', () => {
    const { game: g, events } = eventsOf(newGame('classic'), TIME_UP);
    expect(events.some((e) => e.type === 'SeatsIdle')).toBe(false);
    expect(g.state.phase).toEqual({ kind: 'day', n: 1 });
  });

  it('time_up_ends_the_speech_and_marks_the_speaker_idle (R-PHASE-2)', () => {
    const { game: g, events } = eventsOf(night(newGame('classic')), TIME_UP);
    expect(events).toEqual([{ type: 'SeatsIdle', seats: [1], stage: 'speeches' }, { type: 'SpeechEnded', seat: 1, skipped: false }]);
    expect(g.state.day?.speakers[g.state.day.speakerIndex]).toBe(2);
  });

  it('time_up_ends_a_defence_speech (R-VOTE-2)', () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'nominate', by: S(1), target: S(4) }, { type: 'endSpeech' }, { type: 'nominate', by: S(2), target: S(6) });
    while (g.state.day?.stage === 'speeches') g = run(g, { type: 'endSpeech' });
    expect(g.state.day?.stage).toBe('defence');
    const { events } = eventsOf(g, TIME_UP);
    expect(events).toEqual([{ type: 'SeatsIdle', seats: [4], stage: 'defence' }, { type: 'SpeechEnded', seat: 4, skipped: false }]);
  });

  it('missing_votes_count_against_last_nominee_when_time_is_up (R-VOTE-3)', () => {
    const g = run(classicVote(), vote(1, 4));
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [2, 3, 4, 5, 6, 7, 8, 9, 10], stage: 'vote' });
    expect(events[1]).toMatchObject({ type: 'VoteCounted', round: 0, tally: { 4: 1, 6: 9 } });
    expect(events.find((e) => e.type === 'DayResolved')).toMatchObject({ eliminated: [6], by: 'vote' });
  });

  it('missing_lift_votes_count_as_stay_when_time_is_up (R-VOTE-6)', () => {
    let g = classicVote();
    // 5 against 4, 5 against 6, twice: the lift vote.
    for (let round = 0; round < 2; round++) {
      for (let by = 1; by <= 10; by++) g = run(g, vote(by, by <= 5 ? 4 : 6));
      g = endSpeeches(g);
    }
    expect(g.state.day?.stage).toBe('lift');
    for (const by of [1, 2, 3, 4]) g = run(g, { type: 'liftVote', by: S(by), leave: true });
    for (const by of [5, 6]) g = run(g, { type: 'liftVote', by: S(by), leave: false });
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [7, 8, 9, 10], stage: 'lift' });
    // 4 of the 10 alive for: the 4 missing count as "stay", so the tied stay (4 of 6 cast would be a majority).
    expect(events[1]).toEqual({ type: 'LiftVoteCounted', for: 4, against: 6, leave: false });
    expect(events.find((e) => e.type === 'DayResolved')).toMatchObject({ eliminated: [], by: 'none' });
  });

  it('missing_two_stage_votes_are_not_counted_when_time_is_up (R-VOTE-7)', () => {
    let g = night(dayGame({ voting: 'two-stage' }));
    while (g.state.day?.stage === 'speeches') g = run(g, TIME_UP);
    g = run(g, vote(1, 4), vote(2, 4), vote(3, 5));
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [4, 5, 6, 7, 8, 9, 10], stage: 'vote' });
    expect(events[1]).toMatchObject({ type: 'VoteCounted', round: 0 });
    const tally = (events[1] as Extract<GameEvent, { type: 'VoteCounted' }>).tally;
    expect(tally['4']).toBe(2);
    expect(tally['5']).toBe(1);
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('missing_circular_votes_count_against_the_last_of_the_circle_when_time_is_up (R-VOTE-8)', () => {
    let g = night(dayGame({ voting: 'circular' }));
    while (g.state.day?.stage === 'speeches') g = run(g, TIME_UP);
    g = run(g, vote(1, 2));
    const { events } = eventsOf(g, TIME_UP);
    expect(events[0]).toEqual({ type: 'SeatsIdle', seats: [2, 3, 4, 5, 6, 7, 8, 9, 10], stage: 'vote' });
    // The circle runs 1..10: 8 missing votes go to 10, and 10's own to the last other, 9.
    expect(events[1]).toMatchObject({ type: 'VoteCounted', round: 0, tally: { 2: 1, 9: 1, 10: 8 } });
    expect(events.find((e) => e.type === 'DayResolved')).toMatchObject({ eliminated: [10], by: 'vote' });
  });

  it('time_up_lets_the_rake_take_his_first_voter (R-ROLE Rake)', () => {
    let g = night(dayGame({ roles: TABLE10.map((r, i) => (i === 5 ? 'rake' : r)) }));
    g = run(g, { type: 'nominate', by: S(1), target: S(6) }, { type: 'endSpeech' }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(2) });
    g = endSpeeches(g);
    for (const by of [1, 3, 4, 7, 9, 10]) g = run(g, vote(by, 6));
    g = run(g, { type: 'closeVote' });
    expect(g.state.day?.stage).toBe('rake');
    const { events } = eventsOf(g, TIME_UP);
    expect(events.slice(0, 2)).toEqual([{ type: 'SeatsIdle', seats: [6], stage: 'rake' }, { type: 'RakeTook', by: 6, target: 1 }]);
  });

  it('time_up_at_night_is_host_only_news (R-HOST-2, R-NIGHT-4)', () => {
    let g = timeUpUntilNight(extended(), 2);
    const { game: after, events } = eventsOf(g, TIME_UP);
    const idle = events[0];
    expect(idle.type).toBe('SeatsIdle');
    const others: Viewer[] = [{ kind: 'spectator' }, ...EXT10.map((_, i): Viewer => ({ kind: 'seat', seat: S(i + 1) }))];
    for (const viewer of others) expect(projectEvent(idle, after.state, viewer)).toBeNull();
    expect(projectEvent(idle, after.state, { kind: 'host' })).toEqual(idle);
    // A day's idle seats are public, as the day is.
    g = eventsOf(after, TIME_UP).game;
    const day = eventsOf(g, TIME_UP).events[0];
    expect(day).toMatchObject({ type: 'SeatsIdle', stage: 'speeches' });
    expect(projectEvent(day, g.state, { kind: 'spectator' })).toEqual(day);
    expect(projectEvent(day, g.state, { kind: 'seat', seat: S(3) })).toEqual(day);
  });

  it('time_up_is_the_hosts_only (R-HOST-1)', () => {
    expect(refused(newGame('classic'), TIME_UP, { kind: 'seat', seat: S(1) }).code).toBe('host-only');
  });

  it('time_up_can_be_undone (R-HOST-1)', () => {
    const g = run(classicVote(), vote(1, 4));
    const after = run(g, TIME_UP);
    expect(after.state.day?.outcome).toBe('vote');
    const undone = transition(after, { type: 'undo', count: 1 });
    if (!undone.ok) throw new Error(undone.error.message);
    expect(withoutSeq(undone.game.state)).toEqual(withoutSeq(g.state));
  });

  it('time_up_command_is_offered_until_the_game_is_over (R-HOST-2)', () => {
    const g = newGame('classic');
    expect(timeUpCommand(g.state)).toEqual({ type: 'timeUp' });
    const over = run(g, { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(timeUpCommand(over.state)).toBeNull();
    expect(refused(over, TIME_UP).code).toBe('game-over');
  });
});

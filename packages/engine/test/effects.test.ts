/**
 * Effects as data (issue 25 item 2): `transition` returns, with its events, what the game wants
 * done — the timed step, who hears each event, the end, whose own turn runs — so the server
 * executes them and works none of them out again.
 */
import { describe, expect, it } from 'vitest';
import { HOST, mayEndOwnTurn, ownTurnOf, project, transition, type Actor, type Command, type Game, type DayState, type GameState } from '@mafia/engine';
import { endSpeeches, newGame, night, quietDay, run, S, speaker } from './helpers.js';

/** One accepted command and its effects. */
function step(g: Game, c: Command, actor: Actor = HOST) {
  const t = transition(g, c, actor);
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t;
}

const seatView = (g: Game, seat: number) => project(g.state, { kind: 'seat', seat: S(seat) });

describe('the timer effect', () => {
  it('night_kill_timer_follows_act', () => {
    // Night 2 (night 1 is the introduction): a mafia kill is recorded, the night's timer runs on.
    const g = quietDay(night(newGame('classic')));
    expect(g.state.phase).toEqual({ kind: 'night', n: 2 });
    const check = step(g, { type: 'act', by: S(3), act: 'check', target: S(2) });
    const t = step(check.game, { type: 'act', by: S(2), act: 'kill', target: S(4) });
    // The same step under the same key: the server keeps its running timer (classic wakes three steps).
    expect(t.effects.timer).toEqual({ key: 'night/2', kind: 'night', nightSteps: 3 });
    expect(check.effects.timer).toEqual(t.effects.timer);
    // The end of the night is a new step: the first speech of day 2.
    const day = step(t.game, { type: 'endNight' });
    expect(day.effects.timer).toMatchObject({ kind: 'speech' });
    expect(day.effects.timer!.key).not.toBe(t.effects.timer!.key);
  });

  it('each_speech_is_a_new_step_and_the_game_over_has_no_timer', () => {
    const g = night(newGame('classic'));
    const first = step(g, { type: 'nominate', by: S(speaker(g.state)!), target: S(5) });
    expect(first.effects.timer).toMatchObject({ kind: 'speech' });
    const second = step(first.game, { type: 'endSpeech' });
    expect(second.effects.timer!.key).not.toBe(first.effects.timer!.key);
    const over = step(second.game, { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(over.effects.timer).toBeNull();
    expect(over.effects.ended).toBe(true);
    expect(second.effects.ended).toBe(false);
  });
});

describe('the audience effect', () => {
  it('vote_event_is_heard_by_everyone', () => {
    let g = night(newGame('classic'));
    g = run(g, { type: 'nominate', by: S(speaker(g.state)!), target: S(5) }, { type: 'endSpeech' });
    g = run(g, { type: 'nominate', by: S(speaker(g.state)!), target: S(7) });
    g = endSpeeches(g);
    expect(g.state.day?.stage).toBe('vote');
    const voter = S(1); // night 1 kills nobody: every seat votes
    const t = step(g, { type: 'vote', by: voter, target: S(5) }, { kind: 'seat', seat: voter });
    expect(t.events.map((e) => e.type)).toContain('VoteCast');
    expect(t.effects.audience).toEqual(t.events.map(() => 'everyone'));
  });

  it('night_act_is_heard_by_its_author_alone', () => {
    const g = quietDay(night(newGame('classic')));
    const t = step(g, { type: 'act', by: S(2), act: 'kill', target: S(4) }, { kind: 'seat', seat: S(2) });
    expect(t.events.map((e) => e.type)).toEqual(['ActRecorded']);
    expect(t.effects.audience).toEqual([[2]]);
  });
});

describe('the own-turn effect', () => {
  it('speaker_may_end_own_speech_when_app_hosts', () => {
    const t = step(newGame('classic'), { type: 'endNight' });
    const first = speaker(t.game.state)!;
    expect(t.effects.ownTurn).toEqual({ seat: first, ends: 'endSpeech' });
    expect(mayEndOwnTurn(t.effects.ownTurn, S(first), 'endSpeech', true)).toBe(true);
    expect(mayEndOwnTurn(t.effects.ownTurn, S(first), 'endSpeech', false)).toBe(false);
    const other = first === 1 ? 2 : 1;
    expect(mayEndOwnTurn(t.effects.ownTurn, S(other), 'endSpeech', true)).toBe(false);
    // The projection carries the same capability to the speaker's phone, and to nobody else's.
    expect(seatView(t.game, first).ownTurn).toBe('endSpeech');
    expect(seatView(t.game, other).ownTurn).toBeUndefined();
    expect(project(t.game.state, { kind: 'spectator' }).ownTurn).toBeUndefined();
    expect(project(t.game.state, HOST_VIEWER).ownTurn).toBeUndefined();
  });

  it('nobody_ends_his_own_turn_at_night', () => {
    const g = newGame('classic');
    expect(ownTurnOf(g.state)).toBeNull();
    for (let seat = 1; seat <= 10; seat++) expect(seatView(g, seat).ownTurn).toBeUndefined();
  });
});

const HOST_VIEWER = { kind: 'host' } as const;
/** Day 2 of the ten-seat table at the stage the turn rules read; every other day field as a fresh day has it. */
const dayTwo = (day: Pick<DayState, 'stage' | 'lastWords' | 'speakers' | 'speakerIndex'>): GameState => ({
  ...newGame('classic').state,
  phase: { kind: 'day', n: 2 },
  day: {
    n: 2, emergency: false, silenced: [], nominations: [], round: 0, candidates: [], ballots: [], lift: [], tally: null, left: [],
    voteCancelled: false, outcome: null, circle: null, victims: [], blood: [], dyingNote: null, spoke: [], rakeChoice: null, shortSpeech: null,
    ...day,
  },
});
const lastWords = (seats: number[]) => dayTwo({ stage: 'lastWords', lastWords: seats.map(S), speakers: [], speakerIndex: 0 });
const speech = (speakers: number[], index: number) => dayTwo({ stage: 'speeches', lastWords: [], speakers: speakers.map(S), speakerIndex: index });
const mayEnd = (appHosts: boolean, s: GameState, seat: number, command: string) => mayEndOwnTurn(ownTurnOf(s), S(seat), command, appHosts);

// Moved from apps/server/test/selfService.test.ts: the rule now lives in the engine (game/effects.ts).
describe('a player ends his own turn when the app is the host', () => {
  it('only_the_current_last_word_speaker_ends_his_last_word_when_several_leave_at_once', () => {
    // Seats 4 and 7 leave together: 4 speaks first, then 7 (issue 11, point 3).
    expect(mayEnd(true, lastWords([4, 7]), 4, 'endLastWords')).toBe(true);
    expect(mayEnd(true, lastWords([4, 7]), 7, 'endLastWords')).toBe(false);
    expect(mayEnd(true, lastWords([7]), 7, 'endLastWords')).toBe(true);
    expect(mayEnd(true, lastWords([4, 7]), 2, 'endLastWords')).toBe(false);
  });

  it('only_the_speaker_ends_his_speech_and_never_in_a_human_hosted_room', () => {
    expect(mayEnd(true, speech([3, 4, 5], 1), 4, 'endSpeech')).toBe(true);
    expect(mayEnd(true, speech([3, 4, 5], 1), 3, 'endSpeech')).toBe(false);
    expect(mayEnd(false, speech([3, 4, 5], 1), 4, 'endSpeech')).toBe(false);
    expect(mayEnd(true, speech([3, 4, 5], 1), 4, 'endLastWords')).toBe(false);
  });
});

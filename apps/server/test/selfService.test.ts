import type { GameState, SeatNo } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { mayEndOwnTurn } from '../src/room/selfService.js';

const lastWords = (seats: number[]) => ({ phase: { kind: 'day', n: 2 }, day: { stage: 'lastWords', lastWords: seats, speakers: [], speakerIndex: 0 } }) as unknown as GameState;
const speech = (speakers: number[], index: number) => ({ phase: { kind: 'day', n: 2 }, day: { stage: 'speeches', lastWords: [], speakers, speakerIndex: index } }) as unknown as GameState;
const END_WORDS = { type: 'endLastWords' } as const;
const END_SPEECH = { type: 'endSpeech' } as const;

describe('a player ends his own turn when the app is the host', () => {
  it('only_the_current_last_word_speaker_ends_his_last_word_when_several_leave_at_once', () => {
    // Seats 4 and 7 leave together: 4 speaks first, then 7 (issue 11, point 3).
    expect(mayEndOwnTurn('app', lastWords([4, 7]), 4 as SeatNo, END_WORDS)).toBe(true);
    expect(mayEndOwnTurn('app', lastWords([4, 7]), 7 as SeatNo, END_WORDS)).toBe(false);
    expect(mayEndOwnTurn('online', lastWords([7]), 7 as SeatNo, END_WORDS)).toBe(true);
    expect(mayEndOwnTurn('app', lastWords([4, 7]), 2 as SeatNo, END_WORDS)).toBe(false);
  });

  it('only_the_speaker_ends_his_speech_and_never_in_a_human_hosted_room', () => {
    expect(mayEndOwnTurn('app', speech([3, 4, 5], 1), 4 as SeatNo, END_SPEECH)).toBe(true);
    expect(mayEndOwnTurn('app', speech([3, 4, 5], 1), 3 as SeatNo, END_SPEECH)).toBe(false);
    expect(mayEndOwnTurn('human', speech([3, 4, 5], 1), 4 as SeatNo, END_SPEECH)).toBe(false);
    expect(mayEndOwnTurn('app', speech([3, 4, 5], 1), 4 as SeatNo, END_WORDS)).toBe(false);
  });
});

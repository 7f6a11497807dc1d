import { describe, expect, it } from 'vitest';
import { seatNo, type Command, type GameView, type Pending } from '@mafia/engine';
import { nextSeatCommand, triedDecisions, type Bot } from '@mafia/bots';

/**
 * The decision of a bot that plays its seat from the server's frames (packages/bots seatPlay.ts), shared by
 * the server's bot seats and the load test's clients: each pending decision once per frame, then the
 * end of its own turn when its view offers one, and a newer frame starts afresh.
 */

const me = seatNo(3);
/** A bot that votes for the first candidate and passes everything else, counting what it is asked. */
function votingBot(asked: string[]): Bot {
  return {
    kind: 'random', seat: me,
    decide(_view, p: Pending): Command | null {
      asked.push(p.kind);
      return p.kind === 'vote' ? { type: 'vote', by: me, target: p.candidates[0]! } : null;
    },
  };
}
const view = (ownTurn?: 'endSpeech' | 'endLastWords') => ({ phase: { kind: 'day', n: 1 }, ...(ownTurn ? { ownTurn } : {}) }) as unknown as GameView;
const vote: Pending = { kind: 'vote', seat: me, candidates: [seatNo(5)] };
const nominate: Pending = { kind: 'nominate', seat: me };

describe('a bot seat\'s next command', () => {
  it('decides each pending decision once on a frame, and again on a newer one', () => {
    const asked: string[] = [];
    const bot = votingBot(asked);
    const tried = triedDecisions();
    expect(nextSeatCommand(bot, 7, view(), [vote], tried)).toEqual({ type: 'vote', by: me, target: 5 });
    expect(nextSeatCommand(bot, 7, view(), [vote], tried)).toBeNull();
    expect(nextSeatCommand(bot, 8, view(), [vote], tried)).toEqual({ type: 'vote', by: me, target: 5 });
    expect(asked).toEqual(['vote', 'vote']);
  });

  it('ends its own turn (the view\'s ownTurn) once it has nothing else to do, once per frame', () => {
    const asked: string[] = [];
    const bot = votingBot(asked);
    const tried = triedDecisions();
    expect(nextSeatCommand(bot, 1, view('endSpeech'), [nominate], tried)).toEqual({ type: 'endSpeech' });
    expect(asked).toEqual(['nominate']);
    expect(nextSeatCommand(bot, 1, view('endSpeech'), [nominate], tried)).toBeNull();
    expect(nextSeatCommand(bot, 2, view('endLastWords'), [], tried)).toEqual({ type: 'endLastWords' });
    expect(nextSeatCommand(bot, 3, view(), [], tried)).toBeNull();
  });

  it('says its statements in its own turn, one a frame and once a turn, before it ends the turn', () => {
    let asked = 0;
    const bot: Bot = {
      kind: 'heuristic', seat: me,
      speak: () => {
        asked++;
        return [{ kind: 'claim', role: 'commissar' }, { kind: 'checked', target: seatNo(5), night: 1, color: 'black' }];
      },
      decide: () => null,
    };
    const turn = (seq: number, speaker = me) => ({
      phase: { kind: 'day', n: 2 }, ownTurn: 'endSpeech', me: { seat: me },
      day: { n: 2, stage: 'speeches', round: 0, speaker, lastWords: [] },
    }) as unknown as GameView;
    const tried = triedDecisions();
    expect(nextSeatCommand(bot, 1, turn(1), [], tried)).toEqual({ type: 'statement', by: me, statement: { kind: 'claim', role: 'commissar' } });
    // The same frame again (the command is on its way): nothing more on it, and the turn is not ended.
    expect(nextSeatCommand(bot, 1, turn(1), [], tried)).toBeNull();
    expect(nextSeatCommand(bot, 2, turn(2), [], tried)).toEqual({ type: 'statement', by: me, statement: { kind: 'checked', target: 5, night: 1, color: 'black' } });
    expect(nextSeatCommand(bot, 3, turn(3), [], tried)).toEqual({ type: 'endSpeech' });
    expect(asked).toBe(1);
  });

  it('a_mafia_bot_says_its_plan_at_the_nights_meeting_once_then_acts', () => {
    const plan = { kind: 'plan' as const, shots: [{ night: 2, target: seatNo(5) }] };
    let asked = 0;
    const bot: Bot = {
      kind: 'heuristic', seat: me,
      meet: () => {
        asked++;
        return [plan];
      },
      decide: (_v, p) => (p.kind === 'act' ? { type: 'act', by: me, act: 'kill', target: seatNo(5) } : null),
    };
    const night = (team: string) => ({ phase: { kind: 'night', n: 1 }, me: { seat: me, team, alive: true }, day: null }) as unknown as GameView;
    const act: Pending = { kind: 'act', seat: me, acts: ['kill'] } as unknown as Pending;
    const tried = triedDecisions();
    expect(nextSeatCommand(bot, 1, night('mafia'), [act], tried)).toEqual({ type: 'statement', by: me, statement: plan });
    expect(nextSeatCommand(bot, 2, night('mafia'), [act], tried)).toEqual({ type: 'act', by: me, act: 'kill', target: 5 });
    expect(asked).toBe(1);
    // A town bot at night has no meeting.
    expect(nextSeatCommand(bot, 3, night('town'), [], triedDecisions())).toBeNull();
  });
});

import type { GameState, SeatNo } from '@mafia/engine';

const STAGE_CODE = { speeches: 1, defence: 2, lastWords: 3 } as const;

/**
 * Whose turn to talk it is now (a speech, a defence speech, a last word), and a number that names
 * this turn (its day, stage and place), so a harness asks each turn's speaker once: null when nobody
 * is talking. A number, not a string: the simulator asks this before every command.
 */
export function talkTurn(s: GameState): { readonly seat: SeatNo; readonly key: number } | null {
  const day = s.day;
  if (s.phase.kind !== 'day' || day === null) return null;
  const stage = day.stage;
  if (stage === 'lastWords') {
    if (day.lastWords.length === 0) return null;
    const seat = day.lastWords[0];
    return { seat, key: day.n * 10_000 + STAGE_CODE.lastWords * 1000 + seat };
  }
  if (stage !== 'speeches' && stage !== 'defence') return null;
  const seat = day.speakers[day.speakerIndex];
  if (seat === undefined) return null;
  return { seat, key: day.n * 10_000 + STAGE_CODE[stage] * 1000 + day.speakerIndex };
}

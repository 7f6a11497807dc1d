import type { Command, GameState, SeatNo } from '@mafia/engine';

/**
 * When the app is the host, a speaker may end his own speech, and the player giving his last word
 * his own last word: the engine keeps those host commands, so the server sends them as the host
 * once it has checked that it is that seat's turn. Several players leaving at once speak one after
 * the other: only the current one (`day.lastWords[0]`) may end his.
 */
export function mayEndOwnTurn(mode: string, state: GameState, seat: SeatNo, command: Command): boolean {
  if (mode === 'human') return false;
  const day = state.day;
  if (!day) return false;
  if (command.type === 'endSpeech') return (day.stage === 'speeches' || day.stage === 'defence') && day.speakers[day.speakerIndex] === seat;
  if (command.type === 'endLastWords') return day.stage === 'lastWords' && day.lastWords[0] === seat;
  return false;
}

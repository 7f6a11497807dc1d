import type { GameView } from '@mafia/engine';
import { deckOf } from './deck.js';

/**
 * The club's deck, with its Doctor and its Beauty (the club's: a shot at her host misses): between
 * them they can cover a claimed checker every night (nightChoice.ts `coversTonight`), so there the
 * Sheriff claims at once (talking.ts), even once one of them is gone: the other still covers him
 * every other night, and his checks are heard while he lives.
 */
export function clubShields(view: GameView): boolean {
  if (view.roleVariants.beauty !== 'club') return false;
  const deck = deckOf(view);
  return deck !== null && deck.includes('doctor') && deck.includes('beauty');
}

/** Both of the club's shields still play (neither card shown): they take turns with the claimed checker. */
export function shieldsTakeTurns(view: GameView): boolean {
  return clubShields(view) && !view.seats.some((s) => !s.alive && (s.role === 'doctor' || s.role === 'beauty'));
}

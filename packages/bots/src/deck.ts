import { presetOf, type GameView, type PresetId, type RoleId } from '@mafia/engine';

/**
 * The preset's recommended deck for the view's table (public: the preset and the seat count), kept
 * for the last table asked: the club's bots ask at every decision (shields.ts, hiddenManiac.ts), and a game keeps its table.
 */
export function deckOf(view: GameView): readonly RoleId[] | null {
  if (view.preset !== lastPreset || view.seats.length !== lastSeats) {
    lastPreset = view.preset;
    lastSeats = view.seats.length;
    lastDeck = presetOf(view.preset as PresetId)?.composition(lastSeats) ?? null;
  }
  return lastDeck;
}

let lastPreset = '';
let lastSeats = -1;
let lastDeck: readonly RoleId[] | null = null;

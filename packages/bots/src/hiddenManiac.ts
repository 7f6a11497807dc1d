import { roleIn, type GameView, type PresetId } from '@mafia/engine';
import { deckOf } from './deck.js';

/**
 * R-CHECK-3 (club): the Maniac looks red to the Sheriff while any mafioso lives, black after. So
 * once every mafia card of the deck has been shown with the Maniac still in the game (the endgame:
 * he is the only enemy left), the reds of the nights before say nothing about him. What a player
 * can tell of it from his own views: the first night whose checks show the Maniac as he is.
 */
export class HiddenManiac {
  /** The first night whose red proves its target red; Infinity while the mafia live (or nobody hides). */
  private from = Infinity;

  look(view: GameView): void {
    if (this.from !== Infinity || view.roleVariants.maniac !== 'club') return;
    const p = view.phase;
    if (p.kind === 'ended' || !mafiaAllShown(view)) return;
    // Seen by day n: the last mafioso may have gone that day or the night before, so night n + 1 is
    // the first after him. Seen at night n: he was gone before it began (night deaths show at dawn).
    this.from = p.kind === 'day' ? p.n + 1 : p.n;
  }

  /**
   * Whether a red of night `night` may hide the Maniac now: the endgame has begun, he is not shown
   * dead, and that night a mafioso still lived. A red of the mafia's time still clears a player of the
   * mafia, which is all the town needs of it before then.
   */
  staleRed(view: GameView, night: number): boolean {
    return night < this.from && this.from !== Infinity && !view.seats.some((s) => !s.alive && s.role === 'maniac');
  }

  /** The endgame has begun: the mafia's cards are all shown and a Maniac may still be hidden. */
  get begun(): boolean {
    return this.from !== Infinity;
  }
}

/** Every mafia card the deck holds is shown (dead, cards shown on death): only solos can be left hostile. */
function mafiaAllShown(view: GameView): boolean {
  const deck = deckOf(view);
  if (!deck || !deck.includes('maniac')) return false;
  let inDeck = 0;
  for (const r of deck) if (roleIn(view.preset as PresetId, r)?.team === 'mafia') inDeck++;
  let shown = 0;
  for (const s of view.seats) if (!s.alive && s.team === 'mafia') shown++;
  return inDeck > 0 && shown >= inDeck;
}

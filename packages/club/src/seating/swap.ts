import { seatingQualities } from './qualities.js';
import { checkGames } from './validate.js';
import { SeatingError, type ApartPair, type SeatingHistory, type SeatingQualities } from './types.js';

export interface SwapResult {
  /** The game with the two players' seats exchanged (a new array; the input is not changed). */
  readonly tables: string[][];
  /** The evening's qualities (history, then this game) after the swap. */
  readonly qualities: SeatingQualities;
  /** Pairs kept apart that now share a table: the admin's hand swap is his call, but he is told. */
  readonly apartTogether: [string, string][];
}

function find(game: readonly (readonly string[])[], player: string): [number, number] {
  for (let t = 0; t < game.length; t++) {
    const k = game[t]!.indexOf(player);
    if (k >= 0) return [t, k];
  }
  throw new SeatingError('unknown-player', `player "${player}" does not sit in this game`, { player });
}

/** The admin's hand swap: players a and b exchange seats (at one table or between tables). */
export function swapPlayers(
  game: readonly (readonly string[])[],
  a: string,
  b: string,
  context: { readonly history?: SeatingHistory; readonly apart?: readonly ApartPair[] } = {},
): SwapResult {
  checkGames([game], 'the game');
  checkGames(context.history?.games ?? [], 'the evening so far');
  if (a === b) throw new SeatingError('same-player', `player "${a}" cannot swap with himself`, { player: a });
  const [ta, ka] = find(game, a);
  const [tb, kb] = find(game, b);
  const tables = game.map((t) => t.slice());
  tables[ta]![ka] = b;
  tables[tb]![kb] = a;
  const apart = context.apart ?? [];
  const together: [string, string][] = [];
  for (const [x, y] of apart) {
    if (tables.some((t) => t.includes(x) && t.includes(y))) together.push([x, y]);
  }
  const games = [...(context.history?.games ?? []).map((g) => g.map((t) => t.slice())), tables];
  return { tables, qualities: seatingQualities(games, { apart }), apartTogether: together };
}

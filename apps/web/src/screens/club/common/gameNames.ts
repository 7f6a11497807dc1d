/** The minimum a listed game needs to be named and ordered (the evening page's games, the public page's). */
interface Numbered { readonly tableNo: number | null; readonly gameNo: number | null }

/** «Стол 1, игра 2» or «Игра на бумаге 1». */
export function gameName(t: unknown, g: Numbered & { readonly paperNo: number | null }): string {
  const tx = t as (key: string, o?: Record<string, unknown>) => string;
  return g.paperNo === null ? tx('games.tableGame', { ns: 'club', table: g.tableNo, game: g.gameNo }) : tx('games.paperGame', { ns: 'club', game: g.paperNo });
}

/**
 * The games in play order: the tables' games by table and game number, then the paper games
 * (protocols, `gameNo: null`) in the server's order, each numbered by its place among them.
 */
export function orderGames<G extends Numbered>(games: readonly G[]): (G & { readonly paperNo: number | null })[] {
  let paper = 0;
  const numbered = games.map((game, i) => ({ game, paperNo: game.tableNo === null || game.gameNo === null ? ++paper : null, at: i }));
  const key = (g: (typeof numbered)[number]) => (g.paperNo === null ? 0 : 1);
  return numbered
    .sort((a, b) => key(a) - key(b) || (a.game.tableNo ?? 0) - (b.game.tableNo ?? 0) || (a.game.gameNo ?? 0) - (b.game.gameNo ?? 0) || a.at - b.at)
    .map(({ game, paperNo }) => ({ ...game, paperNo }));
}

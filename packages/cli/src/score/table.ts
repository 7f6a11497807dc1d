// The text form of `mafia score`: an aligned table, one player a line, best total first.

/** One player's line of the standings (score.ts adds them up; this file prints them). */
export interface PlayerScore {
  readonly name: string;
  readonly games: number;
  readonly points: number;
  readonly marked: number;
  readonly ci: number;
  readonly total: number;
}

/** Decimals a point figure needs (points carry at most 4, engine roundPoints). */
const decimals = (x: number): number => {
  const s = String(x);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** Every figure of a column with the same decimals, so that the points line up. */
function column(values: readonly number[]): string[] {
  const d = Math.max(0, ...values.map(decimals));
  return values.map((v) => v.toFixed(d));
}

export function formatTable(players: readonly PlayerScore[]): string {
  const head = ['#', 'player', 'games', 'points', 'marked', 'Ci', 'total'];
  const cols: string[][] = [
    players.map((_, i) => String(i + 1)),
    players.map((p) => p.name),
    players.map((p) => String(p.games)),
    column(players.map((p) => p.points)),
    players.map((p) => String(p.marked)),
    column(players.map((p) => p.ci)),
    column(players.map((p) => p.total)),
  ];
  const widths = head.map((h, c) => Math.max(h.length, ...cols[c].map((s) => s.length)));
  // The name column is text, left-aligned; the rest are figures, right-aligned.
  const line = (cells: readonly string[]): string =>
    cells.map((s, c) => (c === 1 ? s.padEnd(widths[c]) : s.padStart(widths[c]))).join('  ').trimEnd();
  return `${[line(head), ...players.map((_, r) => line(cols.map((col) => col[r])))].join('\n')}\n`;
}

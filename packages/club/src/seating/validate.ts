import { SEATING_LIMITS, SeatingError, type ApartPair } from './types.js';

export function checkCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SeatingError('bad-count', `${name} must be a whole number from ${min} to ${max} (got ${value})`, { name, value: String(value), min, max });
  }
}

/** Distinct, non-empty names; returns name → index. */
export function checkPlayers(players: readonly string[]): Map<string, number> {
  if (!Array.isArray(players) || players.length === 0) throw new SeatingError('no-players', 'there are no players to seat');
  checkCount('players', players.length, 1, SEATING_LIMITS.maxPlayers);
  const index = new Map<string, number>();
  players.forEach((p, i) => {
    if (typeof p !== 'string' || p.trim() === '') throw new SeatingError('empty-name', `player ${i + 1} has no name`, { position: i + 1 });
    if (index.has(p)) throw new SeatingError('duplicate-player', `player "${p}" is listed twice`, { player: p });
    index.set(p, i);
  });
  return index;
}

/**
 * The pairs kept apart as an n × n matrix over the players' indices. A pair naming someone who is
 * not among the players is ignored (he is not here tonight); a pair of one player twice is an error.
 */
export function apartMatrix(apart: readonly ApartPair[] | undefined, index: ReadonlyMap<string, number>): Uint8Array {
  const n = index.size;
  const out = new Uint8Array(n * n);
  for (const pair of apart ?? []) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new SeatingError('apart-self', 'a pair to keep apart must name two players');
    const [a, b] = pair;
    if (a === b) throw new SeatingError('apart-self', `player "${a}" cannot be kept apart from himself`, { player: a });
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) continue;
    out[i * n + j] = 1;
    out[j * n + i] = 1;
  }
  return out;
}

export function checkTableSize(size: number): void {
  if (size > SEATING_LIMITS.maxSeats) {
    throw new SeatingError('table-too-large', `a table would have ${size} seats; at most ${SEATING_LIMITS.maxSeats}`, { size, max: SEATING_LIMITS.maxSeats });
  }
}

/** n players over t tables, sizes differing by at most one, the larger tables first. */
export function balancedSizes(players: number, tables: number): number[] {
  const base = Math.floor(players / tables);
  const extra = players % tables;
  return Array.from({ length: tables }, (_, t) => base + (t < extra ? 1 : 0));
}

/** The first pair kept apart that shares a table in `groups` (player indices), if any. */
export function apartTogether(groups: readonly (readonly number[])[], apart: Uint8Array, n: number): [number, number] | undefined {
  for (const group of groups) for (let a = 0; a < group.length; a++) for (let b = a + 1; b < group.length; b++) {
    if (apart[group[a]! * n + group[b]!]) return [group[a]!, group[b]!];
  }
  return undefined;
}

export function apartError(a: string, b: string, tables: number): SeatingError {
  return new SeatingError('apart-impossible', `players "${a}" and "${b}" cannot be kept apart with ${tables} table(s) and the other pairs kept apart`, { a, b, tables });
}

/**
 * Games as the seating functions take them: game → table → seat index → player name, nobody twice
 * in one game. Anything else is a `bad-games` error naming where it is wrong.
 */
export function checkGames(games: unknown, what: string): void {
  const bad = (where: string): SeatingError =>
    new SeatingError('bad-games', `${what}: ${where} is not a list of tables of player names`, { what, where });
  if (!Array.isArray(games)) throw bad('it');
  games.forEach((game: unknown, g) => {
    if (!Array.isArray(game)) throw bad(`game ${g + 1}`);
    const seen = new Set<string>();
    game.forEach((table: unknown, t) => {
      if (!Array.isArray(table)) throw bad(`game ${g + 1}, table ${t + 1}`);
      for (const p of table as unknown[]) {
        if (typeof p !== 'string' || p === '') throw bad(`game ${g + 1}, table ${t + 1}`);
        if (seen.has(p)) {
          throw new SeatingError('bad-games', `${what}: player "${p}" sits twice in game ${g + 1}`, { what, where: `game ${g + 1}`, player: p });
        }
        seen.add(p);
      }
    });
  });
}

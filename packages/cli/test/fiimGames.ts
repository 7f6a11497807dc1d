// Real fiim protocols for the `mafia score` tests: two short games that the engine replays to the end.

/** The fiim table: seats 2 and 8 mafia, 5 the Don, 3 the Commissar (R-FIIM, R-PRESET). */
export const FIIM_SEATS = ['civilian', 'mafia', 'commissar', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];

/** R-NIGHT-2: every alive mafia member shoots the same seat. */
const shoot = (target: number, mafia = [2, 5, 8]) => mafia.map((by) => ({ by, act: 'kill', target }));

/**
 * The mafia win: seat 4 leaves on day 1, the Commissar (seat 3) is shot on night 2 and names the three
 * mafia (best move +0.4), seat 6 leaves on day 2, seat 1 is shot on night 3: 3 mafia against 3.
 * Tournament points: seats 2, 5, 8 +1, seat 3 +0.4; seat 3 is marked (R-FIIM-16).
 */
export function mafiaWin(names: readonly string[]) {
  return {
    format: 'mafia-protocol/1', preset: 'fiim', seats: FIIM_SEATS, names,
    steps: [
      { night: 1, acts: [] }, // R-FIIM-1: the introduction night
      { day: 1, nominations: [[1, 4], [3, 6]], votes: { 4: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } },
      { night: 2, acts: shoot(3) },
      { day: 2, bestMove: [3, [2, 5, 8]], nominations: [[1, 6], [7, 9]], votes: { 6: [1, 2, 5, 6, 7, 8, 9, 10] } },
      { night: 3, acts: shoot(1) },
    ],
  };
}

/** The town win: the three mafia leave by the votes of days 1–3. Tournament points: the 7 town seats +1. */
export function townWin(names: readonly string[]) {
  return {
    format: 'mafia-protocol/1', preset: 'fiim', seats: FIIM_SEATS, names,
    steps: [
      { night: 1, acts: [] },
      { day: 1, nominations: [[1, 2], [3, 4]], votes: { 2: [1, 2, 3, 5, 6, 7, 8, 9, 10] } },
      { night: 2, acts: shoot(4, [5, 8]) },
      { day: 2, nominations: [[1, 5], [3, 6]], votes: { 5: [1, 3, 6, 7, 9, 10] } },
      { night: 3, acts: shoot(9, [8]) },
      { day: 3, nominations: [[1, 8], [3, 6]], votes: { 8: [1, 3, 6, 7, 10] } },
    ],
  };
}

const POOL = ['Dan', 'Eva', 'Gleb', 'Ira', 'Kira', 'Lev', 'Mila', 'Oleg', 'Pavel', 'Rita'];

/** Ten names with the given players at the given seats (1-based) and the pool, rotated by `game`, on the rest. */
export function table(game: number, placed: Readonly<Record<number, string>>): string[] {
  const pool = POOL.slice(game % POOL.length).concat(POOL.slice(0, game % POOL.length));
  return Array.from({ length: 10 }, (_, i) => placed[i + 1] ?? pool.shift()!);
}

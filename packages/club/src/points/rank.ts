// The ranking the club's tables share: ordered by their own keys, listed by nickname on a tie.

import { compareNicknames } from '../nickname.js';

export interface Named {
  readonly nickname: string;
  readonly memberId: string;
}

/** The listing order of members equal on every ranked key: by nickname the Russian way (compareNicknames), then by id (ids are unique). */
export const byName = (a: Named, b: Named): number =>
  compareNicknames(a.nickname, b.nickname) || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0);

/**
 * Sorts the rows by `cmp` (negative when `a` ranks higher), then by name, and ranks them: rows
 * equal under `cmp` share a rank and the next rank skips (1, 2, 2, 4); the name orders the listing,
 * it never ranks.
 */
export function rank<R extends Named>(rows: readonly R[], cmp: (a: R, b: R) => number): ({ readonly rank: number } & R)[] {
  const sorted = [...rows].sort((a, b) => cmp(a, b) || byName(a, b));
  const out: ({ readonly rank: number } & R)[] = [];
  sorted.forEach((r, i) => {
    // Compared with the previous row as given (`cmp` may key on the rows it was given), ranked from its output.
    const tied = i > 0 && cmp(sorted[i - 1], r) === 0;
    out.push({ rank: tied ? out[i - 1].rank : i + 1, ...r });
  });
  return out;
}

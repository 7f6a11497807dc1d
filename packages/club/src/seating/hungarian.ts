/**
 * Minimum-cost assignment of rows to columns of a square cost matrix (Hungarian method with
 * potentials, O(n³)). Returns column of each row. Ties go to the lower index, so it is deterministic.
 */
export function assignMinCost(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const INF = Number.POSITIVE_INFINITY;
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const match = new Int32Array(n + 1); // match[column] = row (1-based), 0 = free
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(INF);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = match[j0]!;
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[match[j]!] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (match[j0] !== 0);
    do {
      const j1 = way[j0]!;
      match[j0] = match[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const out = new Array<number>(n).fill(-1);
  for (let j = 1; j <= n; j++) if (match[j]! > 0) out[match[j]! - 1] = j - 1;
  return out;
}

/** The total cost of an assignment. */
export function assignmentCost(cost: readonly (readonly number[])[], rows: readonly number[]): number {
  return rows.reduce((a, c, r) => a + cost[r]![c]!, 0);
}

// Work space, reused between calls (the search calls this thousands of times per game).
let u = new Float64Array(32);
let v = new Float64Array(32);
let match = new Int32Array(32);
let way = new Int32Array(32);
let minv = new Float64Array(32);
let used = new Uint8Array(32);

function grow(size: number): void {
  u = new Float64Array(size);
  v = new Float64Array(size);
  match = new Int32Array(size);
  way = new Int32Array(size);
  minv = new Float64Array(size);
  used = new Uint8Array(size);
}

/**
 * Minimum-cost assignment of rows to columns of a square n × n cost matrix given row by row in
 * `cost` (Hungarian method with potentials, O(n³)). Writes each row's column into `out` (when
 * given) and returns the total cost. Deterministic: ties go to the lower index.
 */
export function assignFlat(n: number, cost: Float64Array, out?: Int32Array): number {
  if (n + 1 > match.length) grow(n + 1);
  u.fill(0, 0, n + 1);
  v.fill(0, 0, n + 1);
  match.fill(0, 0, n + 1); // match[column] = row (1-based), 0 = free
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    minv.fill(Number.POSITIVE_INFINITY, 0, n + 1);
    used.fill(0, 0, n + 1);
    do {
      used[j0] = 1;
      const i0 = match[j0]!;
      const row = (i0 - 1) * n;
      const ui0 = u[i0]!;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[row + j - 1]! - ui0 - v[j]!;
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
  let total = 0;
  for (let j = 1; j <= n; j++) {
    const r = match[j]! - 1;
    total += cost[r * n + j - 1]!;
    if (out) out[r] = j - 1;
  }
  return total;
}

/** {@link assignFlat} for a matrix given as rows; returns each row's column. */
export function assignMinCost(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  const flat = new Float64Array(n * n);
  cost.forEach((row, r) => row.forEach((c, k) => { flat[r * n + k] = c; }));
  const out = new Int32Array(n);
  assignFlat(n, flat, out);
  return Array.from(out);
}

/** The total cost of an assignment. */
export function assignmentCost(cost: readonly (readonly number[])[], rows: readonly number[]): number {
  return rows.reduce((a, c, r) => a + cost[r]![c]!, 0);
}

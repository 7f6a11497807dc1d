/**
 * Points are summed unrounded; only what a page shows is rounded, to 2 decimals (half away from
 * zero). Rounding inside would make a season's sum depend on how its evenings were grouped.
 */
export function displayPoints(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`points must be finite (got ${x})`);
  // 12 significant digits first: strips float dust (75.00000000000001; 1.005, stored as 1.00499999999999989) before rounding.
  const clean = Math.abs(Number(x.toPrecision(12)));
  // Fixed notation before the shift: dust like 5.55e-17 prints with an exponent, and "5.55e-17e2" is NaN.
  const cents = Math.round(Number(`${clean.toFixed(12)}e2`));
  const out = Number(`${cents}e-2`) * (x < 0 ? -1 : 1);
  return (out === 0 ? 0 : out).toFixed(2);
}

/**
 * The key a table compares points by: rounded to 1e-6, far below what a page shows, so two
 * members whose points display alike are never ranked apart by float dust (0.1 + 0.2 vs 0.3).
 */
export const compareKey = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;

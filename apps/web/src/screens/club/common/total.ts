/** The sum of the entries not cancelled (packages/club's ledgerTotal, without importing the package). */
export function ledgerTotalOf(entries: readonly { points: number; cancelledAt?: number | null }[]): number {
  return entries.reduce((s, e) => (e.cancelledAt ? s : s + e.points), 0);
}

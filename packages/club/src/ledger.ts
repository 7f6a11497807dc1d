/** A member's rating points from his ledger: cancelled entries stay in the ledger and count nothing. */
export function ledgerTotal(entries: readonly { readonly points: number; readonly cancelledAt: number | null }[]): number {
  let total = 0;
  for (const e of entries) if (e.cancelledAt === null) total += e.points;
  return total;
}

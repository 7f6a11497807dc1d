/** The club's ledger entries and the named member they point at: shared by members, evenings and the door (a leaf: imports nothing). */
export type PenaltyRule = 'late' | 'left-early' | 'late-decline';

export interface LedgerEntry {
  readonly id: string;
  readonly userId: string | null;
  /** Null once the member has left the club or deleted his account. */
  readonly nickname: string | null;
  readonly eveningId: string | null;
  readonly rule: PenaltyRule | string;
  readonly points: number;
  readonly reason: string;
  /** The reason's numbers (minutes late, games unplayed, hours before): the page words the reason itself. */
  readonly params?: Readonly<Record<string, number | string>>;
  readonly createdAt: number;
  readonly createdBy: string | null;
  readonly cancelledAt?: number | null;
  readonly cancelledBy?: string | null;
  readonly cancelNote?: string | null;
}

/** A member as the pages name him. */
export interface Named { readonly userId: string; readonly nickname: string }

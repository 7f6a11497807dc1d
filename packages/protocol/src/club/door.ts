/** The club API at the door: attendance, guests, tables, seating and games (docs/club-api.md "At the door"). */
import { z } from 'zod';
import type { LedgerEntry, Named } from './ledger.js';

export interface SeatOf {
  readonly seat: number;
  readonly userId: string | null;
  readonly nickname: string;
  /** A live table's guest on the seat (`userId` null), issue 24 point 4; null or absent otherwise. */
  readonly guestId?: string | null;
}

export interface Attendance {
  readonly userId: string;
  readonly nickname: string;
  readonly arrivedAt: number;
  readonly late: boolean;
  readonly leftAt: number | null;
  readonly replacementUserId: string | null;
  /** The evening's games he has a seat in. */
  readonly gamesPlayed: number;
  /** Planned games he left without playing and without a replacement (what the −3 counts); 0 otherwise. */
  readonly unplayed: number;
  /** Issue 24 point 4: a guest (no member); his `userId` is his guest id (`g:…`). */
  readonly guest?: true;
}

/** The answer of a check-in or check-out: the attendance and the penalty it cost, if any. */
export interface DoorAnswer { readonly attendance: Attendance; readonly penalty?: LedgerEntry }

/** A guest at the door (POST …/guests). */
export interface Guest { readonly guestId: string; readonly nickname: string; readonly arrivedAt: number }

export interface EveningTable {
  readonly tableNo: number;
  /** Null when the table has no room of the game server. */
  readonly roomCode: string | null;
  readonly seatSeed?: number;
  /** Who sits on each seat now (a replacement once he has taken the seat over). */
  readonly seats: readonly SeatOf[];
  /** The table's own host (issue 24), or null while none is assigned. */
  readonly host?: Named | null;
}

/** A table as POST …/tables draws it, with its room's host key (in this answer only). */
export interface DrawnTable {
  readonly tableNo: number;
  readonly roomCode: string;
  readonly seatSeed: number;
  /** The room's host key while the table has no host of its own; a host taking or given the table replaces it. */
  readonly hostKey: string;
  readonly seats: readonly SeatOf[];
}

/** One assignment or handover of a table's host. */
export interface HostLogEntry { readonly tableNo: number; readonly at: number; readonly from: Named | null; readonly to: Named; readonly by: Named }

/** A seating for the tables' next games (POST …/seating/proposal, …/seating). */
export interface Seating {
  readonly seed: string | null;
  readonly tables: readonly { readonly tableNo: number; readonly seats: readonly SeatOf[] }[];
  readonly qualities: { readonly seats: number; readonly opponents: number; readonly tables: number } | null;
}

/** A game of the evening. */
export interface EveningGame {
  readonly id: string;
  readonly tableNo: number | null;
  /** Null for a game entered as a paper protocol. */
  readonly gameNo: number | null;
  readonly roomCode: string | null;
  readonly protocol: boolean;
  readonly winner: string | null;
  readonly seats: readonly SeatOf[];
  /** Issue 24: a voided game stays listed, marked, with who voided it, when and why; null when it counts. */
  readonly voided?: { readonly at: number; readonly by: string | null; readonly reason: string } | null;
}

const Id = z.string().min(1).max(100);
const Time = z.number().int().min(0).max(8.64e15);
/** Seat seeds of a drawn table are below this (a positive 32-bit integer). */
export const SEED_LIMIT = 2 ** 31;

/** POST /api/evenings/:eveningId/checkin. */
export const CheckinSchema = z.object({ userId: Id, arrivedAt: Time.optional() }).strict();
export type Checkin = z.input<typeof CheckinSchema>;
/** POST /api/evenings/:eveningId/guests; the name's own rules are checked by the server (empty, too long, a member's). */
export const NewGuestSchema = z.object({ name: z.string().max(200), arrivedAt: Time.optional() }).strict();
/** POST /api/evenings/:eveningId/checkout. */
export const CheckoutSchema = z.object({ userId: Id, leftAt: Time.optional(), replacementUserId: Id.optional() }).strict();
export type Checkout = z.input<typeof CheckoutSchema>;
/** POST /api/evenings/:eveningId/tables. */
export const DrawTablesSchema = z.object({ tables: z.number().int().min(1).max(50), seed: z.number().int().min(0).max(SEED_LIMIT - 1).optional() }).strict();
/**
 * POST /api/evenings/:eveningId/games: the protocol as JSON (an object) or its text, the engine
 * checks the rest (spec/protocol.md); `guests`: the seats whose names are guests (issue 24 point 4).
 */
export const NewGameSchema = z.object({ protocol: z.union([z.record(z.string(), z.unknown()), z.string()]), guests: z.array(z.number().int().min(1).max(30)).max(30).optional() }).strict();
/** POST /api/evenings/:eveningId/tables/:tableNo/host. */
export const TableHostSchema = z.object({ userId: Id }).strict();
/** POST /api/evenings/:eveningId/seating/proposal. */
export const SeatingProposalSchema = z.object({ mode: z.enum(['keep', 'mix']).optional(), seed: z.string().min(1).max(64).optional() }).strict();
/** POST /api/evenings/:eveningId/seating: each table's user or guest ids, seat by seat. */
export const SeatingConfirmSchema = z.object({ tables: z.array(z.array(Id).max(30)).min(1).max(50) }).strict();
/** POST /api/clubs/:clubId/apart. */
export const ApartSchema = z.object({ userA: Id, userB: Id, apart: z.boolean() }).strict();

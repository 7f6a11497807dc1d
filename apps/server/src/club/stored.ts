import type { SeasonEvening } from '@mafia/club';
import type { AuditDetails, DeliveryFailure } from '@mafia/protocol';
import type { Session } from 'fastify';
import { z } from 'zod';
import { firstVersion, parseStored, StoredValueError, upgradeStored } from '../storage/versioned.js';
import type { SeatFact } from './ratingsSchema.js';

/**
 * The club's JSON columns, parsed with their versions (storage/versioned.ts: no `v` = version 1,
 * today's shape) instead of cast: a row written by an older server loads, a damaged one is an
 * error naming the column.
 */

const seatFact = z.object({
  seat: z.number().int(), team: z.string(), role: z.string(), points: z.number(), won: z.boolean(),
  tournamentPoints: z.number().optional(), marked: z.boolean().optional(),
});
/** `game_facts.seats`: each seat's team, role and points at the game's end. */
export const SEAT_FACTS = firstVersion<SeatFact[]>("a game's seat facts", z.array(seatFact));
export const parseSeatFacts = (text: string): SeatFact[] => parseStored(SEAT_FACTS, text);

/** `seasons.order_keys`: the season table's order. */
export const SEASON_ORDER = firstVersion<string[]>("a season's order", z.array(z.string()));

type PackedEvening = [at: number, score: number, games: number, wins: number];
/** `member_evenings.evenings`: [at, score, games, wins] per evening (packed: one row per member). */
export const MEMBER_EVENINGS = firstVersion<PackedEvening[]>("a member's evenings", z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])));
/** `member_evenings.evening_ids`: the same evenings' ids, in the same order. */
export const MEMBER_EVENING_IDS = firstVersion<string[]>("a member's evening ids", z.array(z.string()));
export const unpackEvenings = (text: string): SeasonEvening[] => parseStored(MEMBER_EVENINGS, text).map(([at, score, games, wins]) => ({ at, score, games, wins }));

type PackedChange = [gameId: string, track: 'red' | 'black', before: number, delta: number, after: number];
/** `member_rating_changes.changes`: [gameId, track, before, delta, after] per rated game. */
export const RATING_CHANGES = firstVersion<PackedChange[]>("a member's rating changes", z.array(z.tuple([z.string(), z.enum(['red', 'black']), z.number(), z.number(), z.number()])));

/** `audit_log.details`: a correction's values (numbers and texts only). */
export const AUDIT_DETAILS = firstVersion<AuditDetails>("a correction's details", z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])));

/** `evening_games.protocol`: a paper game's protocol (spec/protocol.md; the engine replays it). */
export const PAPER_PROTOCOL = firstVersion<Record<string, unknown>>("a paper game's protocol", z.record(z.string(), z.unknown()));

/** `ledger.params`: the numbers of a penalty's reason. */
export const LEDGER_PARAMS = firstVersion<Record<string, number | string>>("a ledger entry's params", z.record(z.string(), z.union([z.number(), z.string()])));

/** `invitations.delivery_error` when it is JSON (older rows hold the far end's words as plain text). */
export const DELIVERY_FAILURE = firstVersion<DeliveryFailure>('a delivery failure', z.object({ channel: z.enum(['email', 'sms']), to: z.string(), detail: z.string() }));

/** `sessions.data`: the session as @fastify/session keeps it (an object; its fields are the session's). */
export const SESSION_DATA = firstVersion<Session>('a session', z.custom<Session>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), { message: 'a session is an object' }));

/** A sign-in letter job's payload, as far as deleting an account reads it. */
export const SIGNIN_PAYLOAD = firstVersion<{ email?: string }>("a sign-in letter's job", z.object({ email: z.string().optional() }).passthrough());

/** `text` as `format`, or `fallback` when it is not JSON or does not fit (columns that tolerate old free text). */
export function parseStoredOr<T>(format: Parameters<typeof upgradeStored<T>>[0], text: string, fallback: T): T {
  try {
    return parseStored(format, text);
  } catch (e) {
    if (e instanceof StoredValueError) return fallback;
    throw e;
  }
}

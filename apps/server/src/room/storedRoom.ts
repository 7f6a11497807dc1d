import { z } from 'zod';
import { firstVersion, parseStored } from '../storage/versioned.js';
import type { RoomDeal } from '../storage/types.js';
import type { StoredTimers } from './timers.js';

/**
 * The JSON columns of a room's row (timers, options, names, deal), parsed with their versions
 * (storage/versioned.ts): a room written by an older server loads, a damaged row is refused with
 * a message naming the column.
 */

const seconds = z.number().finite().nonnegative();
/** Version 1: the step lengths; `nightStep` absent and `night` (the whole night) in rooms written before night steps. */
const TimersV1 = z.object({
  speech: seconds, defence: seconds, lastWords: seconds, vote: seconds,
  nightStep: seconds.optional(), night: seconds.optional(),
}).passthrough();
/** The preset options the room was created with: checked by the engine when a game is dealt. */
const OptionsV1 = z.record(z.string(), z.unknown());
const NamesV1 = z.array(z.string());
const DealV1 = z.object({ composition: z.array(z.string()).optional(), modifications: z.array(z.string()).optional() }).passthrough();

export const ROOM_TIMERS = firstVersion<StoredTimers>('room timers', TimersV1);
export const ROOM_OPTIONS = firstVersion<Record<string, unknown>>('room options', OptionsV1);
export const ROOM_NAMES = firstVersion<string[]>('room names', NamesV1);
export const ROOM_DEAL = firstVersion<RoomDeal>('room deal', DealV1);

/** A room row's JSON columns, parsed. */
export function parseRoomColumns(row: { readonly timers: string; readonly options: string; readonly names: string }): { timers: StoredTimers; options: Record<string, unknown>; names: string[] } {
  return { timers: parseStored(ROOM_TIMERS, row.timers), options: parseStored(ROOM_OPTIONS, row.options), names: parseStored(ROOM_NAMES, row.names) };
}

/** The deck the room deals (read only when a game is dealt). */
export const parseRoomDeal = (text: string): RoomDeal => parseStored(ROOM_DEAL, text);

import { BOT_KINDS } from '@mafia/bots';
import { CHAT_CHANNELS, CHAT_MODES, type Command, type GameEvent } from '@mafia/engine';
import { z } from 'zod';
import { StoredValueError, upgradeStored, firstVersion } from '../storage/versioned.js';
import type { Entry } from './records.js';

/**
 * The room log's entries as stored (a kind and a JSON body), parsed with the body's version
 * (storage/versioned.ts; no `v` = version 1, today's shape). The engine's events and commands are
 * checked for their shape here (an object with a `type`) and for their meaning by the engine when
 * the log is folded. Unknown fields are kept: they may be newer optional ones a later entry needs.
 */

const typed = (v: unknown): boolean => v !== null && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string';
const event = z.custom<GameEvent>(typed, { message: 'an engine event is an object with a type' });
const command = z.custom<Command>(typed, { message: 'a command is an object with a type' });
const seat = z.number().int();
const time = z.number();
const id = z.string().optional();
const controller = z.enum(['host', 'admin']);
const timer = z.object({
  kind: z.enum(['speech', 'defence', 'lastWords', 'night', 'vote', 'cards']), key: z.string(), deadline: time, started: time,
  steps: z.array(time).optional(), pausedAt: time.optional(), step: z.number().int().optional(), stepAt: time.optional(),
}).passthrough();
const events = z.array(event);

const body = {
  claim: z.object({ seat, name: z.string(), tokenHash: z.string(), salt: z.string().optional(), bot: z.enum(BOT_KINDS).optional(), id }).passthrough(),
  release: z.object({ seat, by: controller.optional(), id }).passthrough(),
  close: z.object({ by: controller, id }).passthrough(),
  timer: z.object({ by: z.enum(['host', 'app', 'admin']), timer, id }).passthrough(),
  step: z.object({ by: z.literal('host'), timer, id }).passthrough(),
  pause: z.object({ by: controller, timer: timer.nullable(), id }).passthrough(),
  resume: z.object({ by: controller, timer: timer.nullable(), id }).passthrough(),
  start: z.object({ events, timer: timer.nullable(), by: z.literal('admin').optional(), id }).passthrough(),
  next: z.object({ events, timer: timer.nullable(), by: controller, game: z.number().int(), seed: z.number(), immune: z.array(seat), id }).passthrough(),
  command: z.object({
    by: z.union([z.enum(['host', 'app', 'admin']), seat]), id: z.string().nullable(), command, events, timer: timer.nullable(), to: z.array(seat).optional(),
  }).passthrough(),
  tap: z.object({ by: seat, id: z.string(), night: z.number().int(), step: z.number().int() }).passthrough(),
  rename: z.object({ seat, name: z.string(), by: z.enum(['host', 'owner', 'app']), held: z.literal(true).optional(), id }).passthrough(),
  chat: z.object({ by: z.union([controller, seat]), channel: z.enum(CHAT_CHANNELS), text: z.string(), id: z.string(), to: z.array(seat).optional() }).passthrough(),
  mute: z.object({ by: controller, seat, muted: z.boolean(), id }).passthrough(),
  chatMode: z.object({ by: controller, mode: z.enum(CHAT_MODES), id }).passthrough(),
  idleLimit: z.object({ by: controller, limit: z.number().int().min(1), id }).passthrough(),
};
const entryOf = <K extends keyof typeof body>(kind: K) => z.object({ seq: z.number().int(), kind: z.literal(kind), body: body[kind] });
const EntryV1 = z.discriminatedUnion('kind', [
  entryOf('claim'), entryOf('release'), entryOf('close'), entryOf('timer'), entryOf('step'), entryOf('pause'),
  entryOf('resume'), entryOf('start'), entryOf('next'), entryOf('command'), entryOf('tap'), entryOf('rename'),
  entryOf('chat'), entryOf('mute'), entryOf('chatMode'), entryOf('idleLimit'),
]);

/** Version 1 of a log entry (the body's `v` lifted beside `seq` and `kind` while it is read). */
export const LOG_ENTRY = firstVersion<Entry>('room log entry', EntryV1);

const KINDS = new Set<string>(Object.keys(body));

/** One stored entry, its body's JSON text parsed and checked (an unknown kind or a damaged body is an error naming its seq). */
export function parseEntry(seq: number, kind: string, text: string): Entry {
  if (!KINDS.has(kind)) throw new Error(`unknown log entry kind ${JSON.stringify(kind)} at seq ${seq}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new StoredValueError(`room log entry ${seq}`, `not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new StoredValueError(`room log entry ${seq}`, 'its body is not an object');
  const { v, ...rest } = raw as Record<string, unknown>;
  try {
    return upgradeStored(LOG_ENTRY, { v: v ?? 1, seq, kind, body: rest });
  } catch (e) {
    if (e instanceof StoredValueError) throw new StoredValueError(`room log entry ${seq} (${kind})`, e.message.replace(/^stored room log entry cannot be read: /, ''));
    throw e;
  }
}

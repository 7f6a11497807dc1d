import { z } from 'zod';
import type { GameView, Pending, ProjectedEvent } from '@mafia/engine';
import type { RoomCode, RoomId, SeatToken } from './ids.js';
import { ROOM_MODES, type TimerKind } from './rooms.js';
import type { ServerMessage } from './server.js';
import { PROTOCOL_VERSION } from './version.js';

/**
 * The zod schema of every message the server sends (server.ts `ServerMessage`). The protocol's own
 * parts (the envelope, the lobby, log items, timers, alerts, seat codes) are checked field by
 * field and strictly: a field the server adds without declaring it here is an error. The engine's
 * projections (the view, pending decisions, events) are checked at their top level only: their
 * full shape is the engine's type, which the compiler holds the server to, and checking it deeply
 * would cost every client a walk over the whole view on every frame.
 */

const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = z.number().int();
const seat = int.min(1);
const epochMs = z.number();

const roomId = z.custom<RoomId>((v) => typeof v === 'string' && v.length > 0, 'a room id');
const roomCode = z.custom<RoomCode>((v) => typeof v === 'string' && v.length > 0, 'a room code');
const seatToken = z.custom<SeatToken>((v) => typeof v === 'string' && v.length > 0, 'a seat token');

const TIMER_KINDS = ['speech', 'defence', 'lastWords', 'night', 'vote', 'cards'] as const satisfies readonly TimerKind[];

/** The engine's view: an object with its viewer, its phase and its seats. */
const gameView = z.custom<GameView>((v) => record(v) && record(v.viewer) && record(v.phase) && typeof v.phase.kind === 'string' && Array.isArray(v.seats), 'a game view');
/** A pending decision: its kind and the seat it waits for. */
const pending = z.custom<Pending>((v) => record(v) && typeof v.kind === 'string' && typeof v.seat === 'number', 'a pending decision');
/** An event as the viewer may see it: its type names it. */
const projectedEvent = z.custom<ProjectedEvent>((v) => record(v) && typeof v.type === 'string', 'an event');

const you = z.discriminatedUnion('as', [
  z.object({ as: z.literal('host') }).strict(),
  z.object({ as: z.literal('admin') }).strict(),
  z.object({ as: z.literal('seat'), seat }).strict(),
  z.object({ as: z.literal('spectator') }).strict(),
]);

const lobby = z.object({
  room: roomId, code: roomCode, preset: z.string(), mode: z.enum(ROOM_MODES), seats: int.min(1),
  claimed: z.array(z.string().nullable()),
  renamed: z.array(z.string().nullable()).optional(),
  heldRenames: z.array(z.object({ seat, name: z.string() }).strict()).optional(),
  started: z.boolean(), game: int.min(1), ended: z.boolean(), closed: z.boolean(),
}).strict();

const timerView = z.object({
  kind: z.enum(TIMER_KINDS), started: epochMs, deadline: epochMs, steps: z.array(z.number()).optional(),
  pausedAt: epochMs.optional(), step: int.min(0).optional(), stepAt: epochMs.optional(),
}).strict();

const seq = int.min(0);
const logItem = z.discriminatedUnion('kind', [
  z.object({ seq, kind: z.literal('claim'), seat, name: z.string() }).strict(),
  z.object({ seq, kind: z.literal('release'), seat }).strict(),
  z.object({ seq, kind: z.literal('close') }).strict(),
  z.object({ seq, kind: z.literal('rename'), seat, name: z.string(), held: z.literal(true).optional() }).strict(),
  z.object({ seq, kind: z.literal('pause'), remaining: z.number().nullable() }).strict(),
  z.object({ seq, kind: z.literal('resume'), deadline: epochMs.nullable() }).strict(),
  z.object({ seq, kind: z.literal('step'), step: int.min(0) }).strict(),
  z.object({ seq, kind: z.literal('tap'), seat, night: int.min(1), step: int.min(0) }).strict(),
  z.object({ seq, kind: z.literal('timer'), deadline: epochMs }).strict(),
  z.object({
    seq, kind: z.literal('events'), by: z.union([z.enum(['host', 'app', 'admin', 'hidden']), seat]), events: z.array(projectedEvent),
    game: int.min(2).optional(),
  }).strict(),
]);

const alertFields = { code: z.string(), rule: z.string().optional(), command: z.string(), message: z.string(), at: epochMs };
const v = z.literal(PROTOCOL_VERSION);
const gameNow = { view: gameView.nullable(), pending: z.array(pending), timer: timerView.nullable() };

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    v, type: z.literal('welcome'), you, lobby, seq, token: seatToken.optional(), items: z.array(logItem), ...gameNow,
    alert: z.object(alertFields).strict().optional(),
  }).strict(),
  z.object({ v, type: z.literal('update'), seq, items: z.array(logItem), lobby: lobby.optional(), ...gameNow, ack: z.string().optional() }).strict(),
  z.object({ v, type: z.literal('ack'), id: z.string(), seq, duplicate: z.literal(true) }).strict(),
  z.object({ v, type: z.literal('error'), code: z.string(), message: z.string(), rule: z.string().optional(), path: z.string().optional(), id: z.string().optional() }).strict(),
  z.object({ v, type: z.literal('pong'), now: epochMs }).strict(),
  z.object({ v, type: z.literal('alert'), ...alertFields }).strict(),
  z.object({ v, type: z.literal('seatCodes'), codes: z.array(z.object({ seat, code: z.string() }).strict()) }).strict(),
]);

/** Compiles only while everything the schema accepts is a `ServerMessage`. */
type IsServerMessage<T extends ServerMessage> = T;
export type ParsedServerMessage = IsServerMessage<z.output<typeof serverMessageSchema>>;

export type ParsedServerFrame = { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly error: string };

/** A frame from the server to a message, or why it is not one (not JSON, or the first field that is wrong, by its path). */
export function parseServerFrame(raw: string): ParsedServerFrame {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'the frame is not valid JSON' };
  }
  const r = serverMessageSchema.safeParse(data);
  if (r.success) return { ok: true, message: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message };
}

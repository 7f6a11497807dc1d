import { z } from 'zod';
import { CHAT_CHANNELS, CHAT_MODES, type GameView, type Pending, type ProjectedEvent } from '@mafia/engine';
import type { RoomCode, RoomId, SeatToken } from './ids.js';
import { ROOM_MODES, type TimerKind } from './rooms.js';
import type { ServerMessage } from './server.js';
import { signalDataSchema } from './signal.js';
import { PROTOCOL_VERSION } from './version.js';

/**
 * The zod schema of every message the server sends (server.ts `ServerMessage`), written once and
 * built in two modes:
 *   - strict (`serverMessageSchema`, `parseServerFrame`): a field the server adds without declaring
 *     it here is an error. The server's tests, the e2e oracle, the secrecy audit and (on a sample
 *     of the views its bots act on) the load test hold the server to it.
 *   - tolerant (`parseServerMessage`, the web client): unknown fields pass through and a lobby
 *     without `game` reads as game 1, so a client keeps working beside a newer or an older server;
 *     a message type it does not know is reported apart (`unknown-server-message`) and ignored.
 * The protocol's own parts (the envelope, the lobby, log items, timers, alerts, seat codes) are
 * checked field by field. The engine's projections (the view, pending decisions, events) are
 * checked at their top level only: their full shape is the engine's type, which the compiler holds
 * the server to, and checking it deeply would cost every client a walk over the view on every frame.
 */

const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = z.number().int();
const seat = int.min(1);
const epochMs = z.number();
const seq = int.min(0);

const roomId = z.custom<RoomId>((v) => typeof v === 'string' && v.length > 0, 'a room id');
const roomCode = z.custom<RoomCode>((v) => typeof v === 'string' && v.length > 0, 'a room code');
const seatToken = z.custom<SeatToken>((v) => typeof v === 'string' && v.length > 0, 'a seat token');

const TIMER_KINDS = ['speech', 'defence', 'lastWords', 'night', 'vote', 'cards'] as const satisfies readonly TimerKind[];
const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessage['type']>(['welcome', 'update', 'ack', 'error', 'pong', 'alert', 'seatCodes', 'idle', 'idleSeats', 'signal']);

/** The engine's view: an object with its phase and its seats (what every screen reads first). */
const gameView = z.custom<GameView>((v) => record(v) && record(v.phase) && typeof v.phase.kind === 'string' && Array.isArray(v.seats), 'a game view');
/** A pending decision: its kind and the seat it waits for. */
const pending = z.custom<Pending>((v) => record(v) && typeof v.kind === 'string' && typeof v.seat === 'number', 'a pending decision');
/** An event as the viewer may see it: its type names it. */
const projectedEvent = z.custom<ProjectedEvent>((v) => record(v) && typeof v.type === 'string', 'an event');

function schemaOf<Strict extends boolean>(strict: Strict) {
  const obj = <S extends z.ZodRawShape>(shape: S) => (strict ? z.object(shape).strict() : z.object(shape).passthrough());
  const you = z.discriminatedUnion('as', [
    obj({ as: z.literal('host') }), obj({ as: z.literal('admin') }), obj({ as: z.literal('seat'), seat }), obj({ as: z.literal('spectator') }),
  ]);
  const lobby = obj({
    room: roomId, code: roomCode, preset: z.string(), mode: z.enum(ROOM_MODES), seats: int.min(1),
    claimed: z.array(z.string().nullable()),
    bots: z.array(seat).optional(),
    muted: z.array(seat).optional(),
    chatMode: z.enum(CHAT_MODES).optional(),
    idleLimit: int.min(1).optional(),
    renamed: z.array(z.string().nullable()).optional(),
    heldRenames: z.array(obj({ seat, name: z.string() })).optional(),
    // A server from before the next game at the same table did not send it: its only game, 1.
    started: z.boolean(), game: strict ? int.min(1) : int.min(1).default(1), ended: z.boolean(), closed: z.boolean(),
  });
  const timerView = obj({
    kind: z.enum(TIMER_KINDS), started: epochMs, deadline: epochMs, steps: z.array(z.number()).optional(),
    pausedAt: epochMs.optional(), held: z.literal(true).optional(), step: int.min(0).optional(), stepAt: epochMs.optional(),
  });
  const logItem = z.discriminatedUnion('kind', [
    obj({ seq, kind: z.literal('claim'), seat, name: z.string(), bot: z.literal(true).optional() }),
    obj({ seq, kind: z.literal('release'), seat }),
    obj({ seq, kind: z.literal('close') }),
    obj({ seq, kind: z.literal('rename'), seat, name: z.string(), held: z.literal(true).optional() }),
    obj({ seq, kind: z.literal('pause'), remaining: z.number().nullable() }),
    obj({ seq, kind: z.literal('resume'), deadline: epochMs.nullable() }),
    obj({ seq, kind: z.literal('step'), step: int.min(0) }),
    obj({ seq, kind: z.literal('tap'), seat, night: int.min(1), step: int.min(0) }),
    obj({ seq, kind: z.literal('timer'), deadline: epochMs }),
    obj({ seq, kind: z.literal('chat'), channel: z.enum(CHAT_CHANNELS), by: z.union([z.enum(['host', 'admin']), seat]), text: z.string() }),
    obj({ seq, kind: z.literal('mute'), seat, muted: z.boolean() }),
    obj({ seq, kind: z.literal('chatMode'), mode: z.enum(CHAT_MODES) }),
    obj({ seq, kind: z.literal('idleLimit'), limit: int.min(1) }),
    obj({ seq, kind: z.literal('events'), by: z.union([z.enum(['host', 'app', 'admin', 'hidden']), seat]), events: z.array(projectedEvent), game: int.min(2).optional() }),
  ]);
  const alertFields = { code: z.string(), rule: z.string().optional(), command: z.string(), message: z.string(), at: epochMs };
  const v = z.literal(PROTOCOL_VERSION);
  const gameNow = { view: gameView.nullable(), pending: z.array(pending), timer: timerView.nullable() };
  return z.discriminatedUnion('type', [
    obj({ v, type: z.literal('welcome'), you, lobby, seq, token: seatToken.optional(), items: z.array(logItem), ...gameNow, alert: obj(alertFields).optional() }),
    obj({ v, type: z.literal('update'), seq, items: z.array(logItem), lobby: lobby.optional(), view: gameView.nullable().optional(), pending: z.array(pending).optional(), timer: timerView.nullable().optional(), ack: z.string().optional() }),
    obj({ v, type: z.literal('ack'), id: z.string(), seq, duplicate: z.literal(true) }),
    obj({ v, type: z.literal('error'), code: z.string(), message: z.string(), rule: z.string().optional(), path: z.string().optional(), id: z.string().optional() }),
    obj({ v, type: z.literal('pong'), now: epochMs }),
    obj({ v, type: z.literal('alert'), ...alertFields }),
    obj({ v, type: z.literal('seatCodes'), codes: z.array(obj({ seat, code: z.string() })) }),
    obj({ v, type: z.literal('idle'), misses: int.min(0), limit: int.min(1), standIn: z.boolean() }),
    obj({ v, type: z.literal('idleSeats'), seats: z.array(obj({ seat, misses: int.min(1) })) }),
    obj({ v, type: z.literal('signal'), from: z.union([seat, z.literal('host')]), data: signalDataSchema }),
  ]);
}

export const serverMessageSchema = schemaOf(true);
const tolerantSchema = schemaOf(false);

/** Compiles only while everything the strict schema accepts is a `ServerMessage`. */
type IsServerMessage<T extends ServerMessage> = T;
export type StrictServerMessage = IsServerMessage<z.output<typeof serverMessageSchema>>;

function firstIssue(e: z.ZodError): { message: string; path?: string } {
  const issue = e.issues[0];
  const path = issue?.path.join('.') ?? '';
  return { message: path ? `${path}: ${issue?.message}` : issue?.message ?? 'a bad message', ...(path ? { path } : {}) };
}

function json(raw: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

export type ParsedServerFrame = { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly error: string };

/** A frame from the server to a message under the strict schema, or why it is not one (not JSON, or the first wrong field by its path). */
export function parseServerFrame(raw: string): ParsedServerFrame {
  const j = json(raw);
  if (!j.ok) return { ok: false, error: 'the frame is not valid JSON' };
  const r = serverMessageSchema.safeParse(j.data);
  return r.success ? { ok: true, message: r.data } : { ok: false, error: firstIssue(r.error).message };
}

/**
 * Why a server frame was refused by a client: not JSON or a field that is wrong (`bad-server-message`,
 * the first wrong field named by its path), or a message type this client does not know
 * (`unknown-server-message`: a newer server's; a client ignores it, as it always has).
 */
export interface ServerFrameError {
  readonly code: 'bad-server-message' | 'unknown-server-message';
  readonly message: string;
  readonly path?: string;
}

export type ParsedServerMessage = { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly error: ServerFrameError };

/** A raw server frame to a message under the tolerant schema (the web client), or the reason it cannot be one. Never throws. */
export function parseServerMessage(raw: string): ParsedServerMessage {
  const j = json(raw);
  if (!j.ok) return { ok: false, error: { code: 'bad-server-message', message: 'the server sent something that is not JSON' } };
  const data = j.data;
  if (record(data) && typeof data.type === 'string' && !SERVER_TYPES.has(data.type)) {
    return { ok: false, error: { code: 'unknown-server-message', message: `unknown message type ${JSON.stringify(data.type)}`, path: 'type' } };
  }
  const r = tolerantSchema.safeParse(data);
  return r.success ? { ok: true, message: r.data as ServerMessage } : { ok: false, error: { code: 'bad-server-message', ...firstIssue(r.error) } };
}

import { z } from 'zod';
import type { GameView, Pending, ProjectedEvent } from '@mafia/engine';
import type { RoomCode, RoomId, SeatToken } from './ids.js';
import { ROOM_MODES, type TimerView } from './rooms.js';
import type { ServerMessage } from './server.js';
import { PROTOCOL_VERSION } from './version.js';

/**
 * The server's messages (server.ts) as zod schemas, so a client checks what it receives instead of
 * trusting a cast. What the protocol owns (the envelope, `you`, the lobby, the log items, the timer,
 * the alert, the seat codes) is checked field by field. What the engine owns (its view, its pending
 * decisions, its projected events) is checked at the shape a client reads first: the engine's own
 * types are the contract there, and a schema copied field by field would drift from them.
 * Objects pass unknown fields through: a newer server may add a field an older client ignores.
 */

const v = z.literal(PROTOCOL_VERSION);
const seq = z.number().int().min(0);
const seat = z.number().int().min(1).max(64);
const epochMs = z.number();
const id = z.string().min(1).max(64);
const text = <T extends string>(check: (s: string) => boolean = () => true) =>
  z.custom<T>((x) => typeof x === 'string' && check(x), { message: 'expected a string' });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const gameViewShape = z.object({
  phase: z.object({ kind: z.string() }).passthrough(),
  seats: z.array(z.object({ seat }).passthrough()),
}).passthrough();

/** The engine's view for one viewer: checked at what every screen reads first, the phase and the seats. */
export const gameViewSchema = z.custom<GameView>((x) => gameViewShape.safeParse(x).success, { message: 'not a game view' });
/** A decision a seat may make now: its kind and its seat. */
export const pendingSchema = z.custom<Pending>((x) => isObject(x) && typeof x.kind === 'string' && seat.safeParse(x.seat).success, { message: 'not a pending decision' });
/** An engine event as this viewer may see it: an object with its `type`. */
export const projectedEventSchema = z.custom<ProjectedEvent>((x) => isObject(x) && typeof x.type === 'string', { message: 'not an event' });

export const youSchema = z.discriminatedUnion('as', [
  z.object({ as: z.literal('host') }).passthrough(),
  z.object({ as: z.literal('admin') }).passthrough(),
  z.object({ as: z.literal('seat'), seat }).passthrough(),
  z.object({ as: z.literal('spectator') }).passthrough(),
]);

const names = z.array(z.string().nullable());
export const lobbySchema = z.object({
  room: text<RoomId>(),
  code: text<RoomCode>(),
  preset: z.string(),
  mode: z.enum(ROOM_MODES),
  seats: z.number().int().min(0),
  claimed: names,
  renamed: names.optional(),
  heldRenames: z.array(z.object({ seat, name: z.string() }).passthrough()).optional(),
  started: z.boolean(),
  /** A server from before the next game at the same table did not send it: its only game, 1. */
  game: z.number().int().min(1).default(1),
  ended: z.boolean(),
  closed: z.boolean(),
}).passthrough();

export const timerViewSchema: z.ZodType<TimerView, z.ZodTypeDef, unknown> = z.object({
  kind: z.enum(['speech', 'defence', 'lastWords', 'night', 'vote', 'cards']),
  started: epochMs,
  deadline: epochMs,
  steps: z.array(z.number()).optional(),
  pausedAt: epochMs.optional(),
  step: z.number().int().min(0).optional(),
  stepAt: epochMs.optional(),
}).passthrough();

const item = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) => z.object({ seq, kind: z.literal(kind), ...shape }).passthrough();
export const logItemSchema = z.discriminatedUnion('kind', [
  item('claim', { seat, name: z.string() }),
  item('release', { seat }),
  item('close', {}),
  item('rename', { seat, name: z.string(), held: z.literal(true).optional() }),
  item('pause', { remaining: z.number().nullable() }),
  item('resume', { deadline: epochMs.nullable() }),
  item('step', { step: z.number().int().min(0) }),
  item('tap', { seat, night: z.number().int(), step: z.number().int().min(0) }),
  item('timer', { deadline: epochMs }),
  item('events', {
    by: z.union([z.enum(['host', 'app', 'admin', 'hidden']), seat]),
    events: z.array(projectedEventSchema),
    game: z.number().int().optional(),
  }),
]);

const appAlertShape = { code: z.string(), rule: z.string().optional(), command: z.string(), message: z.string(), at: epochMs };
export const seatCodeSchema = z.object({ seat, code: z.string() }).passthrough();
const pending = z.array(pendingSchema);

/** Every message the server sends (server.ts `ServerMessage`). */
export const serverMessageSchema: z.ZodType<ServerMessage, z.ZodTypeDef, unknown> = z.discriminatedUnion('type', [
  z.object({
    v, type: z.literal('welcome'), you: youSchema, lobby: lobbySchema, seq, token: text<SeatToken>().optional(), items: z.array(logItemSchema),
    view: gameViewSchema.nullable(), pending, timer: timerViewSchema.nullable(), alert: z.object(appAlertShape).passthrough().optional(),
  }).passthrough(),
  z.object({
    v, type: z.literal('update'), seq, items: z.array(logItemSchema), lobby: lobbySchema.optional(),
    view: gameViewSchema.nullable(), pending, timer: timerViewSchema.nullable(), ack: id.optional(),
  }).passthrough(),
  z.object({ v, type: z.literal('ack'), id, seq, duplicate: z.literal(true) }).passthrough(),
  z.object({ v, type: z.literal('error'), code: z.string(), message: z.string(), rule: z.string().optional(), path: z.string().optional(), id: id.optional() }).passthrough(),
  z.object({ v, type: z.literal('pong'), now: epochMs }).passthrough(),
  z.object({ v, type: z.literal('alert'), ...appAlertShape }).passthrough(),
  z.object({ v, type: z.literal('seatCodes'), codes: z.array(seatCodeSchema) }).passthrough(),
]);

const SERVER_TYPES: ReadonlySet<string> = new Set<ServerMessage['type']>(['welcome', 'update', 'ack', 'error', 'pong', 'alert', 'seatCodes']);

/**
 * Why a server frame was refused: not JSON or a field that is wrong (`bad-server-message`, the first
 * wrong field named by its path), or a message type this client does not know (`unknown-server-message`:
 * a newer server's; a client ignores it, as it always has).
 */
export interface ServerFrameError {
  readonly code: 'bad-server-message' | 'unknown-server-message';
  readonly message: string;
  readonly path?: string;
}

export type ParsedServerMessage = { readonly ok: true; readonly message: ServerMessage } | { readonly ok: false; readonly error: ServerFrameError };

/** A raw server frame to a message, or the reason it cannot be one. Never throws. */
export function parseServerMessage(raw: string): ParsedServerMessage {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: { code: 'bad-server-message', message: 'the server sent something that is not JSON' } };
  }
  if (isObject(data) && typeof data.type === 'string' && !SERVER_TYPES.has(data.type)) {
    return { ok: false, error: { code: 'unknown-server-message', message: `unknown message type ${JSON.stringify(data.type)}`, path: 'type' } };
  }
  const r = serverMessageSchema.safeParse(data);
  if (r.success) return { ok: true, message: r.data };
  const issue = r.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  return { ok: false, error: { code: 'bad-server-message', message: path ? `${path}: ${issue?.message}` : issue?.message ?? 'a bad message', ...(path ? { path } : {}) } };
}

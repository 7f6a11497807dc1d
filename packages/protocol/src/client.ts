import { CHAT_CHANNELS, CHAT_MODES } from '@mafia/engine';
import { z } from 'zod';
import { CHAT_WIRE_MAX } from './chat.js';
import { commandSchema, seatSchema } from './commands.js';
import { CODE_PATTERN, SEAT_CODE_PATTERN } from './ids.js';
import { playerNameSchema } from './names.js';
import { mediaPeerSchema, signalDataSchema } from './signal.js';
import { PROTOCOL_VERSION } from './version.js';

const v = z.literal(PROTOCOL_VERSION);
const code = z.string().regex(CODE_PATTERN, 'a room code is 6 letters or digits');
/** The last room-log sequence number the client saw; the server sends what came after it. */
const lastSeq = z.number().int().min(0).optional();
const secret = z.string().min(16).max(128);
/** A request id: the answer (update `ack` or error `id`) names it. */
const id = z.string().min(1).max(64).optional();

export const authSchema = z.discriminatedUnion('as', [
  z.object({ as: z.literal('host'), key: secret }).strict(),
  /** The creator of an `app` or `online` room: runs the room, sees what a spectator sees. */
  z.object({ as: z.literal('admin'), key: secret }).strict(),
  z.object({ as: z.literal('seat'), seat: seatSchema, token: secret }).strict(),
  z.object({ as: z.literal('spectator') }).strict(),
]);

/** Every message a client may send. Strict: unknown fields are errors. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  /** Enter a room as its host (human rooms), its admin (app/online rooms), as a seat already claimed, or as a spectator. */
  z.object({ v, type: z.literal('hello'), room: code, auth: authSchema, lastSeq }).strict(),
  /**
   * Take a free seat; the answer carries the seat's token. `seat: "draw"` draws a free seat at
   * random, as players draw their numbers from a bag (seed 003) — before the start only. After the
   * start a seat is taken only with its `seatCode`, the 6 digits the host's (or room admin's) device
   * shows for it. `key`: made by the client once per claim attempt and kept until it has its token;
   * the same claim re-sent with the same key answers the same seat and token (a lost welcome).
   */
  z.object({
    v, type: z.literal('claim'), room: code, seat: z.union([seatSchema, z.literal('draw')]), name: playerNameSchema.optional(), lastSeq,
    seatCode: z.string().regex(SEAT_CODE_PATTERN, 'a seat code is 6 digits').optional(),
    key: secret.optional(),
  }).strict(),
  /** The host (human rooms) or the room admin (app/online rooms): deal the roles and start the game. */
  z.object({ v, type: z.literal('start'), id: z.string().min(1).max(64).optional() }).strict(),
  /**
   * The host (or, in app/online rooms, the room admin): once the game has ended, deal the next
   * game at the same table — the same seats and tokens, a new seed (docs/wire-protocol.md).
   */
  z.object({ v, type: z.literal('next'), id: z.string().min(1).max(64).optional() }).strict(),
  /**
   * A game command (host, or a seat for itself; the room admin only `undo` of count 1, of the app
   * host's last step). `id` makes a re-sent command apply once.
   */
  z.object({ v, type: z.literal('command'), id: z.string().min(1).max(64), command: commandSchema }).strict(),
  /**
   * Room admin only (app and online rooms: no seat there has a body at the table): a bot plays the
   * free seat `seat` under `name` (the admin's client names it in its own language, «Бот 3»). It
   * plays through the server's own path as a person does: its seat's view only, its commands checked
   * like anyone's. Releasing the seat takes the bot away; a person may then claim it (issue 26).
   */
  z.object({ v, type: z.literal('bot'), seat: seatSchema, name: playerNameSchema.optional(), id }).strict(),
  /**
   * Online rooms: a chat line in `channel` (issue 26, docs/online.md): `day` (a seat; the room's chat
   * mode says when), `mafia` (the living mafia at night), `dead` (the eliminated), `host` (the host or
   * room admin). Plain text: the server refuses markup, control characters, a line over
   * CHAT_LINE_MAX characters, a flood and a muted seat. Logged; each viewer gets the lines of the
   * channels he may read. `id` makes a re-sent line apply once.
   */
  z.object({ v, type: z.literal('say'), channel: z.enum(CHAT_CHANNELS), text: z.string().max(CHAT_WIRE_MAX), id: z.string().min(1).max(64) }).strict(),
  /** Host or room admin of an online room: the seat may (`muted: false`) or may not write in the chat. Logged and public. */
  z.object({ v, type: z.literal('mute'), seat: seatSchema, muted: z.boolean(), id }).strict(),
  /** Host or room admin of an online room: who writes in the day chat (`free`: every living player; `speaker`: the speaker only). */
  z.object({ v, type: z.literal('chatMode'), mode: z.enum(CHAT_MODES), id }).strict(),
  /** Host or room admin: free a claimed seat (its token stops working; the seat may be claimed again). */
  z.object({ v, type: z.literal('release'), seat: seatSchema, id: z.string().min(1).max(64).optional() }).strict(),
  /**
   * Host only: the seat is somebody else's from the next game (a replacement): between games at
   * once (its claim ends, it gets a new code), during a game when the game ends. Issue 24.
   */
  z.object({ v, type: z.literal('rename'), seat: seatSchema, name: playerNameSchema, id: z.string().min(1).max(64).optional() }).strict(),
  /** Host or room admin: close the room for good (the game stops; nothing more is accepted). */
  z.object({ v, type: z.literal('close'), id: z.string().min(1).max(64).optional() }).strict(),
  /** Host only: move the running step's deadline by `add` seconds (the host's ±10 s on a speech). */
  z.object({ v, type: z.literal('timer'), add: z.number().int().min(-600).max(600).refine((n) => n !== 0, 'must not be 0'), id: z.string().min(1).max(64).optional() }).strict(),
  /** Host or room admin: stop the clock (the running step keeps its remaining time; nothing fires). */
  z.object({ v, type: z.literal('pause'), id }).strict(),
  /** Host or room admin: start the clock again from the remaining time. */
  z.object({ v, type: z.literal('resume'), id }).strict(),
  /**
   * Host only (human rooms): the night step he opens on his console (0-based index into
   * `view.nightSteps`). Logged; every viewer gets it as the night timer's `step`, and phones, the
   * table and the narrator show that step instead of the clock's.
   */
  z.object({ v, type: z.literal('step'), step: z.number().int().min(0).max(63), id }).strict(),
  /**
   * A seat's night tap in a step where it has no act (issue 23, the decoy): every phone taps at every
   * step, and a tap without an act is recorded too, so the phone may honestly say «Принято». Logged
   * for the seat alone (nobody else, not the host, learns of it), never folded into the game; acked
   * like a command (`update` with `ack`), refused like an act. `step`: the 0-based step of
   * `view.nightSteps` the phone shows. `id` makes a re-sent tap apply once.
   */
  z.object({ v, type: z.literal('tap'), id: z.string().min(1).max(64), by: seatSchema, step: z.number().int().min(0).max(63) }).strict(),
  /** Room admin only: end the running step now, as its timer running out would (`timeUp`, R-HOST-2). */
  z.object({ v, type: z.literal('skip'), id }).strict(),
  /** Host or room admin of an online room: the missed steps in a row (1–5) after which a bot stands in for a player (issue 26; default 2). */
  z.object({ v, type: z.literal('idleLimit'), limit: z.number().int().min(1).max(5), id }).strict(),
  /**
   * A seat's person is back (issue 26, idle players): the bot standing in for him stops, and his
   * missed steps count from 0 again. Any command or tap of his does the same; this is the phone's
   * «Я здесь» when there is nothing to do. Answered with `idle`.
   */
  z.object({ v, type: z.literal('back') }).strict(),
  /**
   * WebRTC signalling (issue 26 point 1: voice and video): relayed to the connections of `to` (a
   * seat, or `host`: the human host or the room admin) as the server's `signal`, only when the media
   * policy links the pair now (an offer only from a peer that may send now). Never logged, never
   * acked; media itself goes peer to peer, never through the server.
   */
  z.object({ v, type: z.literal('signal'), to: mediaPeerSchema, data: signalDataSchema }).strict(),
  z.object({ v, type: z.literal('ping') }).strict(),
]);

/** Read-only all the way down: a sender may pass the read-only values it holds (an engine `Command`). */
type ReadOnlyDeep<T> = T extends readonly (infer E)[] ? readonly ReadOnlyDeep<E>[] : T extends object ? { readonly [K in keyof T]: ReadOnlyDeep<T[K]> } : T;
/** A client message as a client writes it (seats are plain numbers on the wire). */
export type OutgoingClientMessage = ReadOnlyDeep<z.input<typeof clientMessageSchema>>;
/** A client message as the server has it once parsed: seats are `SeatNo`, names normalised. */
export type ClientMessage = z.output<typeof clientMessageSchema>;
/** How a client enters a room, as it writes it on the wire (a seat is a plain number there). */
export type Auth = z.input<typeof authSchema>;
/** `Auth` as the server has it once parsed (the seat is a `SeatNo`). */
export type ParsedAuth = z.output<typeof authSchema>;

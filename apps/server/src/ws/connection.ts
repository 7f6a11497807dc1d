import { asEngineCommand, parseClientMessage, PROTOCOL_VERSION, type ClientMessage, type You } from '@mafia/protocol';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import { errorText, RoomError, type Refusal } from '../room/errors.js';
import type { Conn, RoomManager } from '../room/manager.js';
import { takeToken, type Bucket } from './rateLimit.js';

export interface ConnectionLimits {
  /** Messages per second a connection may keep up, and the burst it may send at once. */
  readonly perSecond: number;
  readonly burst: number;
  /** Refused messages (bad input, wrong keys, rate limit) before the connection is closed. */
  readonly strikes: number;
  /** A client that does not read: close it when this much is waiting to be sent. */
  readonly maxBuffered: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = { perSecond: 20, burst: 40, strikes: 10, maxBuffered: 4 << 20 };

/**
 * Refusals that are a client's fault beyond a game mistake (bad input, wrong secrets, acting for
 * another seat): each one is a strike. A rule refusal (out of turn, a host command) is not: a client
 * acting on a view that has just moved on gets those honestly.
 */
const STRIKES = new Set(['oversized', 'malformed', 'bad-version', 'unknown-type', 'bad-message', 'rate-limited', 'bad-key', 'no-human-host', 'has-human-host', 'bad-token', 'not-in-room', 'spectator', 'not-your-seat', 'binary', 'bad-seat-code']);

/** What every connection of one server shares: one object, not a copy per connection. */
export interface ConnectionContext {
  readonly manager: RoomManager;
  readonly log: Logger;
  readonly limits: ConnectionLimits;
}

const idOf = (m: ClientMessage): string | undefined => (m.type === 'hello' || m.type === 'claim' || m.type === 'ping' ? undefined : m.id);

type ConnSocket = WebSocket & { conn?: Connection };

// The socket's listeners are these module functions (called with the socket as `this`), shared by
// every connection, rather than closures made per connection: an idle connection is then its
// socket and one small object.
function onMessage(this: ConnSocket, data: RawData, isBinary: boolean): void {
  this.conn?.receive(data, isBinary);
}
function onGone(this: ConnSocket): void {
  const conn = this.conn;
  if (!conn) return;
  this.conn = undefined;
  conn.ctx.manager.leave(conn);
}

let nextId = 1;

/**
 * One WebSocket client. Its messages are handled one at a time, in order (a command sent right
 * after hello finds the connection in its room). A refused message gets an error to this client
 * only; the connection stays open until `strikes` refusals.
 */
export class Connection implements Conn, Bucket {
  readonly id = nextId++;
  you: You | null = null;
  roomId: string | null = null;
  tokens: number;
  refilled: number;
  private strikes = 0;
  private tail: Promise<void> | null = null;

  constructor(private readonly socket: ConnSocket, readonly ctx: ConnectionContext) {
    this.tokens = ctx.limits.burst;
    // The monotonic clock: a wall clock set back would leave the bucket empty for as long as it went back.
    this.refilled = performance.now();
    socket.conn = this;
    socket.on('message', onMessage);
    socket.on('close', onGone);
    socket.on('error', onGone);
  }

  send(text: string): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.ctx.limits.maxBuffered) {
      this.ctx.log.warn({ conn: this.id }, 'closing a client that does not read');
      socket.close(1013, 'too slow');
      return;
    }
    socket.send(text);
  }

  receive(data: RawData, isBinary: boolean): void {
    const { limits } = this.ctx;
    if (!takeToken(this, limits.perSecond, limits.burst, performance.now())) {
      return this.refuse({ code: 'rate-limited', message: `more than ${limits.perSecond} messages a second; this one was dropped` });
    }
    if (isBinary) return this.refuse({ code: 'binary', message: 'messages are JSON text frames, not binary' });
    const parsed = parseClientMessage(String(data));
    if (!parsed.ok) return this.refuse(parsed.error, parsed.error.id);
    const m = parsed.message;
    // Chained only while a message is in flight, so an idle connection holds no promise.
    const run = (this.tail ?? Promise.resolve()).then(() => this.handle(m)).catch((e: unknown) => this.failed(e, idOf(m)));
    const tail = run.then(() => {
      if (this.tail === tail) this.tail = null;
    });
    this.tail = tail;
  }

  private handle(m: ClientMessage): Promise<void> | void {
    const manager = this.ctx.manager;
    switch (m.type) {
      case 'hello': return manager.hello(this, m.room, m.auth, m.lastSeq);
      case 'claim': return manager.claim(this, m.room, m);
      case 'start': return manager.start(this, m.id);
      case 'next': return manager.nextGame(this, m.id);
      case 'command': return manager.command(this, m.id, asEngineCommand(m.command));
      case 'release': return manager.release(this, m.seat, m.id);
      case 'close': return manager.closeRoom(this, m.id);
      case 'timer': return manager.adjustTimer(this, m.add, m.id);
      case 'pause': return manager.setPaused(this, true, m.id);
      case 'resume': return manager.setPaused(this, false, m.id);
      case 'skip': return manager.skip(this, m.id);
      case 'ping': return this.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'pong', now: manager.serverNow() }));
    }
  }

  private failed(e: unknown, id: string | undefined): void {
    if (e instanceof RoomError) return this.refuse(e.refusal, id);
    this.ctx.log.error({ conn: this.id, err: e instanceof Error ? e.message : String(e) }, 'message failed');
    this.refuse({ code: 'server-error', message: 'the server could not do that; nothing was changed' }, id);
  }

  /** A refusal from inside a room job (manager.ts `run`): the same as one of this connection's own. */
  refused(r: Refusal, id?: string): void {
    this.refuse(r, id);
  }

  private refuse(r: Refusal, id?: string): void {
    this.send(errorText(r, id));
    if (!STRIKES.has(r.code)) return;
    this.strikes++;
    const { log, limits } = this.ctx;
    log.warn({ conn: this.id, room: this.roomId, code: r.code, strikes: this.strikes }, 'refused a message');
    if (this.strikes >= limits.strikes) {
      this.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'error', code: 'too-many-errors', message: `closed after ${this.strikes} refused messages` }));
      this.socket.close(1008, 'too many refused messages');
    }
  }
}

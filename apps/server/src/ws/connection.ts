import { parseClientMessage, PROTOCOL_VERSION, type ClientMessage, type You } from '@mafia/protocol';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import { errorText, ROOM_MOVED, ROOM_UNAVAILABLE, RoomElsewhere, RoomError, serverFailure, type Refusal } from '../room/errors.js';
import { frame } from '../room/frame.js';
import type { Conn, RoomManager } from '../room/manager.js';
import type { Arrival } from '../room/managerTypes.js';
import { stageNow } from '../room/stages.js';
import type { AddressGuard } from './addressGuard.js';
import { takeToken, type Bucket } from './rateLimit.js';
import type { RefusalCounter } from './refusalCounter.js';
import { Upstream, waitBeforeTrying, type ClusterLink } from './upstream.js';

export interface ConnectionLimits {
  /** Messages per second a connection may keep up, and the burst it may send at once. */
  readonly perSecond: number;
  readonly burst: number;
  /** Refused messages (bad input, wrong keys, rate limit) before the connection is closed. */
  readonly strikes: number;
  /** A client that does not read: close it when this much is waiting to be sent. */
  readonly maxBuffered: number;
  /** A connection that has not entered a room (a hello or claim that was welcomed) this long after opening is closed (ms). */
  readonly helloTimeoutMs: number;
  /** The server pings every connection this often; one that has not answered the last ping by the next is cut off (ms). */
  readonly pingIntervalMs: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = { perSecond: 20, burst: 40, strikes: 10, maxBuffered: 4 << 20, helloTimeoutMs: 10_000, pingIntervalMs: 30_000 };

/**
 * Refusals that are a client's fault beyond a game mistake (bad input, wrong secrets, acting for
 * another seat): each one is a strike. A rule refusal (out of turn, a host command) is not: a client
 * acting on a view that has just moved on gets those honestly.
 */
const STRIKES = new Set(['no-room', 'oversized', 'malformed', 'bad-version', 'unknown-type', 'bad-message', 'rate-limited', 'bad-key', 'no-human-host', 'has-human-host', 'bad-token', 'not-in-room', 'spectator', 'not-your-seat', 'binary', 'bad-seat-code', 'signal-bad-target', 'media-spectator']);

/** What every connection of one server shares: one object, not a copy per connection. */
export interface ConnectionContext {
  readonly manager: RoomManager;
  readonly log: Logger;
  readonly limits: ConnectionLimits;
  readonly guard: AddressGuard;
  readonly refusals: RefusalCounter;
  /** Several nodes (issue 29): how a client whose room another node holds is passed on there. */
  readonly cluster?: ClusterLink;
}

const idOf = (m: ClientMessage): string | undefined => (m.type === 'hello' || m.type === 'claim' || m.type === 'ping' || m.type === 'back' || m.type === 'signal' ? undefined : m.id);

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
  conn.gone();
}
function onPong(this: ConnSocket): void {
  if (this.conn) this.conn.awaitingPong = false;
}
function closeUnwelcomed(conn: Connection): void {
  conn.handshakeExpired();
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
  /** A ping was sent and its pong has not come yet (the idle check, see `pingAll`). */
  awaitingPong = false;
  private strikes = 0;
  private tail: Promise<void> | null = null;
  /** The message being handled now (Conn.arrival). */
  arrival: Arrival | null = null;
  /** Until the connection has entered a room: the timer that closes it (HELLO_TIMEOUT). */
  private handshake: NodeJS.Timeout | null;
  /** Cluster mode: the node holding this client's room, whom its frames are passed on to (upstream.ts). */
  private upstream: Upstream | null = null;
  /** Until when a client whose room's node cannot be reached keeps being passed on (epoch ms). */
  private passingUntil = 0;

  /**
   * `address`: the client's address key (addressGuard.ts), counted in `ctx.guard` until the socket
   * closes. `forwarded`: passed on by another node of the cluster, so never passed on again.
   */
  constructor(private readonly socket: ConnSocket, readonly ctx: ConnectionContext, readonly address: string, readonly forwarded = false) {
    this.tokens = ctx.limits.burst;
    // The monotonic clock: a wall clock set back would leave the bucket empty for as long as it went back.
    this.refilled = performance.now();
    ctx.guard.opened(address, !forwarded);
    this.handshake = setTimeout(closeUnwelcomed, ctx.limits.helloTimeoutMs, this);
    socket.conn = this;
    socket.on('message', onMessage);
    socket.on('close', onGone);
    socket.on('error', onGone);
    socket.on('pong', onPong);
  }

  /** The socket closed: leave the room, give the address its slot back. */
  gone(): void {
    this.endHandshake();
    this.upstream?.close();
    this.upstream = null;
    this.ctx.manager.leave(this);
    this.ctx.guard.closed(this.address, !this.forwarded);
  }

  /**
   * The idle check: cut off if the last ping was not answered, else ping again. Every connection is
   * pinged, a talking one too: a frame from the client proves it sends, not that it reads, and a
   * client that sends but never reads is the slow reader (docs/decisions.md "Every connection pinged").
   */
  ping(): void {
    if (this.awaitingPong) {
      this.socket.terminate();
      return;
    }
    this.awaitingPong = true;
    this.socket.ping();
  }

  /** HELLO_TIMEOUT passed without a welcome: a socket that only holds a descriptor is closed. */
  handshakeExpired(): void {
    this.handshake = null;
    const seconds = this.ctx.limits.helloTimeoutMs / 1000;
    this.ctx.refusals.count('hello-timeout');
    this.send(errorText({ code: 'hello-timeout', message: `no hello or claim was welcomed within ${seconds} s of connecting` }));
    this.socket.close(1008, 'no hello in time');
  }

  private endHandshake(): void {
    if (this.handshake === null) return;
    clearTimeout(this.handshake);
    this.handshake = null;
  }

  send(text: string): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.ctx.limits.maxBuffered) {
      // Counted like a refusal, not a line each: slow readers come in floods too.
      this.ctx.refusals.count('too-slow');
      socket.close(1013, 'too slow');
      return;
    }
    socket.send(text);
  }

  receive(data: RawData, isBinary: boolean): void {
    const at = stageNow();
    const { limits } = this.ctx;
    if (!takeToken(this, limits.perSecond, limits.burst, performance.now())) {
      return this.refuse({ code: 'rate-limited', message: `more than ${limits.perSecond} messages a second; this one was dropped` });
    }
    // A client passed on by another node was counted against his address there.
    if (!this.forwarded && !this.ctx.guard.takeMessage(this.address)) {
      return this.refuse({ code: 'rate-limited', message: `more than ${this.ctx.guard.limits.messagesPerSecond} messages a second from this address; this one was dropped` });
    }
    if (isBinary) return this.refuse({ code: 'binary', message: 'messages are JSON text frames, not binary' });
    const text = String(data);
    // Passed on to the room's node: it reads the frame, as it does its own clients'.
    if (this.upstream) return this.upstream.send(text);
    const parsed = parseClientMessage(text);
    const arrival = { at, parsed: stageNow() };
    this.ctx.manager.stageTimes.observe('parse', arrival.parsed - at);
    if (!parsed.ok) return this.refuse(parsed.error, parsed.error.id);
    this.enqueue(parsed.message, text, arrival);
  }

  private enqueue(m: ClientMessage, text: string, arrival: Arrival): void {
    // Chained only while a message is in flight, so an idle connection holds no promise.
    const run = (this.tail ?? Promise.resolve())
      .then(() => {
        // Passed on while this frame waited its turn: the room's node gets it, in order.
        if (this.upstream) return this.upstream.send(text);
        // The room job this message starts (if any) is timed from here (stages.ts).
        this.arrival = arrival;
        return this.handle(m);
      })
      .catch((e: unknown) => (e instanceof RoomElsewhere ? this.passOn(e, m, text) : this.failed(e, idOf(m))))
      .then(() => {
        this.arrival = null;
        if (this.roomId !== null) this.endHandshake();
      });
    const tail = run.then(() => {
      if (this.tail === tail) this.tail = null;
    });
    this.tail = tail;
  }

  private handle(m: ClientMessage): Promise<void> | void {
    const manager = this.ctx.manager;
    if ((m.type === 'hello' || m.type === 'claim') && !this.ctx.guard.mayLookUp(this.address)) return this.tooManyLookups();
    switch (m.type) {
      case 'hello': return manager.hello(this, m.room, m.auth, m.lastSeq);
      case 'claim': return manager.claim(this, m.room, m);
      case 'start': return manager.start(this, m.id);
      case 'next': return manager.nextGame(this, m.id);
      case 'command': return manager.command(this, m.id, m.command);
      case 'release': return manager.release(this, m.seat, m.id);
      case 'bot': return manager.addBot(this, m.seat, m.name, m.id);
      case 'say': return manager.say(this, m.channel, m.text, m.id);
      case 'mute': return manager.mute(this, m.seat, m.muted, m.id);
      case 'chatMode': return manager.setChatMode(this, m.mode, m.id);
      case 'idleLimit': return manager.setIdleLimit(this, m.limit, m.id);
      case 'back': return manager.back(this);
      case 'close': return manager.closeRoom(this, m.id);
      case 'timer': return manager.adjustTimer(this, m.add, m.id);
      case 'pause': return manager.setPaused(this, true, m.id);
      case 'resume': return manager.setPaused(this, false, m.id);
      case 'skip': return manager.skip(this, m.id);
      case 'step': return manager.openStep(this, m.step, m.id);
      case 'tap': return manager.tap(this, m.id, m.by, m.step);
      case 'rename': return manager.rename(this, m.seat, m.name, m.id);
      case 'signal': return manager.signal(this, m.to, m.data);
      case 'ping': return this.send(frame({ v: PROTOCOL_VERSION, type: 'pong', now: manager.serverNow() }));
    }
  }

  /**
   * The room is held by another node (issue 29): this client is passed on there, the hello or
   * claim first. While that node cannot be reached (it died and its lease has not run out), the
   * message is tried again every half second for `retryMs`: the room's next holder takes it then.
   */
  private passOn(e: RoomElsewhere, m: ClientMessage, text: string): void {
    const link = this.ctx.cluster;
    if (!link || this.forwarded) return this.moved();
    this.endHandshake();
    if (this.passingUntil === 0) this.passingUntil = Date.now() + link.retryMs;
    const retry = () => {
      if (Date.now() >= this.passingUntil || this.socket.readyState !== this.socket.OPEN) {
        this.send(errorText(ROOM_UNAVAILABLE));
        return void this.socket.close(1013, 'room unavailable');
      }
      setTimeout(() => this.enqueue(m, text, { at: stageNow(), parsed: stageNow() }), 500).unref();
    };
    // Another client found that node unreachable a moment ago: wait instead of trying it again.
    if (waitBeforeTrying(e.url) > 0) return retry();
    this.upstream = new Upstream(e.url, link, this.address, text, {
      relay: (t) => this.send(t),
      ended: (opened) => {
        this.upstream = null;
        if (opened) return this.moved();
        retry();
      },
    });
  }

  /** The room is served by another node now: the client is told and reconnects (to whichever node). */
  moved(requestId?: string): void {
    this.upstream?.close();
    this.upstream = null;
    this.send(errorText(ROOM_MOVED, requestId));
    this.socket.close(1012, 'room moved');
  }

  /** Out of look-ups of unknown codes: no room is looked up (a hit would tell the code exists) until they decay. */
  private tooManyLookups(): void {
    const r: Refusal = { code: 'too-many-lookups', message: `more than ${this.ctx.guard.limits.lookupMissesPerMinute} look-ups of unknown room codes a minute from this address; try again later` };
    this.ctx.refusals.count(r.code);
    this.send(errorText(r));
    this.socket.close(1008, 'too many look-ups');
  }

  private failed(e: unknown, id: string | undefined): void {
    if (e instanceof RoomError) {
      if (e.refusal.code === 'no-room') this.ctx.guard.missed(this.address);
      return this.refuse(e.refusal, id);
    }
    this.ctx.log.error({ conn: this.id, err: e instanceof Error ? e.message : String(e) }, 'message failed');
    this.refuse(serverFailure(e), id);
  }

  /** A refusal from inside a room job (manager.ts `run`): the same as one of this connection's own. */
  refused(r: Refusal, id?: string): void {
    this.refuse(r, id);
  }

  private refuse(r: Refusal, id?: string): void {
    this.send(errorText(r, id));
    const { refusals, guard, limits } = this.ctx;
    refusals.count(r.code);
    if (!STRIKES.has(r.code)) return;
    this.strikes++;
    // An address out of strikes (over all its connections) loses this connection at once.
    const addressHasStrikesLeft = guard.strike(this.address);
    if (this.strikes >= limits.strikes || !addressHasStrikesLeft) {
      this.send(frame({ v: PROTOCOL_VERSION, type: 'error', code: 'too-many-errors', message: `closed after ${this.strikes} refused messages` }));
      this.socket.close(1008, 'too many refused messages');
    }
  }
}

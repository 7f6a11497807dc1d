import { asEngineCommand, parseClientMessage, PROTOCOL_VERSION, type ClientMessage } from '@mafia/protocol';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { RoomError, type Refusal } from '../room/errors.js';
import type { Conn, RoomManager } from '../room/manager.js';
import { TokenBucket } from './rateLimit.js';

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
const STRIKES = new Set(['oversized', 'malformed', 'bad-version', 'unknown-type', 'bad-message', 'rate-limited', 'bad-key', 'bad-token', 'not-in-room', 'spectator', 'not-your-seat', 'binary']);

let nextId = 1;

/**
 * One WebSocket client. Its messages are handled one at a time, in order (a command sent right
 * after hello finds the connection in its room). A refused message gets an error to this client
 * only; the connection stays open until `strikes` refusals.
 */
export function handleSocket(socket: WebSocket, manager: RoomManager, log: Logger, limits: ConnectionLimits = DEFAULT_LIMITS): Conn {
  const bucket = new TokenBucket(limits.perSecond, limits.burst);
  let strikes = 0;
  let tail: Promise<void> = Promise.resolve();
  const conn: Conn = {
    id: nextId++,
    you: null,
    roomId: null,
    send(text: string) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > limits.maxBuffered) {
        log.warn({ conn: conn.id }, 'closing a client that does not read');
        socket.close(1013, 'too slow');
        return;
      }
      socket.send(text);
    },
  };

  const refuse = (r: Refusal, id?: string): void => {
    conn.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'error', code: r.code, message: r.message, ...(r.rule ? { rule: r.rule } : {}), ...(r.path ? { path: r.path } : {}), ...(id ? { id } : {}) }));
    if (!STRIKES.has(r.code)) return;
    strikes++;
    log.warn({ conn: conn.id, room: conn.roomId, code: r.code, strikes }, 'refused a message');
    if (strikes >= limits.strikes) {
      conn.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'error', code: 'too-many-errors', message: `closed after ${strikes} refused messages` }));
      socket.close(1008, 'too many refused messages');
    }
  };

  const handle = async (m: ClientMessage): Promise<void> => {
    switch (m.type) {
      case 'hello': return manager.hello(conn, m.room, m.auth, m.lastSeq);
      case 'claim': return manager.claim(conn, m.room, m.seat, m.name, m.lastSeq);
      case 'start': return manager.start(conn, m.id);
      case 'command': return manager.command(conn, m.id, asEngineCommand(m.command));
      case 'release': return manager.release(conn, m.seat, m.id);
      case 'close': return manager.closeRoom(conn, m.id);
      case 'timer': return manager.adjustTimer(conn, m.add, m.id);
      case 'ping': return conn.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'pong', now: Date.now() }));
    }
  };

  socket.on('message', (data, isBinary) => {
    if (!bucket.take()) return refuse({ code: 'rate-limited', message: `more than ${limits.perSecond} messages a second; this one was dropped` });
    if (isBinary) return refuse({ code: 'binary', message: 'messages are JSON text frames, not binary' });
    const parsed = parseClientMessage(String(data));
    if (!parsed.ok) return refuse(parsed.error, parsed.error.id);
    const m = parsed.message;
    const id = m.type === 'command' || m.type === 'start' || m.type === 'release' || m.type === 'close' || m.type === 'timer' ? m.id : undefined;
    tail = tail.then(() => handle(m)).catch((e: unknown) => {
      if (e instanceof RoomError) refuse(e.refusal, id);
      else {
        log.error({ conn: conn.id, err: e instanceof Error ? e.message : String(e) }, 'message failed');
        refuse({ code: 'server-error', message: 'the server could not do that; nothing was changed' }, id);
      }
    });
  });
  socket.on('close', () => manager.leave(conn));
  socket.on('error', () => manager.leave(conn));
  return conn;
}

import { parseServerMessage, type Auth, type LogItem, type ServerMessage } from '@mafia/protocol';
import type { PingClock } from './clock';
import type { RequestTracker } from './requests';
import type { Outgoing, SeatTokenStore, WireError } from './roomState';
import type { RoomSocket } from './socket';
import type { RoomStore } from './store';

export type Welcome = Extract<ServerMessage, { type: 'welcome' }>;
type ErrorMessage = Extract<ServerMessage, { type: 'error' }>;

/** A hello or claim sent and not answered yet. */
export interface Joining {
  readonly message: Outgoing;
  resolve(m: Welcome): void;
  reject(e: WireError): void;
}

/** What the client and its inbox share: who this connection is now, and what it waits for. */
export interface Session {
  auth: Auth;
  /** A welcome came on the socket open now. */
  welcomed: boolean;
  joining: Joining | null;
}

export interface InboxDeps {
  readonly code: string;
  readonly session: Session;
  readonly store: RoomStore;
  readonly requests: RequestTracker;
  readonly socket: RoomSocket;
  readonly clock: PingClock;
  readonly tokens?: SeatTokenStore;
  hello(): Outgoing;
  /** Closes the client for good (as RoomClient.close). */
  close(): void;
  /** Stops the client when the room is closed; true when it did. */
  stopIfClosed(): boolean;
  /** A signal from a media peer, or the refusal of one this client sent (voice and video: the media panel takes both). */
  media(e: MediaEvent): void;
}

/** What the media panel hears from the socket: a peer's signal, or the refusal of one of ours. */
export type MediaEvent = { readonly signal: Extract<ServerMessage, { type: 'signal' }> } | { readonly refused: WireError };

/** The refusals of a `signal` (it has no id): the media panel shows them, not the screen's notice. */
export const MEDIA_REFUSALS: ReadonlySet<string> = new Set(['media-not-now', 'signal-bad-target', 'media-spectator']);

/** hello/claim refusals after which trying again the same way cannot work. */
const AUTH_FATAL = new Set(['no-room', 'bad-key', 'no-human-host', 'has-human-host', 'bad-token', 'seat-not-claimed', 'bad-seat', 'bad-message']);

/**
 * Adds items the log does not have yet (a seat that was a spectator may be sent some again). The
 * next game at the table (an item with `game`) starts the log anew: each game has its own.
 */
export function mergeLog(log: readonly LogItem[], items: readonly LogItem[]): readonly LogItem[] {
  if (items.length === 0) return log;
  const last = log.length > 0 ? log[log.length - 1]!.seq : 0;
  const fresh = items.filter((i) => i.seq > last);
  if (fresh.length === 0) return log;
  const next = fresh.findLastIndex((i) => i.kind === 'events' && i.game !== undefined);
  return next >= 0 ? fresh.slice(next) : [...log, ...fresh];
}

/**
 * What the server sends, taken in: each frame is checked against the protocol's schema first. A
 * frame that is not a server message becomes `lastError` (`bad-server-message`, which the screens
 * show in words) and changes nothing else; a message type this client does not know is ignored.
 */
export class RoomInbox {
  constructor(private readonly d: InboxDeps) {}

  receive(data: unknown): void {
    const parsed = parseServerMessage(typeof data === 'string' ? data : String(data));
    if (!parsed.ok) {
      if (parsed.error.code === 'unknown-server-message') return;
      const { code, message, path } = parsed.error;
      this.d.store.set({ lastError: { code, message, ...(path ? { path } : {}) } });
      return;
    }
    const m = parsed.message;
    const { store, requests } = this.d;
    switch (m.type) {
      case 'welcome':
        return this.onWelcome(m);
      case 'update': {
        const ack = requests.take(m.ack);
        store.set({
          seq: Math.max(store.getState().seq, m.seq),
          log: mergeLog(store.getState().log, m.items),
          ...(m.lobby ? { lobby: m.lobby } : {}),
          // Absent from an update that changes nothing of the game (a chat line): what we have stands.
          ...(m.view !== undefined ? { view: m.view } : {}),
          ...(m.pending !== undefined ? { pending: m.pending } : {}),
          ...(m.timer !== undefined ? { timer: m.timer } : {}),
          // A step of the game was taken: the app host's refused step is behind us.
          ...(m.items.some((i) => i.kind === 'events') ? { alert: null } : {}),
        });
        ack?.resolve(m.seq);
        this.d.stopIfClosed();
        return;
      }
      case 'ack': {
        const f = requests.take(m.id);
        if (f) {
          store.set({});
          f.resolve(m.seq);
        }
        return;
      }
      case 'pong':
        store.set({ clockOffset: this.d.clock.pong(m.now) });
        return;
      case 'error':
        return this.onError(m);
      case 'alert': {
        const { v: _v, type: _type, ...alert } = m;
        store.set({ alert });
        return;
      }
      case 'seatCodes':
        store.set({ seatCodes: m.codes });
        return;
      case 'idle':
        store.set({ idle: { misses: m.misses, limit: m.limit, standIn: m.standIn } });
        return;
      case 'idleSeats':
        store.set({ idleSeats: m.seats });
        return;
      case 'signal':
        this.d.media({ signal: m });
        return;
    }
  }

  private onWelcome(m: Welcome): void {
    const { session, store, tokens, code } = this.d;
    session.welcomed = true;
    if (m.token !== undefined && m.you.as === 'seat') {
      session.auth = { as: 'seat', seat: m.you.seat, token: m.token };
      tokens?.setSeat(code, m.you.seat, m.token);
      tokens?.forgetPendingClaim?.(code);
    }
    const joining = session.joining;
    session.joining = null;
    store.set({
      status: 'open', attempt: 0, you: m.you, lobby: m.lobby, view: m.view, pending: m.pending, timer: m.timer,
      seq: m.seq, log: mergeLog(store.getState().log, m.items), lastError: null, alert: m.alert ?? null,
    });
    joining?.resolve(m);
    if (this.d.stopIfClosed()) return;
    // Commands not answered before the drop (or asked while away) go now, with their ids.
    this.d.requests.sendAll((message) => this.d.socket.send(message));
    this.d.clock.start();
  }

  private onError(m: ErrorMessage): void {
    const { session, store, tokens, code, socket } = this.d;
    const err: WireError = { code: m.code, message: m.message, ...(m.rule ? { rule: m.rule } : {}), ...(m.path ? { path: m.path } : {}), ...(m.id ? { id: m.id } : {}) };
    if (m.id === undefined && MEDIA_REFUSALS.has(m.code)) return this.d.media({ refused: err });
    const f = this.d.requests.take(m.id);
    if (f) {
      store.set({ lastError: err });
      f.reject(err);
      return;
    }
    if (m.code === 'seat-renamed' && session.auth.as === 'seat') {
      // Issue 24: a replacement took our seat; the token is dead. Watch on, and say who has it now.
      const seat = session.auth.seat;
      tokens?.forgetSeat(code);
      session.auth = { as: 'spectator' };
      store.set({ lastError: err, you: null, seatLost: { seat, name: store.getState().lobby?.renamed?.[seat - 1] ?? null } });
      if (socket.isOpen()) socket.send(this.d.hello());
      return;
    }
    if (m.code === 'seat-released') {
      // The host freed our seat: the token is dead; carry on watching as a spectator.
      tokens?.forgetSeat(code);
      session.auth = { as: 'spectator' };
      store.set({ lastError: err, you: null });
      if (socket.isOpen()) socket.send(this.d.hello());
      return;
    }
    if (m.code === 'host-handed-over') return this.closeWith(err); // issue 24: this console's key opens nothing now
    if (!session.welcomed || session.joining) {
      const joining = session.joining;
      if (joining) {
        // A refused claim leaves the connection where it was; the attempt is over, and so is its key.
        session.joining = null;
        if (joining.message.type === 'claim') tokens?.forgetPendingClaim?.(code);
        store.set({ lastError: err });
        joining.reject(err);
        if (!session.welcomed && socket.isOpen()) socket.send(this.d.hello());
        return;
      }
      if (m.code === 'bad-last-seq') {
        // The server's log is behind what we saw (another numbering, a new database): start over.
        store.set({ seq: 0, log: [], lastError: err });
        socket.send(this.d.hello());
        return;
      }
      if (AUTH_FATAL.has(m.code)) {
        if (session.auth.as === 'seat' && (m.code === 'bad-token' || m.code === 'seat-not-claimed')) tokens?.forgetSeat(code);
        return this.closeWith(err);
      }
    }
    store.set({ lastError: err });
  }

  /** Stops for good and keeps `err` for the screen (close() itself sets the state once more). */
  private closeWith(err: WireError): void {
    this.d.store.set({ lastError: err });
    this.d.close();
    this.d.store.set({ lastError: err });
  }
}

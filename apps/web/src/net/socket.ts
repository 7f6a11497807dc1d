import type { Timers } from './clock';
import type { Outgoing, RoomClientOptions, SocketFactory, SocketLike, WireError } from './roomState';

const OPEN = 1;

export function defaultSocketUrl(): string {
  const loc = globalThis.location;
  if (!loc) return 'ws://localhost:3000/ws';
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/**
 * The browser's WebSocket behind the SocketLike the client uses: its handlers take the DOM's event
 * types, so it is wrapped rather than cast.
 */
const browserSocket: SocketFactory = (url) => {
  const ws = new WebSocket(url);
  const s: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null, onmessage: null, onclose: null, onerror: null,
  };
  ws.onopen = (ev) => s.onopen?.(ev);
  ws.onmessage = (ev) => s.onmessage?.(ev);
  ws.onclose = (ev) => s.onclose?.(ev);
  ws.onerror = (ev) => s.onerror?.(ev);
  return s;
};

/** What the connection tells its client. */
export interface SocketEvents {
  /** A new socket is being opened (first time or after a drop). */
  connecting(): void;
  /** The socket could not even be made. */
  failed(err: WireError): void;
  opened(): void;
  received(data: unknown): void;
  /** The open socket went away (the client fails what cannot be re-sent). */
  dropped(): void;
  /** After a drop, while not stopped: the client is connecting again. */
  reconnecting(): void;
  /** The next reconnect attempt's number (the client counts and shows them). */
  nextAttempt(): number;
}

/**
 * One WebSocket at a time to /ws, reopened after a drop with exponential backoff and jitter until
 * `stop()`. A socket that was replaced is ignored: its late events reach nobody.
 */
export class RoomSocket {
  private socket: SocketLike | null = null;
  private retryTimer: unknown = null;
  private stopped = true;

  constructor(
    private readonly o: Pick<RoomClientOptions, 'url' | 'socket' | 'backoff' | 'random'>,
    private readonly timers: Timers,
    private readonly events: SocketEvents,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  /** Opens the connection unless it runs already; true when it was stopped. */
  start(): boolean {
    if (!this.stopped) return false;
    this.stopped = false;
    this.open();
    return true;
  }

  /** Stops for good: no reconnect; the socket is closed without telling anybody. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000, 'bye');
      } catch {
        // already closed
      }
    }
  }

  send(m: Outgoing): void {
    try {
      this.socket?.send(JSON.stringify({ v: 1, ...m }));
    } catch {
      // the close handler will follow
    }
  }

  /** Drops the socket now and reconnects (e.g. when the page comes back to the foreground). */
  reconnectNow(): void {
    if (this.stopped) return;
    if (this.retryTimer !== null) {
      this.timers.clear(this.retryTimer);
      this.retryTimer = null;
      this.open();
      return;
    }
    const s = this.socket;
    if (s) {
      try {
        s.close(4000, 'reconnect');
      } catch {
        // ignore
      }
      this.drop(s);
    }
  }

  private open(): void {
    this.events.connecting();
    let s: SocketLike;
    try {
      s = (this.o.socket ?? browserSocket)(this.o.url ?? defaultSocketUrl());
    } catch (e) {
      this.events.failed({ code: 'connect-failed', message: e instanceof Error ? e.message : String(e) });
      this.scheduleReconnect();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      if (s === this.socket) this.events.opened();
    };
    s.onmessage = (ev) => {
      if (s === this.socket) this.events.received(ev.data);
    };
    s.onclose = () => this.drop(s);
    s.onerror = () => {
      // onclose follows
    };
  }

  private drop(s: SocketLike): void {
    if (s !== this.socket) return;
    this.socket = null;
    this.events.dropped();
    if (this.stopped) return;
    this.events.reconnecting();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const attempt = this.events.nextAttempt();
    const { initialMs, maxMs } = this.o.backoff ?? { initialMs: 500, maxMs: 15_000 };
    const base = Math.min(maxMs, initialMs * 2 ** (attempt - 1));
    const delay = Math.round(base * (0.8 + 0.4 * (this.o.random ?? Math.random)()));
    this.retryTimer = this.timers.timeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }
}

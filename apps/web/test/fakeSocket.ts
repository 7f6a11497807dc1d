import { RoomClient, type RoomClientOptions, type SocketLike } from '../src/net/client';
import { createSecrets, memoryStore } from '../src/net/secrets';

/** A WebSocket stand-in: records what the client sends; the test opens, answers and drops it. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Record<string, any>[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code?: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...m }) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  last(): Record<string, any> {
    return this.sent[this.sent.length - 1]!;
  }
}

/** Manual timers: run() fires whatever is due. */
export class FakeTimers {
  now = 1_000_000;
  private seq = 0;
  readonly pending = new Map<number, { at: number; f: () => void; ms: number }>();
  setTimeout = (f: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, f, ms });
    return id;
  };
  clearTimeout = (t: unknown): void => {
    this.pending.delete(t as number);
  };
  /** Advances the clock by `ms`, firing every timer due on the way. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].f();
    }
    this.now = end;
  }
  delays(): number[] {
    return [...this.pending.values()].map((p) => p.ms);
  }
}

/**
 * A RoomClient of room ABCDEF (as its host) over FakeSockets, on FakeTimers' clock, with no pings
 * and numbered request ids (c1, c2, …); `o` replaces any option (another auth, …). `sock()` is the
 * socket it opened last.
 */
export function fakeClient(o: Partial<RoomClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const secrets = createSecrets(memoryStore());
  let n = 0;
  const client = new RoomClient({
    code: 'abcdef',
    auth: { as: 'host', key: 'k'.repeat(20) },
    url: 'ws://test/ws',
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    tokens: secrets,
    backoff: { initialMs: 100, maxMs: 1000 },
    pingEveryMs: 0,
    pongTimeoutMs: 0,
    now: () => timers.now,
    random: () => 0.5,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    newId: () => `c${++n}`,
    ...o,
  });
  const sock = () => sockets[sockets.length - 1]!;
  return { client, sockets, sock, timers, secrets };
}

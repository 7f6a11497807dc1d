/**
 * One test client of a room over the real WebSocket (docs/wire-protocol.md), for bots: it keeps the
 * latest view and pending decisions the server sent this viewer, the host's engine events of the
 * game being played, and answers each request with a promise (its `ack`, or the refusal).
 * It paces itself under the server's per-connection limit (20 messages a second, a burst of 40).
 */
import type { GameEvent, GameView, Pending } from '@mafia/engine';
import { parseServerFrame, type Auth, type LogItem } from '@mafia/protocol';
import WebSocket from 'ws';
import { sleep } from './harness';

type Msg = Record<string, any>;

/** A refusal the server sent for a request of this client. */
export class Refused extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

const RATE = 16; // messages a second kept up (the server allows 20)
const BURST = 30; // at once (the server allows 40)

export class WireConn {
  view: GameView | null = null;
  pending: readonly Pending[] = [];
  /** The last seq this viewer was sent (its own numbering). */
  seq = 0;
  /** The engine events of the game being played, as this viewer was sent them (all of them for the host). */
  events: GameEvent[] = [];
  /** Errors that answered no request of ours (none are expected). */
  readonly stray: string[] = [];
  /** Host only: the free seats' codes the server last sent (`seatCodes`). */
  seatCodes: readonly { readonly seat: number; readonly code: string }[] = [];
  /** A replacement took this connection's seat (the error `seat-renamed`, issue 24): it holds no seat now. */
  renamed = false;
  private readonly waiting = new Map<string, { ok: () => void; fail: (e: Error) => void }>();
  private welcome: { ok: (m: Msg) => void; fail: (e: Error) => void } | null = null;
  private readonly listeners = new Set<() => void>();
  private tokens = BURST;
  private refilled = performance.now();
  private ids = 0;

  private constructor(private readonly socket: WebSocket, private readonly name: string) {
    socket.on('message', (d) => {
      const parsed = parseServerFrame(String(d));
      if (!parsed.ok) throw new Error(`${name}: a frame off the protocol: ${parsed.error}`);
      this.receive(parsed.message);
    });
  }

  static async open(url: string, name: string): Promise<WireConn> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((ok, fail) => {
      socket.once('open', () => ok());
      socket.once('error', fail);
    });
    return new WireConn(socket, name);
  }

  /** Enters `code` as the host (its key) or claims a free seat before the start. */
  async enter(code: string, who: { host: string } | { seat: number; seatCode?: string }): Promise<void> {
    const m = 'host' in who
      ? { type: 'hello', room: code, auth: { as: 'host', key: who.host } satisfies Auth }
      : { type: 'claim', room: code, seat: who.seat, ...(who.seatCode ? { seatCode: who.seatCode } : {}) };
    this.renamed = false;
    const done = new Promise<Msg>((ok, fail) => (this.welcome = { ok, fail }));
    await this.send(m);
    await done;
  }

  command(command: unknown): Promise<void> {
    return this.request({ type: 'command', command });
  }

  start(): Promise<void> {
    return this.request({ type: 'start' });
  }

  /** «Новая игра с теми же местами»: the next game at the same table. */
  next(): Promise<void> {
    return this.request({ type: 'next' });
  }

  /** Resolves when `pred` holds for this client (checked at every message it receives). */
  until(pred: () => boolean, what: string, ms = 10_000): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((ok, fail) => {
      const check = () => {
        if (!pred()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        ok();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        fail(new Error(`${this.name}: timed out after ${ms} ms waiting for ${what} (seq ${this.seq}, phase ${JSON.stringify(this.view?.phase)})`));
      }, ms);
      this.listeners.add(check);
    });
  }

  close(): void {
    this.socket.close();
  }

  private async request(m: Msg): Promise<void> {
    const id = `${this.name}-${++this.ids}`;
    const done = new Promise<void>((ok, fail) => this.waiting.set(id, { ok, fail }));
    await this.send({ ...m, id });
    return done;
  }

  private async send(m: Msg): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(BURST, this.tokens + ((now - this.refilled) / 1000) * RATE);
      this.refilled = now;
      if (this.tokens >= 1) break;
      await sleep(((1 - this.tokens) / RATE) * 1000 + 1);
    }
    this.tokens -= 1;
    this.socket.send(JSON.stringify({ v: 1, ...m }));
  }

  private receive(m: Msg): void {
    if (m.type === 'welcome' || m.type === 'update') {
      this.seq = Math.max(this.seq, m.seq as number);
      // A chat line's update carries no view: the game did not move.
      if (m.view !== undefined) this.view = m.view as GameView | null;
      if (m.pending !== undefined) this.pending = m.pending as Pending[];
      for (const item of m.items as LogItem[]) this.take(item);
      if (m.type === 'welcome') {
        this.welcome?.ok(m);
        this.welcome = null;
      }
      if (m.ack !== undefined) this.settle(m.ack as string);
    } else if (m.type === 'ack') this.settle(m.id as string);
    else if (m.type === 'seatCodes') this.seatCodes = m.codes as { seat: number; code: string }[];
    else if (m.type === 'error' && m.code === 'seat-renamed') this.renamed = true;
    else if (m.type === 'error') {
      const e = new Refused(m.code as string, m.message as string);
      const w = m.id !== undefined ? this.waiting.get(m.id as string) : undefined;
      if (w) {
        this.waiting.delete(m.id as string);
        w.fail(e);
      } else if (this.welcome) {
        this.welcome.fail(e);
        this.welcome = null;
      } else this.stray.push(e.message);
    }
    for (const l of [...this.listeners]) l();
  }

  private take(item: LogItem): void {
    if (item.kind !== 'events') return;
    const events = item.events as readonly GameEvent[];
    // A game's first entry (the start, or a `next`) begins with GameCreated: its log begins there.
    if (events[0]?.type === 'GameCreated') this.events = [];
    this.events.push(...events);
  }

  private settle(id: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    w.ok();
  }
}

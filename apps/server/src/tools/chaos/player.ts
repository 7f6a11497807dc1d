import { createBot, nextSeatCommand, triedDecisions } from '@mafia/bots';
import { seatNo, type Command, type GameView, type Pending } from '@mafia/engine';
import { WebSocket } from 'ws';

type Msg = Record<string, any>;

export interface PlayerOptions {
  readonly code: string;
  readonly seat: number;
  readonly seed: number;
  /** The most a bot waits before it acts (ms; a random share of it). */
  readonly thinkMs: number;
  /** A node to (re)connect to: any live one (the tool plays the balancer). */
  readonly nodeUrl: () => string;
  readonly onError: (what: string) => void;
}

/**
 * One seat of a chaos run (issue 29): claims its seat, plays with a random bot as the load test's
 * players do, and survives its node's death as a real client does: reconnects to another node with
 * its token and last sequence number, and sends again every command it has no answer to, with the
 * same id (answered as a duplicate if it was recorded). It keeps every id acknowledged to it: the run
 * then checks each is in the room's log once.
 */
export class ChaosPlayer {
  /** Ids the server acknowledged (an update naming it, or a duplicate's ack). */
  readonly acked = new Set<string>();
  /** Sent and not yet answered: id → the command. */
  private readonly unanswered = new Map<string, Command>();
  private readonly bot;
  private readonly tried = triedDecisions();
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private lastSeq = 0;
  private view: GameView | null = null;
  private pending: readonly Pending[] = [];
  private busy = false;
  private nextId = 1;
  reconnects = 0;
  ended = false;
  private stopped = false;
  private onEnd: () => void = () => {};
  readonly done = new Promise<void>((r) => (this.onEnd = r));

  constructor(private readonly o: PlayerOptions) {
    this.bot = createBot('random', seatNo(o.seat), o.seed);
  }

  /** Connects (and claims the seat the first time); resolves on the welcome. */
  connect(): Promise<void> {
    return new Promise<void>((resolve) => {
      const ws = new WebSocket(`${this.o.nodeUrl().replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false, handshakeTimeout: 5000 });
      this.socket = ws;
      let welcomed = false;
      ws.on('open', () => {
        const auth = this.token === null
          ? { v: 1, type: 'claim', room: this.o.code, seat: this.o.seat }
          : { v: 1, type: 'hello', room: this.o.code, auth: { as: 'seat', seat: this.o.seat, token: this.token }, lastSeq: this.lastSeq };
        ws.send(JSON.stringify(auth));
      });
      ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as Msg;
        if (m.type === 'welcome' && !welcomed) {
          welcomed = true;
          resolve();
        }
        this.take(m);
      });
      ws.on('error', () => {});
      ws.on('close', () => {
        if (this.socket !== ws) return;
        this.socket = null;
        if (!welcomed) resolve();
        if (this.ended || this.stopped) return;
        // The node died or gave the room up: back in a moment, to whichever node answers.
        this.reconnects++;
        setTimeout(() => void this.connect(), 200 + Math.random() * 300).unref();
      });
    });
  }

  private take(m: Msg): void {
    if (typeof m.seq === 'number' && (m.type === 'welcome' || m.type === 'update')) this.lastSeq = Math.max(this.lastSeq, m.seq);
    if (m.type === 'welcome') {
      if (typeof m.token === 'string') this.token = m.token;
      this.see(m.view, m.pending);
      // Whatever got no answer before the drop is sent again, as it was.
      for (const [id, command] of this.unanswered) this.socket?.send(JSON.stringify({ v: 1, type: 'command', id, command }));
      return;
    }
    if (m.type === 'update') {
      if (typeof m.ack === 'string') this.answered(m.ack, true);
      if (m.view) this.see(m.view, m.pending ?? []);
      return;
    }
    if (m.type === 'ack' && typeof m.id === 'string') return this.answered(m.id, true);
    if (m.type === 'error') {
      if (typeof m.id === 'string') this.answered(m.id, false);
      else if (m.code !== 'room-moved' && m.code !== 'room-unavailable') this.o.onError(m.code);
    }
  }

  private answered(id: string, recorded: boolean): void {
    if (!this.unanswered.delete(id)) return;
    if (recorded) this.acked.add(id);
    this.busy = false;
    this.schedule();
  }

  private see(view: GameView | null, pending: readonly Pending[]): void {
    if (view === null) return;
    this.view = view;
    this.pending = pending;
    if (view.phase.kind === 'ended') {
      this.ended = true;
      this.onEnd();
      this.socket?.close();
      return;
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.busy || this.ended || this.view === null) return;
    this.busy = true;
    setTimeout(() => this.act(), Math.random() * this.o.thinkMs).unref();
  }

  private act(): void {
    const view = this.view;
    if (this.ended || view === null || this.socket?.readyState !== WebSocket.OPEN) {
      this.busy = false;
      return;
    }
    const command = nextSeatCommand(this.bot, this.lastSeq, view, this.pending, this.tried);
    if (command === null) {
      this.busy = false;
      return;
    }
    const id = `s${this.o.seat}-${this.nextId++}`;
    this.unanswered.set(id, command);
    this.socket.send(JSON.stringify({ v: 1, type: 'command', id, command }));
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

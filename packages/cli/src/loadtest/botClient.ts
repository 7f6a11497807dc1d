import { createBot, nextSeatCommand, triedDecisions } from '@mafia/bots';
import { seatNo, type ChatChannel, type GameView } from '@mafia/engine';
import { parseServerFrame, type OutgoingClientMessage, type ServerMessage } from '@mafia/protocol';
import WebSocket from 'ws';
import { readLatest } from './readLatest.js';
import { Latencies, Tally } from './stats.js';

/** A chat line a client writes (`say`, online rooms: issue 26). */
export interface ChatLine {
  readonly channel: ChatChannel;
  readonly text: string;
}

/**
 * A client's chat: asked on its own timer (`chatEveryMs`) or, without one, on each view the bot decides on, with the time (performance.now, ms); the
 * lines it returns are sent at once. Each client has its own (it keeps its own pace).
 */
export type ChatWriter = (view: GameView, now: number) => readonly ChatLine[];

/** A WebRTC signalling message a client sends (`signal`, online rooms: issue 26 point 1). */
export type SignalMessage = Extract<OutgoingClientMessage, { type: 'signal' }>;

/** A client's signalling: asked on each view the bot decides on; what it returns is sent at once. */
export type SignalWriter = (view: GameView) => readonly SignalMessage[];

/** What the signals of many clients added up to. */
export interface SignalCounters {
  /** Signals sent (never acknowledged: only a refusal answers one). */
  sent: number;
  /** Signals refused, by code (`media-not-now`, `signal-bad-target`, …): never counted as a command's refusal. */
  readonly refused: Tally;
}

/** The refusals of a `signal` (apps/server/src/room/media.ts): they carry no id, as a signal has none. */
const isSignalRefusal = (code: string): boolean => code.startsWith('media-') || code.startsWith('signal-');

/** What the chat lines of many clients added up to. */
export interface ChatCounters {
  /** Lines sent (`say`). */
  sent: number;
  /** Lines the server wrote (the writer's update acknowledged them). */
  written: number;
  /** Lines refused, by code (a night fell between the bot's view and its line, a flood, a channel it may not write in). */
  readonly refused: Tally;
  /** From `say` to the update that acknowledges it, ms (apart from the commands' latency). */
  readonly latencies: Latencies;
}

export const newChatCounters = (): ChatCounters => ({ sent: 0, written: 0, refused: new Tally(), latencies: new Latencies() });

/** Lines sent and not yet answered (written or refused). */
export const linesInFlight = (c: ChatCounters | null): number => (c ? c.sent - c.written - c.refused.total : 0);

/**
 * Waits (2 s at most) for the answers of the lines sent as a game ended: they are still answered,
 * and a count taken before would miss them.
 */
export async function awaitLineAnswers(c: ChatCounters | null): Promise<void> {
  for (let i = 0; i < 40 && linesInFlight(c) > 0; i++) await new Promise((r) => setTimeout(r, 50));
}

export interface BotClientOptions {
  readonly ws: string;
  readonly code: string;
  readonly seat: number;
  readonly seed: number;
  /** Milliseconds a bot waits before it acts (a random share of it, so bots do not act in lockstep). */
  readonly thinkMs: number;
  readonly latencies: Latencies;
  /** Commands the server refused (a bot deciding on a view that has moved on, or an illegal move). */
  readonly refused: Tally;
  /** Everything else that went wrong: connection errors, server errors, unexpected closes. */
  readonly errors: Tally;
  readonly counters: { messages: number; commands: number };
  /** The address this player connects from (its table's: addresses.ts; the audit gives each room its own too). */
  readonly localAddress?: string;
  /** Sees every frame this client receives, as sent (the audit's secrecy check records them). */
  readonly onFrame?: (text: string) => void;
  /** The client also writes in the chat (with `chatCounters`): online rooms only. */
  readonly chat?: ChatWriter;
  /** How often the chat writer is asked (ms), on a timer of its own, so the game's pace does not set the chat's (the load test); unset: on each decision. */
  readonly chatEveryMs?: number;
  readonly chatCounters?: ChatCounters;
  /** The client also sends WebRTC signalling (with `signalCounters`): the audit's; the load test sends none. */
  readonly signals?: SignalWriter;
  readonly signalCounters?: SignalCounters;
  /** One view in this many that the bot acts on is checked by the strict schema (`read`); unset: every one (the audit's). */
  readonly strictEvery?: number;
}

/** What the server appends to the sender's copy of an update: `,"ack":"ID"}` (manager.ts `broadcast`). */
const ACK = Buffer.from('"ack":"');
/** Only an ended game's view has this (a phase's kind): a cheap filter before a full parse. */
const ENDED = Buffer.from('"kind":"ended"');
const UPDATE_PREFIX = Buffer.from('{"v":1,"type":"update"');
/** Only an update that moved the game has this (a chat line's has no view; an escaped `\"view\":` in a line's text is not it). */
const VIEW = Buffer.from('"view":');

/**
 * One player over a real WebSocket: claims its seat, then plays with a RandomBot deciding from the
 * view and pending decisions the server sends to this seat only (packages/bots `nextSeatCommand`, as
 * the server's own bot seats): as the app is the host, it ends its own speech and last words. With a
 * `chat` writer it also writes chat lines, and with a `signals` writer it sends WebRTC signalling
 * (the audit's; a refused signal is counted in `signalCounters`, never as a command's refusal).
 * Latency = from sending a command to the update that acknowledges it; a chat line's
 * acknowledgement is timed apart (`chatCounters`), never as a command's.
 *
 * The load test shares the machine with the server it measures, so a bot parses as little as it
 * can: an update is kept as it came (bytes) and parsed only when the bot acts on it, after its
 * think time, by which time newer updates have usually replaced it. The acknowledgement is read
 * from the update's last bytes, and the end of the game by a byte search, without parsing.
 */
export class BotClient {
  private socket!: WebSocket;
  /**
   * The latest welcome or update as it came (bytes), parsed only when the bot acts on it: 10,000
   * parsed views held between acts would be most of the load test's heap, and collecting a heap
   * that size stalls the loop whose lateness is inside every latency measured.
   */
  private latest: Buffer | null = null;
  private busy = false;
  /** Decisions tried on the latest frame, each once (a later one starts afresh: the set stays small). */
  private readonly tried = triedDecisions();
  /** Commands sent and not yet answered: id → when (their acknowledgement is the latency measured). */
  private readonly sent = new Map<string, number>();
  /** Chat lines sent and not yet answered: id → when (kept apart: a line never counts as a command). */
  private readonly said = new Map<string, number>();
  private nextId = 1;
  /** Views parsed to act on (`read`): every `strictEvery`-th, from the first, is checked by the strict schema. */
  private reads = 0;
  private readonly bot;
  ended = false;
  private onEnd: (() => void) | null = null;
  readonly done: Promise<void>;

  constructor(private readonly o: BotClientOptions) {
    this.bot = createBot('random', seatNo(o.seat), o.seed);
    this.done = new Promise((r) => (this.onEnd = r));
  }

  async connect(): Promise<void> {
    this.socket = new WebSocket(this.o.ws, { perMessageDeflate: false, ...(this.o.localAddress ? { localAddress: this.o.localAddress } : {}) });
    await new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('error', (e) => this.o.errors.add(`socket: ${e.message}`));
    this.socket.on('close', (code) => {
      if (!this.ended) {
        this.o.errors.add(`closed ${code}`);
        this.finish();
      }
    });
    const onFrame = this.o.onFrame;
    // The audit records every frame (as text); the load test keeps the bytes and parses late.
    this.socket.on('message', onFrame ? (d: Buffer) => {
      onFrame(String(d));
      this.receive(d);
    } : (d: Buffer) => this.receive(d));
    const welcome = new Promise<void>((resolve) => (this.welcomed = resolve));
    this.send({ v: 1, type: 'claim', room: this.o.code, seat: this.o.seat });
    await welcome;
    this.chatLater(true);
  }

  private welcomed: () => void = () => {};

  private send(m: OutgoingClientMessage): void {
    this.socket.send(JSON.stringify(m));
  }

  private finish(): void {
    this.ended = true;
    this.onEnd?.();
    this.onEnd = null;
  }

  close(): void {
    this.ended = true;
    if (this.chatTimer) clearTimeout(this.chatTimer);
    this.socket.close();
  }

  private chatTimer: NodeJS.Timeout | null = null;

  /** Asks the chat writer every `chatEveryMs` (from a random moment of the first period) on the latest view. */
  private chatLater(first: boolean): void {
    const every = this.o.chatEveryMs;
    if (!this.o.chat || every === undefined || this.ended) return;
    this.chatTimer = setTimeout(() => {
      if (this.ended) return;
      const m = this.latest === null ? null : this.read(this.latest);
      if (m?.view && this.o.chat) for (const line of this.o.chat(m.view, performance.now())) this.say(line);
      this.chatLater(false);
    }, first ? Math.random() * every : every);
  }

  private receive(d: Buffer): void {
    this.o.counters.messages++;
    if (d.subarray(0, UPDATE_PREFIX.length).equals(UPDATE_PREFIX) && d.indexOf(ENDED) < 0) return this.update(d);
    const parsed = parseServerFrame(String(d));
    if (parsed.ok) this.take(parsed.message, d);
    else this.o.errors.add(`bad frame: ${parsed.error}`);
  }

  /** An update of a game still running: its acknowledgement is noted now, the rest when the bot acts. */
  private update(d: Buffer): void {
    const at = d.lastIndexOf(ACK);
    if (at >= 0) this.acknowledged(String(d.subarray(at + ACK.length, d.length - 2)));
    // A chat line's update: the game did not move, and the latest view stands.
    if (d.indexOf(VIEW) < 0) return;
    this.latest = d;
    this.schedule();
  }

  private acknowledged(id: string): void {
    const t0 = this.sent.get(id);
    if (t0 === undefined) return this.lineWritten(id);
    this.o.latencies.add(performance.now() - t0);
    this.sent.delete(id);
    this.busy = false;
  }

  /** The writer's copy of its chat line came: written. */
  private lineWritten(id: string): void {
    const t0 = this.said.get(id);
    const chat = this.o.chatCounters;
    if (t0 === undefined || !chat) return;
    this.said.delete(id);
    chat.written++;
    chat.latencies.add(performance.now() - t0);
  }

  private take(m: ServerMessage, d: Buffer): void {
    if (m.type === 'error' && m.id !== undefined && this.said.delete(m.id)) {
      // A refused chat line: counted apart, it holds no command back.
      if (m.code === 'server-error' || m.code === 'too-many-errors' || m.code === 'rate-limited') this.o.errors.add(m.code);
      else this.o.chatCounters?.refused.add(m.code);
      return;
    }
    if (m.type === 'error' && m.id === undefined && this.o.signals && isSignalRefusal(m.code)) {
      // A refused signal: counted apart, it holds no command back.
      this.o.signalCounters?.refused.add(m.code);
      return;
    }
    if (m.type === 'error') {
      if (m.code === 'server-error' || m.code === 'too-many-errors' || m.code === 'rate-limited') this.o.errors.add(m.code);
      else this.o.refused.add(m.code);
      if (m.id && this.sent.delete(m.id)) this.busy = false;
      if (!this.latest) this.o.errors.add(`claim refused: ${m.code}`);
      this.schedule();
      return;
    }
    if (m.type !== 'welcome' && m.type !== 'update') return;
    if (m.type === 'welcome') this.welcomed();
    if (m.type === 'update' && m.ack !== undefined) this.acknowledged(m.ack);
    if (m.view?.phase?.kind === 'ended') {
      this.finish();
      return;
    }
    // A chat line's update carries no view: the game did not move, the latest view stands.
    if (m.type === 'update' && m.view === undefined) return;
    this.latest = d;
    this.schedule();
  }

  /**
   * The latest welcome or update, parsed to act on it (readLatest.ts): the strict schema checks one
   * read in `strictEvery` (and every frame `receive` parses: welcomes, errors, the end); the load
   * test's players set it (players.ts), as checking each view was a fifth of the load test's CPU
   * (docs/decisions.md "Pinged only when silent; the load test checks a sample of the views it acts on").
   */
  private read(d: Buffer): Extract<ServerMessage, { type: 'welcome' | 'update' }> | null {
    return readLatest(d, this.reads++ % (this.o.strictEvery ?? 1) === 0, this.o.errors);
  }

  private schedule(): void {
    if (this.busy || this.ended || this.latest === null) return;
    this.busy = true;
    setTimeout(() => this.act(), Math.random() * this.o.thinkMs);
  }

  /** Decides on the latest view; each (seq, decision) is tried once. */
  private act(): void {
    const m = this.read(this.latest!);
    // An update before the start (a seat claimed) has no view yet: nothing to decide.
    const view = m?.view ?? null;
    if (m === null || view === null) {
      this.busy = false;
      return;
    }
    // Without a period of its own (the audit's scripted talk) the writer is asked on each decision.
    if (this.o.chat && this.o.chatEveryMs === undefined) for (const line of this.o.chat(view, performance.now())) this.say(line);
    if (this.o.signals) {
      for (const s of this.o.signals(view)) {
        if (this.o.signalCounters) this.o.signalCounters.sent++;
        this.send(s);
      }
    }
    const command = nextSeatCommand(this.bot, m.seq, view, m.pending ?? [], this.tried);
    if (command === null || this.ended) {
      this.busy = false;
      return;
    }
    const id = `${this.o.seat}-${this.nextId++}`;
    this.sent.set(id, performance.now());
    this.o.counters.commands++;
    this.send({ v: 1, type: 'command', id, command });
  }

  private say(line: ChatLine): void {
    const id = `${this.o.seat}-${this.nextId++}`;
    this.said.set(id, performance.now());
    if (this.o.chatCounters) this.o.chatCounters.sent++;
    this.send({ v: 1, type: 'say', channel: line.channel, text: line.text, id });
  }
}

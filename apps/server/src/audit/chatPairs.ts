import { createBot, nextSeatCommand, triedDecisions, type Bot } from '@mafia/bots';
import { seatNo, timeUpCommand, type GameState, type Statement } from '@mafia/engine';
import { parseServerFrame, type CreateRoomRequest } from '@mafia/protocol';
import pino from 'pino';
import { RoomError } from '../room/errors.js';
import { RoomManager } from '../room/manager.js';
import { openStorage } from '../storage/open.js';
import { NAMES, normalised, Recorder } from './auditTable.js';

/**
 * Issue 26, the audit's "a night with a meeting looks the same as one without": the same online
 * game played twice through the server's RoomManager, dealt from the same seed (the manager's
 * `newGameSeed` seam: a function argument here, never reachable from HTTP or a WebSocket), with the
 * same moves: in one the living mafia write in their night chat and call each other (WebRTC
 * signalling: an offer, its answer, a bye, relayed by the server while their meeting runs) and say
 * their plan (issue 27: a statement only the mafia hear), in the other they do not. Every
 * town seat, the spectator and the room admin must receive the same frames in both: as many during
 * the nights, of the same byte sizes, and (once the room's id, code and tokens are replaced) the same
 * text all game long.
 */

/** A seat writes at most this many lines: the flood allowance (the clock here stands still, so it never refills). */
const LINES_PER_WRITER = 5;
/** The game is played up to the morning after this night (or its end). */
const NIGHTS = 3;

/** One online room of bots: the room admin (who skips the steps), a spectator and every seat, recording. */
class OnlineTable {
  readonly seats: Recorder[] = [];
  readonly admin = new Recorder(-1);
  readonly spectator = new Recorder(0);
  /** Request ids, each client's own (an id is echoed in its sender's `ack`): a chat line never shifts another's. */
  private readonly ids = { say: 0, command: 0, skip: 0, plan: 0 };
  private constructor(private readonly manager: RoomManager, readonly roomId: string) {}

  static async open(manager: RoomManager, req: CreateRoomRequest): Promise<OnlineTable> {
    const created = await manager.create(req);
    const t = new OnlineTable(manager, created.room);
    await t.ok(t.admin, manager.hello(t.admin, created.code, { as: 'admin', key: created.adminKey! }, undefined));
    await t.ok(t.spectator, manager.hello(t.spectator, created.code, { as: 'spectator' }, undefined));
    for (let seat = 1; seat <= req.seats; seat++) {
      const c = new Recorder(seat);
      t.seats.push(c);
      await t.ok(c, manager.claim(c, created.code, { seat }));
    }
    await t.ok(t.admin, manager.start(t.admin, 'start'));
    return t;
  }

  get state(): GameState {
    const s = this.manager.gameStateOf(this.roomId);
    if (s === undefined) throw new Error(`audit room ${this.roomId} has no game in memory`);
    return s;
  }

  /** A seat's chat line; true when it was written. */
  async say(seat: number, channel: 'mafia', text: string): Promise<boolean> {
    const c = this.seats[seat - 1]!;
    const before = c.frames.length;
    await this.manager.say(c, channel, text, `say-${++this.ids.say}`);
    return c.frames.slice(before).some((f) => f.includes('"kind":"chat"'));
  }

  /**
   * The mafia's meeting on camera: `from` calls `to` (an offer), `to` answers, `from` hangs up.
   * Each relayed signal counts; one the policy refuses now (not the meeting's step) counts none.
   */
  signalPair(from: number, to: number, call: string): number {
    const [a, b] = [this.seats[from - 1]!, this.seats[to - 1]!];
    const sdp = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    try {
      this.manager.signal(a, seatNo(to), { kind: 'offer', call, sdp });
      this.manager.signal(b, seatNo(from), { kind: 'answer', call, sdp });
      this.manager.signal(a, seatNo(to), { kind: 'bye', call });
      return 3;
    } catch (e) {
      if (e instanceof RoomError && e.refusal.code === 'media-not-now') return 0;
      throw e;
    }
  }

  /** The seat says a statement (the mafia's plan at night); true when the server took it. */
  async plan(seat: number, statement: Statement): Promise<boolean> {
    const c = this.seats[seat - 1]!;
    const before = c.frames.length;
    await this.manager.command(c, `plan-${++this.ids.plan}`, { type: 'statement', by: seatNo(seat), statement });
    return !c.frames.slice(before).some((f) => f.includes('"type":"error"'));
  }

  /** A seat's own decisions on its latest frame (each pending decision once, at most 3 commands); true when it sent one. */
  async play(seat: number, bot: Bot, round: number): Promise<boolean> {
    const c = this.seats[seat - 1]!;
    const tried = triedDecisions();
    let sent = false;
    for (let k = 0; k < 3; k++) {
      const text = [...c.frames].reverse().find((f) => f.includes('"view":'));
      const parsed = text === undefined ? null : parseServerFrame(text);
      const m = parsed?.ok ? parsed.message : null;
      if (!m || (m.type !== 'welcome' && m.type !== 'update') || !m.view) return sent;
      // One `seq` for the whole round: a decision tried in it is not tried again after a newer frame.
      const command = nextSeatCommand(bot, round, m.view, m.pending ?? [], tried);
      if (command === null) return sent;
      await this.manager.command(c, `c${++this.ids.command}`, command);
      sent = true;
    }
    return sent;
  }

  /** The room admin ends the running step (the app host's timeUp). */
  async skip(): Promise<void> {
    await this.ok(this.admin, this.manager.skip(this.admin, `skip-${++this.ids.skip}`));
  }

  private async ok(conn: Recorder, job: Promise<void>): Promise<void> {
    const before = conn.frames.length;
    await job;
    const refused = conn.frames.slice(before).find((f) => f.includes('"type":"error"'));
    if (refused !== undefined) throw new Error(`refused: ${refused}`);
  }
}

interface Played {
  /** Frames of each viewer (seats by number, 0 the spectator, -1 the room admin). */
  readonly frames: Map<number, string[]>;
  readonly teams: readonly string[];
  /** Mafia lines written. */
  readonly lines: number;
  /** Signals of the mafia's meeting relayed. */
  readonly signals: number;
  /** The meeting's plans said (issue 27: statements only the mafia hear). */
  readonly plans: number;
  readonly nights: number;
}

async function play(req: CreateRoomRequest, seed: number, meeting: boolean): Promise<Played> {
  const storage = await openStorage('sqlite::memory:');
  await storage.migrate();
  const clock = 1_800_000_000_000;
  // The clock stands still (both its wall and monotonic parts): no timer ever ends a step by
  // itself, the admin's skips do, and every time in every frame is the same in both games.
  const manager = new RoomManager(storage, pino({ level: 'silent' }), () => clock, 60_000, timeUpCommand, { newGameSeed: () => seed, mono: () => 0 });
  try {
    const t = await OnlineTable.open(manager, req);
    const bots = t.seats.map((_, i) => createBot('random', seatNo(i + 1), 7919 * (i + 1)));
    const written = new Map<number, number>();
    let lines = 0;
    let signals = 0;
    let plans = 0;
    const planned = new Set<number>();
    const called = new Set<string>();
    for (let round = 0; round < 600; round++) {
      // Room jobs on an in-memory database never wait for I/O: let the audit's other clients (the
      // honest rooms, whose latency it measures meanwhile) be read between rounds.
      await new Promise((r) => setImmediate(r));
      const s = t.state;
      if (s.phase.kind === 'ended' || (s.phase.kind === 'day' && s.phase.n > NIGHTS)) break;
      if (meeting && s.phase.kind === 'night') {
        for (let seat = 1; seat <= s.alive.length; seat++) {
          if (!s.alive[seat - 1] || s.teams[seat - 1] !== 'mafia' || (written.get(seat) ?? 0) >= LINES_PER_WRITER) continue;
          written.set(seat, (written.get(seat) ?? 0) + 1);
          if (await t.say(seat, 'mafia', `night ${s.phase.n}: seat ${seat} proposes a target, line ${written.get(seat)}`)) lines++;
        }
        // Each pair of the living mafia calls once a night (the first asks, the second answers).
        const mafia = s.teams.flatMap((team, i) => (team === 'mafia' && s.alive[i] ? [i + 1] : []));
        // Issue 27: the first of them says the meeting's plan once a night (a statement only the mafia hear).
        const town = s.teams.findIndex((team, i) => team !== 'mafia' && s.alive[i]) + 1;
        if (mafia.length > 0 && town > 0 && !planned.has(s.phase.n)) {
          planned.add(s.phase.n);
          if (await t.plan(mafia[0]!, { kind: 'plan', shots: [{ night: s.phase.n + 1, target: seatNo(town) }] })) plans++;
        }
        for (const a of mafia) for (const b of mafia) {
          const call = `n${s.phase.n}-${a}-${b}`;
          if (a < b && !called.has(call)) {
            called.add(call);
            signals += t.signalPair(a, b, call);
          }
        }
      }
      let moved = false;
      for (let seat = 1; seat <= bots.length; seat++) moved = (await t.play(seat, bots[seat - 1]!, round)) || moved;
      if (!moved) await t.skip();
    }
    const frames = new Map<number, string[]>([[0, t.spectator.frames], [-1, t.admin.frames]]);
    t.seats.forEach((c, i) => frames.set(i + 1, c.frames));
    const state = t.state;
    return { frames, teams: state.teams, lines, signals, plans, nights: state.phase.kind === 'ended' ? -1 : state.phase.n };
  } finally {
    await manager.close();
    await storage.close();
  }
}

/**
 * Client by client, what tells the two games apart to those who may not know the meeting took place:
 * every seat outside the mafia, the spectator and the room admin. During the nights: how many frames
 * and each one's size; all game long: each frame's text once ids and times are placeholders.
 */
export function differences(preset: string, a: Pick<Played, 'frames' | 'teams'>, b: Pick<Played, 'frames' | 'teams'>): Omit<ChatPairsResult, 'games' | 'lines' | 'signals' | 'strays' | 'plans'> {
  const r = { clients: 0, nightFrames: 0, nightBytes: 0, differing: [] as string[] };
  const sizes = (fs: readonly string[]) => fs.map((f) => Buffer.byteLength(f));
  for (const [viewer, fa] of a.frames) {
    if (viewer > 0 && (a.teams[viewer - 1] === 'mafia' || b.teams[viewer - 1] === 'mafia')) continue;
    const fb = b.frames.get(viewer) ?? [];
    const who = `${preset}: ${viewer === 0 ? 'the spectator' : viewer < 0 ? 'the room admin' : `seat ${viewer}`}`;
    r.clients++;
    const [na, nb] = [fa.filter(isNightFrame), fb.filter(isNightFrame)];
    r.nightFrames += na.length + nb.length;
    r.nightBytes += [...sizes(na), ...sizes(nb)].reduce((n, x) => n + x, 0);
    if (na.length !== nb.length) r.differing.push(`${who}: ${na.length} vs ${nb.length} frames during the nights`);
    else if (sizes(na).join() !== sizes(nb).join()) r.differing.push(`${who}: night frame sizes ${sizes(na).join().slice(0, 80)} vs ${sizes(nb).join().slice(0, 80)}`);
    const at = fa.findIndex((f, k) => fb[k] === undefined || normalised(f) !== normalised(fb[k]!));
    if (at >= 0 || fa.length !== fb.length) r.differing.push(`${who}: frame ${at >= 0 ? at + 1 : Math.min(fa.length, fb.length) + 1} of ${fa.length}/${fb.length} differs`);
  }
  return r;
}

/** Signal frames (a call's offer, answer, bye) that reached a client outside the mafia: the spectator, the admin, a town seat. */
function strays(p: Pick<Played, 'frames' | 'teams'>): number {
  let n = 0;
  for (const [viewer, fs] of p.frames) if (viewer <= 0 || p.teams[viewer - 1] !== 'mafia') n += fs.filter((f) => f.includes('"type":"signal"')).length;
  return n;
}

const isNightFrame = (f: string): boolean => f.includes('"view":') && JSON.parse(f).view?.phase?.kind === 'night';

export interface ChatPairsResult {
  readonly games: number;
  /** Mafia lines written in the games with a meeting. */
  readonly lines: number;
  /** Signals of the mafia's meeting relayed in those games, and how many reached a client outside the living mafia. */
  readonly signals: number;
  readonly strays: number;
  /** The meeting's plans said (statements the mafia alone hear). */
  readonly plans: number;
  /** Clients compared, and their night frames (in both games). */
  readonly clients: number;
  readonly nightFrames: number;
  readonly nightBytes: number;
  readonly differing: string[];
}

/** Each preset's game with the mafia's night meeting and without, compared client by client. */
export async function chatPairs(presets: readonly string[] = ['classic', 'piter'], seed = 11): Promise<ChatPairsResult> {
  const r = { games: 0, lines: 0, signals: 0, strays: 0, plans: 0, clients: 0, nightFrames: 0, nightBytes: 0, differing: [] as string[] };
  for (const preset of presets) {
    const req: CreateRoomRequest = { preset, seats: 10, mode: 'online', names: NAMES.slice(0, 10), timers: { speech: 600, defence: 600, lastWords: 600, nightStep: 600, vote: 600 } };
    const [a, b] = [await play(req, seed, true), await play(req, seed, false)];
    r.games += 2;
    r.lines += a.lines;
    r.signals += a.signals;
    r.plans += a.plans;
    r.strays += strays(a);
    const d = differences(preset, a, b);
    r.clients += d.clients;
    r.nightFrames += d.nightFrames;
    r.nightBytes += d.nightBytes;
    r.differing.push(...d.differing);
    if (a.nights !== b.nights) r.differing.push(`${preset}: the games went differently (${a.nights} vs ${b.nights})`);
  }
  return r;
}

import { getPriority } from 'node:os';
import WebSocket from 'ws';
import { postJson, tableAddress } from './addresses.js';
import { awaitLineAnswers } from './botClient.js';
import { pool, type PlayerOptions } from './players.js';
import { accountOf, readMetrics, type ServerAccount } from './serverMetrics.js';
import { lateSecondsOf, readSeconds, type LateSeconds } from './serverSeconds.js';
import { playersHere, WorkerPlayers, type Players } from './workers.js';

export interface LoadtestOptions {
  /** The server's base URL, e.g. http://127.0.0.1:3000 (the WebSocket is at /ws). */
  readonly url: string;
  readonly rooms: number;
  readonly players: number;
  readonly preset: string;
  /** Upper bound of a bot's random think time before each command, in milliseconds. */
  readonly thinkMs: number;
  /** Step timers of the rooms (seconds): the app host moves on when one runs out. */
  readonly stepSeconds: number;
  /** Connections opened at once while the rooms fill. */
  readonly connectConcurrency: number;
  /**
   * Seconds the server is left idle, every seat connected, before its memory is sampled: V8 gives
   * back its young generation's growth (the burst of connecting) only once allocation has stopped
   * for a while (its memory reducer), so a sample right after the burst counts garbage as rooms.
   */
  readonly idleSeconds?: number;
  /**
   * `--start-over S`: the rooms start one after another, evenly over S seconds, as the tables of a
   * real evening fill at their own moments; 0 (the default): all at once, as fast as the server
   * answers, so that every room's night ends in the same second (the worst case: every app-hosted
   * night lasts exactly its timers, R-NIGHT-4).
   */
  readonly startOverSeconds?: number;
  /** Give up after this many seconds (games still running count as errors). */
  readonly timeoutSeconds: number;
  /**
   * `--chat`: every living player writes a line in the day chat every this many seconds while it is
   * day (issue 26: 10); absent, nobody writes (the load test as it was before the chat).
   */
  readonly chatSeconds?: number;
  /**
   * `--workers N`: the players play in N worker threads (a table's in one), each with its own event
   * loop; 1 (the default): in the load test's own thread.
   */
  readonly workers?: number;
  readonly log?: (line: string) => void;
}

export interface LoadtestReport {
  readonly rooms: number;
  readonly players: number;
  readonly connections: number;
  readonly gamesFinished: number;
  readonly seconds: number;
  readonly commands: number;
  readonly latencyMs: { readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number; readonly samples: number };
  readonly messagesPerSecond: number;
  readonly server: {
    readonly rssBeforeBytes: number;
    /** With every room created, before any player connects. */
    readonly rssRoomsBytes: number;
    /** With every room created and every seat connected, before the start. */
    readonly rssIdleRoomsBytes: number;
    readonly rssPeakBytes: number;
    readonly rssEndBytes: number;
    /** (RSS with every room created − RSS before) / rooms: a room waiting for its players. */
    readonly bytesPerIdleRoom: number;
    /** (RSS with every seat connected − RSS with the rooms only) / connections. */
    readonly bytesPerConnection: number;
    /** (RSS with every room idle and every seat connected − RSS before) / rooms: a room with its players. */
    readonly bytesPerRoomWithPlayers: number;
  };
  /** The load test's CPU priority as it ran (nice: 0 normal, 19 lowest; `mafia loadtest --nice`). */
  readonly nice: number;
  /** The threads the players played in (`workers`). */
  readonly workers: number;
  /** How late the load test's event loop ran (with workers: the busiest thread's; its lateness is inside every latency it measures). */
  readonly clientEventLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /**
   * The load test's own CPU while the games ran (user + system seconds, and as a share of one
   * core): it shares the machine with the server, so this is taken from the server's cores.
   */
  readonly clientCpu: { readonly seconds: number; readonly shareOfCore: number };
  /** The server's event loop delay over its whole life, from GET /api/health at the end. */
  readonly serverEventLoopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number } | null;
  readonly refused: Readonly<Record<string, number>>;
  /** With `chatSeconds`: the chat lines sent, written and refused (by code), and say → broadcast latency. */
  readonly chat: {
    readonly sent: number;
    readonly written: number;
    readonly refused: Readonly<Record<string, number>>;
    readonly latencyMs: { readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number };
  } | null;
  /**
   * The server's own account of the run from its /api/metrics (each stage of a message, its
   * commits, GC, event-loop delay), or why it could not be read.
   */
  readonly serverAccount: ServerAccount | { readonly error: string };
  /** The server's seconds over the run: its event loop's delay beside the work and CPU of each (serverSeconds.ts). */
  readonly serverSeconds: LateSeconds | { readonly error: string };
  readonly errors: Readonly<Record<string, number>>;
}

async function json(url: string, init?: RequestInit): Promise<any> {
  const r = await fetch(url, init);
  const body = await r.json();
  if (!r.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

const rss = async (base: string): Promise<number> => (await json(`${base}/api/health`)).rssBytes as number;

/**
 * The server's RSS before any room, once it is warm: a process started a few seconds ago still grows
 * by 10–20 MiB over its next second or two (its storage thread starting, code compiled for its first
 * answers), whatever it holds, so a sample taken cold would count that growth as the rooms'.
 * Sampled after a few answers a second apart.
 */
async function warmRss(base: string): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await rss(base);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return rss(base);
}

/** The room admin's connection (an online room has no host key) that sends `start` and waits for its acknowledgement. */
export async function startRoom(ws: string, code: string, adminKey: string, localAddress?: string): Promise<void> {
  const s = new WebSocket(ws, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
  await new Promise<void>((res, rej) => {
    s.once('open', () => res());
    s.once('error', rej);
  });
  await new Promise<void>((resolve, reject) => {
    s.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.type === 'welcome') s.send(JSON.stringify({ v: 1, type: 'start', id: 'start' }));
      else if (m.type === 'update' && m.ack === 'start') resolve();
      else if (m.type === 'error') reject(new Error(`start refused: ${m.code} ${m.message}`));
    });
    s.send(JSON.stringify({ v: 1, type: 'hello', room: code, auth: { as: 'admin', key: adminKey } }));
  });
  s.close();
}

/**
 * Plays `rooms` complete games of `players` bot clients each over real WebSockets against a
 * running server (rooms in `online` mode: the app is the host; with `chatSeconds` the players also
 * write in the day chat) and reports latency, message rate, the server's memory and every error.
 */
export async function runLoadtest(o: LoadtestOptions): Promise<LoadtestReport> {
  // Several URLs (`--url A,B`: two balancers in front of the same nodes): the tables are spread over
  // them; rooms are made, and the server's memory and metrics read, through the first.
  const bases = o.url.split(',').map((u) => u.trim().replace(/\/$/, ''));
  const base = bases[0]!;
  const wsOf = (b: string) => `${b.replace(/^http/, 'ws')}/ws`;
  const ws = wsOf(base);
  const log = o.log ?? (() => {});
  const workers = o.workers ?? 1;
  const players: Players = workers > 1 ? new WorkerPlayers(playerOptions(o, ws), workers) : playersHere(playerOptions(o, ws));
  const { latencies, errors, counters, chat } = players;
  const s = o.stepSeconds;
  const rssBefore = await warmRss(base);
  log(`server RSS ${(rssBefore / 2 ** 20).toFixed(1)} MiB before (warm, no rooms)`);

  log(`creating ${o.rooms} rooms`);
  const rooms: { code: string; adminKey: string; address: string }[] = [];
  await pool(Array.from({ length: o.rooms }, (_, i) => i), 32, async (i) => {
    const address = tableAddress(i);
    const r = await postJson(`${base}/api/rooms`, { preset: o.preset, seats: o.players, mode: 'online', timers: { speech: s, defence: s, lastWords: s, nightStep: s, vote: s } }, address);
    rooms.push({ code: r.code, adminKey: r.adminKey, address });
  });

  await new Promise((r) => setTimeout(r, (o.idleSeconds ?? 15) * 1000));
  const rssRooms = await rss(base);
  log(`server RSS ${(rssRooms / 2 ** 20).toFixed(1)} MiB with ${rooms.length} rooms and no players`);

  log(`connecting ${o.rooms * o.players} players${workers > 1 ? ` in ${workers} worker threads` : ''}`);
  const seats = rooms.flatMap((room, r) => Array.from({ length: o.players }, (_, k) => ({ code: room.code, address: room.address, seat: k + 1, seed: r * 1000 + k + 1, ...(bases.length > 1 ? { ws: wsOf(bases[r % bases.length]!) } : {}) })));
  await players.connect(seats);
  // Let the server settle before sampling its memory with every room idle and every seat connected.
  await new Promise((r) => setTimeout(r, (o.idleSeconds ?? 15) * 1000));
  const rssIdle = await rss(base);
  log(`server RSS ${(rssIdle / 2 ** 20).toFixed(1)} MiB with ${rooms.length} idle rooms and ${players.connections} connections`);

  const metricsBefore = await readMetrics(base, process.env.METRICS_TOKEN);
  const t0 = performance.now();
  const startedAt = Date.now();
  const cpu0 = process.cpuUsage();
  const messages0 = counters.messages;
  players.watchLoop();
  const gapMs = ((o.startOverSeconds ?? 0) * 1000) / rooms.length;
  await pool(rooms.map((room, i) => ({ room, at: t0 + i * gapMs })), 32, async ({ room, at }) => {
    if (at > performance.now()) await new Promise((r) => setTimeout(r, at - performance.now()));
    await startRoom(ws, room.code, room.adminKey, room.address).catch((e: unknown) => errors.add(String(e)));
  });
  let peak = rssIdle;
  let logged = 0;
  const sampler = setInterval(() => {
    rss(base).then((v) => (peak = Math.max(peak, v)), () => errors.add('health check failed'));
    const finished = players.finished;
    const recent = latencies.percentiles(logged).p99;
    logged = latencies.count;
    log(`${((performance.now() - t0) / 1000).toFixed(0)} s: ${finished}/${players.connections} players done, ${counters.commands} commands${chat ? `, ${chat.sent} chat lines` : ''}, p99 of the last 5 s ${recent} ms`);
  }, 5000);
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), o.timeoutSeconds * 1000).unref());
  const outcome = await Promise.race([players.done().then(() => 'done' as const), timeout]);
  if (outcome === 'timeout') await players.stop();
  await awaitLineAnswers(chat);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  const unfinished = players.connections - players.finished;
  if (outcome === 'timeout') errors.add(`timeout: ${unfinished} players still playing after ${o.timeoutSeconds} s`);
  const rssEnd = await rss(base);
  const loop = players.loopDelay();
  const serverLoop = (await json(`${base}/api/health`)).eventLoopDelayMs ?? null;
  const metricsAfter = await readMetrics(base, process.env.METRICS_TOKEN);
  const secondsRead = await readSeconds(base, process.env.METRICS_TOKEN);
  const serverSeconds = 'error' in secondsRead ? secondsRead : lateSecondsOf(secondsRead, startedAt, startedAt + seconds * 1000);
  const serverAccount = typeof metricsBefore !== 'string' ? metricsBefore : typeof metricsAfter !== 'string' ? metricsAfter : accountOf(metricsBefore, metricsAfter);
  players.close();
  const p = latencies.percentiles();
  return {
    rooms: rooms.length,
    players: o.players,
    connections: players.connections,
    gamesFinished: Math.floor((players.connections - unfinished) / o.players),
    seconds: Math.round(seconds * 10) / 10,
    commands: counters.commands,
    latencyMs: { ...p, samples: latencies.count },
    messagesPerSecond: Math.round((counters.messages - messages0) / seconds),
    server: {
      rssBeforeBytes: rssBefore,
      rssRoomsBytes: rssRooms,
      rssIdleRoomsBytes: rssIdle,
      rssPeakBytes: Math.max(peak, rssEnd),
      rssEndBytes: rssEnd,
      bytesPerIdleRoom: rooms.length ? Math.round((rssRooms - rssBefore) / rooms.length) : 0,
      bytesPerConnection: players.connections ? Math.round((rssIdle - rssRooms) / players.connections) : 0,
      bytesPerRoomWithPlayers: rooms.length ? Math.round((rssIdle - rssBefore) / rooms.length) : 0,
    },
    nice: getPriority(),
    workers,
    clientEventLoopDelayMs: loop,
    clientCpu: { seconds: Math.round(cpuSeconds * 10) / 10, shareOfCore: seconds > 0 ? Math.round((cpuSeconds / seconds) * 1000) / 1000 : 0 },
    serverEventLoopDelayMs: serverLoop,
    refused: players.refused.counts,
    chat: chat && { sent: chat.sent, written: chat.written, refused: chat.refused.counts, latencyMs: chat.latencies.percentiles() },
    serverAccount,
    serverSeconds,
    errors: errors.counts,
  };
}

function playerOptions(o: LoadtestOptions, ws: string): PlayerOptions {
  return { ws, thinkMs: o.thinkMs, connectConcurrency: o.connectConcurrency, ...(o.chatSeconds ? { chatSeconds: o.chatSeconds } : {}) };
}

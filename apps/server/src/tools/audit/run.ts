import { chatPairs } from '../../audit/chatPairs.js';
import { hiddenActPairs } from '../../audit/hiddenActPairs.js';
import { chatRefusalAudit } from './chatRefusals.js';
import { clubAudit } from './clubAttacks.js';
import { databaseLinksAudit } from './databaseLinks.js';
import { databaseOutageAudit } from './databaseOutage.js';
import { fuzzAudit } from './fuzz.js';
import { floodStages } from './floods.js';
import { HonestTraffic } from './honest.js';
import { httpFloodAudit } from './httpFloods.js';
import { check, type AuditReport, type Check, type Traffic } from './report.js';
import { secrecyAudit } from './secrecy.js';
import { startServer, type DatabaseKind } from './server.js';
import { slowReaderAudit } from './slowReaders.js';

export type AuditSize = 'small' | 'full';

/** How much of each attack: `small` for CI (well under 3 minutes on 2 cores), `full` for the figures in docs/security.md. */
export const SIZES = {
  small: {
    honestRooms: 2, wsMessages: 600, httpRequests: 200, floodConnections: 10, messageSeconds: 3, rooms: 150, lookups: 150, csrfRequests: 200, idleConnections: 250,
    // The headers timeout (10 s) is checked every 2.5 s: a half-open handshake goes 10 to 12.5 s after it began.
    handshakeWaitSeconds: 15,
    slowReaders: 3, slowSeconds: 60, slowTargetMiB: 12, overlapSlowReaders: true, gamesPerDeck: 1, parallel: 10, p99MaxMs: 200, gameTimeoutMs: 200_000,
    // The server's test clock (room/testClock.ts): the bot games' steps (at least MIN_STEP_SECONDS:
    // 5 s a speech, 3 s a night step) last a quarter, so the secrecy games, CI's longest stage,
    // play the same steps and frames in a quarter of the waiting.
    timeScale: 0.25,
  },
  full: {
    honestRooms: 5, wsMessages: 20_000, httpRequests: 3000, floodConnections: 30, messageSeconds: 15, rooms: 2000, lookups: 3000, handshakeWaitSeconds: 30, csrfRequests: 2000, idleConnections: 500,
    slowReaders: 10, slowSeconds: 60, slowTargetMiB: 16, overlapSlowReaders: false, gamesPerDeck: 3, parallel: 10, p99MaxMs: 100, gameTimeoutMs: 300_000,
    // Real time: the figures of docs/security.md are the server's as clubs run it.
    timeScale: 1,
  },
} as const;

export interface AuditOptions {
  readonly size: AuditSize;
  readonly database: DatabaseKind;
  /** Seconds of every step of the audit's bot games (a server with a longer minimum gets 10 s). */
  readonly step: number;
  readonly seed: number;
  readonly log: (s: string) => void;
}

/**
 * The paired check (issue 12 point 3): two games through the server's own rooms that differ only
 * in a hidden act, every frame to a town seat and the spectator compared byte for byte. It runs in
 * this process on the server's own module (audit/hiddenActPairs.ts): its seed seam is a function
 * argument there, never reachable from HTTP or a WebSocket.
 */
async function pairedFrames(o: { presets?: readonly string[] }): Promise<Check> {
  const what = 'frames to town seats are identical between a hidden act and none';
  const r = await hiddenActPairs(o);
  return check('secrecy', what, r.differing.length === 0 && r.pairs > 0,
    `${r.pairs} pairs, ${r.frames} frames, ${r.differing.length} differing${r.differing.length ? `: ${r.differing.slice(0, 3).join(' | ')}` : ''}`);
}

/**
 * Issue 26: the same online game twice from one seed, the mafia meeting in their night chat and on
 * camera (signalling) in one and silent in the other (audit/chatPairs.ts, in this process like the
 * pairs above); every client outside the mafia must get the same frames, and no signal.
 */
async function meetingPairs(): Promise<Check[]> {
  const r = await chatPairs();
  return [
    check('chat', 'a night with a mafia meeting (chat, calls and the plan) looks the same as one without to every town client', r.differing.length === 0 && r.lines > 0 && r.signals > 0 && r.plans > 0,
      `${r.games / 2} pairs, ${r.lines} mafia lines, ${r.signals} signals relayed, ${r.plans} plans said; ${r.clients} clients: ${r.nightFrames} night frames (${(r.nightBytes / 1024).toFixed(0)} KiB) alike in count and size; ${r.differing.length} differing${r.differing.length ? `: ${r.differing.slice(0, 3).join(' | ')}` : ''}`, 'issue 26'),
    check('media', 'no signal of the mafia\'s meeting reaches a town seat, the spectator or the admin', r.strays === 0 && r.signals > 0,
      `${r.signals} signals relayed among the mafia; ${r.strays} elsewhere`, 'issue 26'),
  ];
}

/** Starts a real server, attacks it (only on 127.0.0.1) while honest rooms play, and reports every check. */
export async function runAudit(o: AuditOptions): Promise<AuditReport> {
  const z = SIZES[o.size];
  const t0 = Date.now();
  const server = await startServer(o.database, z.timeScale === 1 ? {} : { NODE_ENV: 'test', MAFIA_TEST_TIME_SCALE: String(z.timeScale) });
  o.log(`server pid ${server.pid} on 127.0.0.1:${server.port}, ${server.storage}${z.timeScale === 1 ? '' : `, test clock ×${z.timeScale}`}`);
  const traffic: Traffic = { messages: 0, frames: 0 };
  const checks: Check[] = [];
  const rssBefore = server.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 1000);
  const honest = new HonestTraffic({ port: server.port, rooms: z.honestRooms, step: o.step, thinkMs: 500, maxGames: 1000, log: o.log });
  const alive = () => server.exited() === null;
  let leaks = 0;
  /** Honest rooms' p99 during each attack. */
  const stages: string[] = [];
  try {
    honest.start();
    /** One attack: its checks, or a FAIL saying why it could not run to its end; its duration in the log. */
    const stage = async (name: string, f: () => Promise<Check[]>) => {
      if (!alive()) return checks.push(check(name, 'the server is running', false, `the server ${server.exited()}:\n${server.tail()}`));
      const t = Date.now();
      try {
        checks.push(...await f());
      } catch (e) {
        checks.push(check(name.split(':')[0], 'the attack ran to its end', false, e instanceof Error ? e.message : String(e)));
      }
      const p = honest.nextStage().percentiles();
      stages.push(`${name} ${p.p99} ms`);
      o.log(`${name}: done in ${((Date.now() - t) / 1000).toFixed(1)} s; honest p99 meanwhile ${p.p99} ms (max ${p.max})`);
    };
    await stage('fuzz', () => fuzzAudit({ port: server.port, wsMessages: z.wsMessages, httpRequests: z.httpRequests, seed: o.seed, log: o.log }, traffic, alive));
    const codeOfFloods = await floodRoom(server.port);
    const floods = { port: server.port, connections: z.floodConnections, messageSeconds: z.messageSeconds, rooms: z.rooms, lookups: z.lookups, handshakeWaitSeconds: z.handshakeWaitSeconds, log: o.log };
    for (const [name, f] of floodStages(floods, codeOfFloods, server.rss, traffic)) await stage(name, f);
    await stage('database outage', () => databaseOutageAudit(server, o.database, { seconds: o.size === 'full' ? 10 : 3, log: o.log }));
    await stage('database links', () => databaseLinksAudit(server, o.database, o.log));
    await stage('http floods', () => httpFloodAudit({ port: server.port, csrfRequests: z.csrfRequests, idleConnections: z.idleConnections, log: o.log }));
    await stage('club', () => clubAudit({ port: server.port, mails: server.mails, log: o.log }));
    // The slow readers need a finished game's log: the longest one, after the secrecy games (so the
    // honest rooms' p99 is told for each attack apart). `overlapSlowReaders` starts them on the first
    // finished game beside the others instead (shorter, but that log may be too small to fill a backlog).
    let slow: Promise<Check[]> | null = null;
    const slowReaders = (code: string) => (slow ??= slowReaderAudit({ port: server.port, readers: z.slowReaders, seconds: z.slowSeconds, targetBytes: z.slowTargetMiB * 2 ** 20, log: o.log }, code, traffic));
    let finished: string[] = [];
    await stage(z.overlapSlowReaders ? 'secrecy (with slow readers)' : 'secrecy', async () => {
      o.log('secrecy: bot games on every deck, every frame recorded');
      const r = await secrecyAudit({ port: server.port, gamesPerDeck: z.gamesPerDeck, parallel: z.parallel, step: o.step, thinkMs: 300, timeoutMs: z.gameTimeoutMs, log: o.log, ...(z.overlapSlowReaders ? { onFinished: slowReaders } : {}) }, traffic);
      leaks += r.leaks;
      finished = r.finishedCodes;
      return [...r.checks, await pairedFrames({})];
    });
    // While the slow readers (small: overlapped) go on: the chat's bad lines, and the meeting pairs.
    await stage('chat', async () => [...await chatRefusalAudit(server, o.log, traffic), ...await meetingPairs()]);
    await stage('slow readers', async () => {
      if (!slow && finished.length === 0) throw new Error('no finished game to read the log of (the secrecy attack played none)');
      return slow ?? slowReaders(finished[0]);
    });
    const errorLines = server.errorLines();
    checks.push(check('server', 'the server logged no error', errorLines.length === 0, errorLines.length === 0 ? 'none' : errorLines.join(' | ')));
    const warnings = server.logLevels().warn ?? 0;
    checks.push(check('server', 'refused messages are counted, not logged a warning line each', warnings <= 100, `${warnings} warning lines for ${traffic.messages} attack messages`, 'issue 12 point 14'));
    await honest.stop(1000);
    const p = honest.tally.latencies.percentiles();
    checks.push(check('honest rooms', `p99 latency during the attacks at most ${z.p99MaxMs} ms`, p.p99 <= z.p99MaxMs && honest.tally.latencies.count > 0, `p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms over ${honest.tally.latencies.count} commands; p99 by attack: ${stages.join(', ')}`));
    checks.push(check('honest rooms', 'honest players met no error', honest.tally.errors.total === 0, honest.tally.errors.total === 0 ? `${honest.games} games finished` : JSON.stringify(honest.tally.errors.counts)));
    checks.push(check('server', 'the server survived the whole audit', alive(), alive() ? `pid ${server.pid} running` : `the server ${server.exited()}`));
    const p2 = honest.tally.latencies.percentiles();
    traffic.messages += honest.tally.counters.commands;
    traffic.frames += honest.tally.counters.messages;
    const rssAfter = server.rss();
    return {
      size: o.size, storage: server.storage, seconds: Math.round((Date.now() - t0) / 100) / 10, checks,
      messagesSent: traffic.messages, framesReceived: traffic.frames, leaks,
      rssBeforeBytes: rssBefore, rssAfterBytes: rssAfter, rssPeakBytes: Math.max(peak, rssAfter),
      honest: { rooms: z.honestRooms, games: honest.games, commands: honest.tally.counters.commands, ...p2, errors: { ...honest.tally.errors.counts } },
      serverLog: server.logLevels(),
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

/** A room the message flood's spectators say hello to. */
async function floodRoom(port: number): Promise<string> {
  const { postJson, freshAddress } = await import('./net.js');
  const r = await postJson(port, '/api/rooms', { preset: 'classic', seats: 10, mode: 'online' }, freshAddress());
  if (r.status !== 201) throw new Error(`could not create the flood's room: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.code;
}

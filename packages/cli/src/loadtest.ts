import { getPriority, setPriority } from 'node:os';
import { parseFlags } from './flags.js';
import { UsageError } from './io.js';
import { runLoadtest, type LoadtestOptions, type LoadtestReport } from './loadtest/run.js';
import type { Quantiles } from './loadtest/serverMetrics.js';
import { lateSecondsLines } from './loadtest/serverSeconds.js';

const USAGE = 'usage: mafia loadtest --url URL --rooms R --players N [--preset classic] [--think MS] [--step S] [--connect C] [--idle S] [--timeout S] [--chat] [--start-over S] [--workers N] [--nice N] [--json]';

/**
 * `--step` is every step's length (speech, vote, night step …): the server takes whole seconds of at
 * least its MIN_STEP_SECONDS (packages/protocol), so at least the largest of them, 5 s.
 */
const MIN_STEP = 5;
const NUMBERS = { rooms: [1, 100_000], players: [1, 32], think: [0, 60_000], step: [MIN_STEP, 600], connect: [1, 10_000], timeout: [1, 86_400], idle: [0, 600], 'start-over': [0, 3600], workers: [1, 16], nice: [0, 19] } as const;
const WHOLE = new Set(['step', 'workers', 'nice']);
/**
 * `--nice`: how much lower than its shell's the load test's CPU priority is (default 10). On a
 * machine whose cores the server needs too, the load generator yields them to the server, so that
 * a figure is the server's (issue 28: the generator must not share the server's core).
 */
export const DEFAULT_NICE = 10;
const KEYS = Object.keys(NUMBERS) as (keyof typeof NUMBERS)[];
/** `--chat`: a line in the day chat per living player every this many seconds while it is day (issue 26). */
export const CHAT_SECONDS = 10;

export function parseLoadtestArgs(args: readonly string[]): LoadtestOptions & { json: boolean; nice: number } {
  const { values: v, switches: { json, chat } } = parseFlags(args, { usage: USAGE, values: ['url', 'preset', ...KEYS], switches: ['json', 'chat'], required: ['url', 'rooms', 'players'] });
  // A comma-separated list spreads the tables over several addresses (two balancers in front of the same nodes).
  for (const u of v.url!.split(',')) if (!/^https?:\/\//.test(u.trim())) throw new UsageError(`--url must be an http:// or https:// URL (or several, comma-separated), got ${JSON.stringify(u)}`, 'bad-argument');
  const num = (k: keyof typeof NUMBERS, dflt: number): number => {
    if (v[k] === undefined) return dflt;
    const n = Number(v[k]);
    const [min, max] = NUMBERS[k];
    if (!Number.isFinite(n) || n < min || n > max || (WHOLE.has(k) && !Number.isInteger(n))) throw new UsageError(`--${k} must be a ${WHOLE.has(k) ? 'whole ' : ''}number from ${min} to ${max}, got ${JSON.stringify(v[k])}`, 'bad-argument');
    return n;
  };
  return {
    url: v.url!, preset: v.preset ?? 'classic', json,
    rooms: Math.floor(num('rooms', 1)), players: Math.floor(num('players', 10)),
    workers: num('workers', 1), nice: num('nice', DEFAULT_NICE), thinkMs: num('think', 1000), stepSeconds: num('step', MIN_STEP), connectConcurrency: Math.floor(num('connect', 200)), idleSeconds: num('idle', 15), startOverSeconds: num('start-over', 0), timeoutSeconds: num('timeout', 1800),
    ...(chat ? { chatSeconds: CHAT_SECONDS } : {}),
  };
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

function chatLine(c: NonNullable<LoadtestReport['chat']>): string {
  const l = c.latencyMs;
  return `chat lines: ${c.sent} sent, ${c.written} written, refused ${JSON.stringify(c.refused)}; say → broadcast latency p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms`;
}

/** The server's account of the run, a line per stage (its /api/metrics: apps/server/src/room/stages.ts). */
function accountLines(a: LoadtestReport['serverAccount']): string[] {
  if ('error' in a) return [`the server's stages: not read (${a.error})`];
  const max = (q: Quantiles) => (q.maxLeMs === null ? 'over top' : `≤ ${q.maxLeMs}`).padStart(10);
  const row = (name: string, q: Quantiles) => `  ${name.padEnd(11)} ${String(q.count).padStart(8)} ${[q.meanMs, q.p50Ms, q.p95Ms, q.p99Ms].map((v) => v.toFixed(1).padStart(8)).join(' ')} ${max(q)}`;
  return [
    'the server\'s stages over the run (ms; its /api/metrics, quantiles within histogram buckets):',
    `  ${'stage'.padEnd(11)} ${'count'.padStart(8)} ${['mean', 'p50', 'p95', 'p99'].map((h) => h.padStart(8)).join(' ')} ${'max'.padStart(10)}`,
    ...Object.entries(a.stages).map(([k, q]) => row(k, q)),
    ...(a.commits ? [row('commit', a.commits)] : []),
    ...(a.commitWrites ? [`${row('writes', a.commitWrites)}   (writes per commit, not ms)`] : []),
    `  garbage collection ${Object.entries(a.gcSeconds).map(([k, v]) => `${k} ${v} s`).join(', ')}; event-loop delay p99 ${a.eventLoopP99Ms ?? '?'} ms (10 ms resolution included)`,
  ];
}

/** `mafia loadtest`: exit 0 when every game finished without an error, 1 otherwise. */
export async function loadtestCommand(args: string[]): Promise<number> {
  const o = parseLoadtestArgs(args);
  // This thread's priority (Linux: per thread); the worker threads made later inherit it.
  if (o.nice > 0) setPriority(Math.min(19, getPriority() + o.nice));
  const report = await runLoadtest({ ...o, log: o.json ? undefined : (line) => process.stderr.write(`${line}\n`) });
  if (o.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else {
    const l = report.latencyMs;
    process.stdout.write([
      `rooms ${report.rooms} × ${report.players} players, ${report.connections} connections, ${report.gamesFinished} games finished in ${report.seconds} s`,
      `command → broadcast latency: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, max ${l.max} ms (${l.samples} commands)`,
      `messages received per second: ${report.messagesPerSecond}`,
      `server RSS: before ${mib(report.server.rssBeforeBytes)}, rooms created ${mib(report.server.rssRoomsBytes)} (${(report.server.bytesPerIdleRoom / 1024).toFixed(1)} KiB per idle room), players connected ${mib(report.server.rssIdleRoomsBytes)} (${(report.server.bytesPerConnection / 1024).toFixed(1)} KiB per connection; ${(report.server.bytesPerRoomWithPlayers / 1024).toFixed(1)} KiB per idle room with its players), peak ${mib(report.server.rssPeakBytes)}, end ${mib(report.server.rssEndBytes)}`,
      `event loop delay: load test p99 ${report.clientEventLoopDelayMs.p99} ms (max ${report.clientEventLoopDelayMs.max}${report.workers > 1 ? `; the busiest of ${report.workers} worker threads` : ''}), server p99 ${report.serverEventLoopDelayMs?.p99.toFixed(1) ?? '?'} ms (max ${report.serverEventLoopDelayMs?.max.toFixed(1) ?? '?'})`,
      `load test's own CPU: ${report.clientCpu.seconds} s (${(report.clientCpu.shareOfCore * 100).toFixed(1)} % of one core) at nice ${report.nice}`,
      `refused commands (bots acting on a view that moved on): ${JSON.stringify(report.refused)}`,
      ...(report.chat ? [chatLine(report.chat)] : []),
      ...accountLines(report.serverAccount),
      ...lateSecondsLines(report.serverSeconds),
      `errors: ${Object.keys(report.errors).length === 0 ? 'none' : JSON.stringify(report.errors)}`,
      '',
    ].join('\n'));
  }
  return Object.keys(report.errors).length === 0 ? 0 : 1;
}

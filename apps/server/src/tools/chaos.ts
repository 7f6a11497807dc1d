import { parseFlags, runAsProcess, runCommand, UsageError } from '@mafia/cli/tools';
import { runChaos, type ChaosOptions, type ChaosReport } from './chaos/run.js';

const USAGE = 'usage: npm run chaos -- [--nodes 3] [--rooms 200] [--kills 20] [--database postgres://…] [--redis redis://…] [--step S] [--think MS] [--seed N] [--timeout S] [--json]';

const RANGES = { nodes: [2, 9], rooms: [1, 2000], kills: [0, 1000], step: [5, 600], think: [0, 60_000], seed: [0, 2 ** 31 - 1], timeout: [10, 86_400] } as const;

export function parseChaosArgs(args: readonly string[]): Omit<ChaosOptions, 'log'> & { json: boolean } {
  const { values: v, switches } = parseFlags(args, { usage: USAGE, values: ['nodes', 'rooms', 'kills', 'database', 'redis', 'preset', 'step', 'think', 'seed', 'timeout'], switches: ['json'] });
  const num = (k: keyof typeof RANGES, dflt: number): number => {
    if (v[k] === undefined) return dflt;
    const n = Number(v[k]);
    const [min, max] = RANGES[k];
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${k} must be a whole number from ${min} to ${max}, got ${JSON.stringify(v[k])}`, 'bad-argument');
    return n;
  };
  const database = v.database ?? process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mafia_chaos';
  if (!/^postgres(ql)?:\/\//.test(database)) throw new UsageError(`--database must be a postgres:// URL (several nodes share PostgreSQL), got ${JSON.stringify(database)}`, 'bad-argument');
  const redis = v.redis ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redis)) throw new UsageError(`--redis must be a redis:// URL, got ${JSON.stringify(redis)}`, 'bad-argument');
  return {
    nodes: num('nodes', 3), rooms: num('rooms', 200), kills: num('kills', 20), databaseUrl: database, redisUrl: redis, preset: v.preset ?? 'classic',
    stepSeconds: num('step', 5), thinkMs: num('think', 1000), seed: num('seed', 1), timeoutSeconds: num('timeout', 1800), json: switches.json,
  };
}

function print(r: ChaosReport, out: (line: string) => void): void {
  out(`nodes ${r.nodes}, rooms ${r.rooms}, kills ${r.kills} (kill -9 of a random node at random moments), ${r.seconds} s`);
  out(`acknowledged commands: ${r.acknowledged}; lost ${r.lost}; doubled ${r.doubled}`);
  out(`rooms finished: ${r.roomsFinished} of ${r.rooms}; client reconnects ${r.reconnects}`);
  out(`failover (a killed node's rooms held again by another): ${r.failover.rooms} rooms, p50 ${r.failover.p50Ms} ms, max ${r.failover.maxMs} ms${r.failover.notTakenOver > 0 ? `, ${r.failover.notTakenOver} not taken over within 15 s` : ''}`);
  out(`errors: ${Object.keys(r.errors).length === 0 ? 'none' : JSON.stringify(r.errors)}`);
}

/**
 * `npm run chaos -- …` (issue 29; docs/deploy.md): nodes killed at random while bots play. Exit 0
 * when nothing acknowledged was lost or doubled, every room finished and every failover took at
 * most 5 s; 1 otherwise.
 */
export async function chaosCommand(args: string[]): Promise<number> {
  const o = parseChaosArgs(args);
  const report = await runChaos({ ...o, log: (line) => process.stderr.write(`${line}\n`) });
  if (o.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else print(report, (line) => process.stdout.write(`${line}\n`));
  const ok = report.lost === 0 && report.doubled === 0 && report.roomsFinished === report.rooms && report.failover.maxMs <= 5000 && report.failover.notTakenOver === 0;
  return ok ? 0 : 1;
}

runAsProcess(import.meta.url, 'chaos', (argv) => runCommand('chaos', chaosCommand, argv));

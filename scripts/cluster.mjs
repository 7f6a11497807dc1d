#!/usr/bin/env node
// `npm run cluster` (issue 29, docs/deploy.md): three server nodes and HAProxy in front of them on
// this machine, for trying several nodes out. The nodes share one PostgreSQL database
// (CLUSTER_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/mafia_cluster, created when
// missing) and the machine's Redis (REDIS_URL, default redis://127.0.0.1:6379); HAProxy listens
// on PORT (3000) and the nodes on the three ports after it. Ctrl-C stops all four.
// CLUSTER_BALANCERS=2 starts a second HAProxy on PORT+10 (one HAProxy process holds 9,800
// connections where a process may open 20,000 files: the 10,000 of the load test need two).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from '../apps/server/dist/storage/ensureDatabase.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mafia_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const secret = process.env.CLUSTER_SECRET ?? randomBytes(24).toString('hex');

const children = [];
function run(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (line) => `${name.padEnd(7)}| ${line}\n`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(prefix(line));
    });
  }
  child.on('exit', (code, signal) => process.stdout.write(prefix(`exited (${signal ?? code})`)));
  children.push(child);
  return child;
}

await ensureDatabase(databaseUrl);
const nodes = [1, 2, 3].map((i) => port + i);
for (const [i, p] of nodes.entries()) {
  run(`node${i + 1}`, process.execPath, ['--max-semi-space-size=8', 'apps/server/dist/main.js'], {
    PORT: String(p), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, CLUSTER_SECRET: secret,
    NODE_ID: `node${i + 1}`, NODE_URL: `http://127.0.0.1:${p}`, TRUST_PROXY: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
}
const balancers = Array.from({ length: Number(process.env.CLUSTER_BALANCERS ?? 1) }, (_, i) => port + 10 * i);
for (const [i, p] of balancers.entries()) {
  run(`haproxy${i > 0 ? i + 1 : ''}`, 'haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
    MAFIA_BIND: `0.0.0.0:${p}`, MAFIA_NODE1: `127.0.0.1:${nodes[0]}`, MAFIA_NODE2: `127.0.0.1:${nodes[1]}`, MAFIA_NODE3: `127.0.0.1:${nodes[2]}`,
  });
}
process.stdout.write(`cluster: HAProxy on ${balancers.map((p) => `http://localhost:${p}`).join(' and ')}, nodes on ${nodes.join(', ')}; PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; Redis ${redisUrl}. Ctrl-C stops them.\n`);
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../nodeFlags.js';

/** The built server, as `npm start` runs it (apps/server/dist/tools/audit → apps/server/dist). */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
/** The repository: the server runs from there, as `npm start` does (it serves apps/web/dist). */
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

export type DatabaseKind = 'sqlite' | 'postgres';

/** PostgreSQL for `--database postgres`: AUDIT_DATABASE_URL, else TEST_DATABASE_URL, else the local `test` database. */
const PG_URL = process.env.AUDIT_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface AuditedServer {
  readonly port: number;
  readonly pid: number;
  readonly storage: string;
  /** Its DATABASE_URL (a PostgreSQL one names its connections: `application_name`). */
  readonly databaseUrl: string;
  /** PostgreSQL: the application_name of its connections (only they are ended by the outage attack). */
  readonly applicationName: string;
  /** VmRSS of the server process (bytes), from /proc. */
  rss(): number;
  /** Null while it runs; else how it ended (a crash is an audit failure). */
  exited(): string | null;
  /** Log lines the server printed so far, by pino level name. */
  logLevels(): Record<string, number>;
  /** The first error lines it logged (level error or fatal). */
  errorLines(): readonly string[];
  /** The last lines it printed (for a failure message). */
  tail(): string;
  /** The letters it wrote to its log (no SMTP is configured): recipient and text, in order. */
  mails(): readonly { readonly to: string; readonly text: string }[];
  stop(): Promise<void>;
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * Starts apps/server/dist/main.js as a child process on a port of its choosing on 127.0.0.1,
 * with a fresh SQLite file (or a fresh PostgreSQL schema), and waits until it listens.
 * `env` adds settings (limits) on top of the caller's environment; `url` another server's database
 * (to see it refused).
 */
export async function startServer(database: DatabaseKind, env: Record<string, string> = {}, url?: string): Promise<AuditedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-audit-'));
  const schema = `audit_${randomBytes(4).toString('hex')}`;
  const applicationName = `mafia-audit-${schema}`;
  url ??= database === 'sqlite' ? `sqlite:${join(dir, 'audit.sqlite')}` : `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}&application_name=${applicationName}`;
  // The V8 flags of `npm start`: the audit measures the server as clubs run it.
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: REPO,
  });
  const levels: Record<string, number> = {};
  const last: string[] = [];
  const errors: string[] = [];
  const mails: { to: string; text: string }[] = [];
  let pending = '';
  let port = 0;
  let ended: string | null = null;
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 30 s:\n${last.join('\n')}`)), 30_000);
    child.stdout!.on('data', (d) => {
      pending += String(d);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        last.push(line);
        if (last.length > 20) last.shift();
        let entry: { level?: number; msg?: string; port?: number; to?: string; text?: string } = {};
        try {
          entry = JSON.parse(line);
        } catch { /* not a log line */ }
        const level = LEVELS[entry.level ?? 0] ?? 'other';
        levels[level] = (levels[level] ?? 0) + 1;
        if ((level === 'error' || level === 'fatal') && errors.length < 5) errors.push(line.slice(0, 300));
        if (typeof entry.to === 'string' && typeof entry.text === 'string' && entry.msg?.startsWith('mail not sent')) mails.push({ to: entry.to, text: entry.text });
        if (entry.msg === 'mafia server listening' && typeof entry.port === 'number') {
          port = entry.port;
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.stderr!.on('data', (d) => {
      last.push(String(d).trimEnd());
      if (last.length > 20) last.shift();
    });
    child.once('exit', (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with ${code}`;
      clearTimeout(timer);
      reject(new Error(`the server ${ended} before it listened:\n${last.join('\n')}`));
    });
  });
  await listening;
  return {
    port,
    pid: child.pid!,
    storage: database === 'sqlite' ? 'SQLite (a temporary file)' : `PostgreSQL (schema ${schema})`,
    databaseUrl: url,
    applicationName,
    rss: () => vmRss(child.pid!),
    exited: () => ended,
    logLevels: () => ({ ...levels }),
    errorLines: () => errors.slice(),
    tail: () => last.join('\n'),
    mails: () => mails.slice(),
    stop: async () => {
      if (ended === null) {
        const gone = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const cut = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(cut);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** VmRSS of a process in bytes (Linux /proc); 0 when it cannot be read. */
export function vmRss(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

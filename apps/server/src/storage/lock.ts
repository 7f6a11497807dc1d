import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { postgresParts, sqliteFile } from './open.js';

/** The lock one server process holds on its database for its whole life; released on exit, kill -9 included. */
export interface DatabaseLock {
  release(): Promise<void>;
}

/** A second process on the same database: it must not start (issue 12 point 12). */
export class DatabaseInUseError extends Error {}

/**
 * Takes the database for this process, or throws DatabaseInUseError naming who holds it. Two server
 * processes on one database would each take the other's writes for their own view's.
 *
 * SQLite: the lock is on the file itself, not on the path it was named by (issue 23 point 13): OS
 * locks on two small files, one beside the real file (symlinks resolved: `REAL.lock`) and one named
 * by the file's device and inode in the machine's lock folder, /tmp/mafia-host-locks whatever
 * TMPDIR says (hard links, from any folder and any environment). The kernel drops them
 * when the process dies, so a kill -9 leaves nothing that blocks the next start (a PID file alone
 * would). `LOCK.pid` says which process holds one, for the message.
 * PostgreSQL: a session advisory lock on a key made from the schema, held by one connection kept
 * open for the process's life; PostgreSQL drops it when that connection ends.
 */
export async function lockDatabase(databaseUrl: string): Promise<DatabaseLock> {
  if (databaseUrl.startsWith('sqlite:')) return lockSqlite(sqliteFile(databaseUrl.slice('sqlite:'.length)));
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return lockPostgres(databaseUrl);
  // Any other URL: openStorage refuses it with its own message.
  return { release: async () => {} };
}

function lockSqlite(file: string): DatabaseLock {
  if (file === ':memory:') return { release: async () => {} };
  mkdirSync(dirname(file), { recursive: true });
  // The file must exist to have an identity; an empty file is a valid (empty) SQLite database.
  closeSync(openSync(file, 'a'));
  const real = realpathSync(file);
  const { dev, ino } = statSync(real);
  const same = real === file ? '' : ` (the same file as ${real})`;
  // Beside the real file: every symlink agrees on it, and it works under a private /tmp. In the
  // machine's lock folder by device and inode: a hard link anywhere agrees on that one.
  const held = [holdLockFile(`${real}.lock`, file, same)];
  try {
    held.push(holdLockFile(join(lockFolder(), `sqlite-${dev}-${ino}.lock`), file, same));
  } catch (e) {
    held[0]!.release();
    throw e;
  }
  return { release: async () => held.forEach((h) => h.release()) };
}

/**
 * The machine-wide folder of identity locks: shared by every user, as /tmp is (sticky,
 * world-writable). Always /tmp, never TMPDIR: two processes with different TMPDIRs must look in
 * one place, or a hard link opened by the second finds no lock (issue 23, what was left). Windows
 * has no /tmp: there the user's temporary folder.
 */
function lockFolder(): string {
  const folder = join(process.platform === 'win32' ? tmpdir() : '/tmp', 'mafia-host-locks');
  try {
    mkdirSync(folder, { mode: 0o1777 });
    chmodSync(folder, 0o1777);
  } catch (e) {
    if ((e as { code?: string }).code !== 'EEXIST') throw e;
  }
  return folder;
}

/**
 * A small SQLite file opened in exclusive locking mode and written once: the operating system's
 * lock on it is held until the process ends and is dropped by the kernel when the process dies.
 */
function holdLockFile(lockFile: string, file: string, same: string): { release(): void } {
  const pidFile = `${lockFile}.pid`;
  // timeout 0: a held lock is an answer at once, not after better-sqlite3's default 5 s wait.
  const db = new Database(lockFile, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL); DELETE FROM holder;');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
    throw new DatabaseInUseError(`another server process${holderOf(pidFile)} is using the database ${file}${same} (its lock ${lockFile} is held); stop it first, or give this one another DATABASE_URL`);
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  return {
    release() {
      db.close();
      rmSync(pidFile, { force: true });
    },
  };
}

function holderOf(pidFile: string): string {
  try {
    const pid = readFileSync(pidFile, 'utf8').trim();
    return /^\d+$/.test(pid) ? ` (pid ${pid})` : '';
  } catch {
    return '';
  }
}

async function lockPostgres(raw: string): Promise<DatabaseLock> {
  const { url, schema } = postgresParts(raw);
  const name = schema ?? 'public';
  const key = `mafia-host:${name}`;
  const say = (m: string) => process.stderr.write(`mafia server: ${m}\n`);
  let released = false;
  /** One connection holding the advisory lock, or null when another process holds it. */
  const take = async (): Promise<pg.Client | null> => {
    const client = new pg.Client({ connectionString: url.toString() });
    // Unheard, a dropped connection would end the process (issue 23 point 8).
    client.on('error', (e) => say(`the database lock's connection failed: ${e.message}`));
    await client.connect();
    const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [key]);
    if (r.rows[0]?.ok) return client;
    await client.end();
    return null;
  };
  // The lock ends with its connection (a database restart, a terminated backend): it is taken
  // again as soon as the database answers, so a second server still cannot start beside this one.
  const keep = (client: pg.Client) => client.once('end', () => void (async () => {
    for (let wait = 250; !released; wait = Math.min(wait * 2, 5000)) {
      await new Promise((r) => setTimeout(r, wait));
      const again = await take().catch(() => undefined);
      if (again === undefined) continue;
      if (again === null) say(`another server process took the lock of the PostgreSQL schema ${JSON.stringify(name)} while this one's connection was down: stop one of them`);
      else if (released) await again.end();
      else {
        current = again;
        keep(again);
      }
      return;
    }
  })());
  let current = await take();
  if (!current) throw new DatabaseInUseError(`another server process is using the PostgreSQL schema ${JSON.stringify(name)} of ${url.host}${url.pathname} (its advisory lock is held); stop it first, or give this one another schema`);
  keep(current);
  return {
    async release() {
      released = true;
      await current?.end().catch(() => {});
    },
  };
}

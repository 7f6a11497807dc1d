import { linkSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, type Check } from './report.js';
import { startServer, type AuditedServer } from './server.js';

/**
 * Issue 23 point 13: a second server on the audited server's SQLite file under another name, a
 * symlink and a hard link to it, must refuse to start (the lock is on the file, not its path), and
 * the first must go on. On PostgreSQL there is no file: no check, a line.
 */
export async function databaseLinksAudit(server: AuditedServer, database: 'sqlite' | 'postgres', log: (s: string) => void): Promise<Check[]> {
  if (database !== 'sqlite') {
    log('SKIP database links: PostgreSQL has no database file to link to (its lock is per schema); run the audit with --database sqlite for this attack');
    return [];
  }
  const file = server.databaseUrl.slice('sqlite:'.length);
  const dir = mkdtempSync(join(tmpdir(), 'mafia-audit-links-'));
  try {
    const names = { symlink: join(dir, 'by-symlink.sqlite'), 'hard link': join(dir, 'by-hardlink.sqlite') };
    symlinkSync(file, names.symlink);
    // A hard link needs the same file system: beside the file itself when the temporary folder is not.
    try {
      linkSync(file, names['hard link']);
    } catch {
      names['hard link'] = `${file}.hardlink`;
      linkSync(file, names['hard link']);
    }
    const checks: Check[] = [];
    for (const [how, name] of Object.entries(names)) {
      const second = await startServer('sqlite', {}, `sqlite:${name}`).catch((e: Error) => e);
      if (!(second instanceof Error)) await second.stop();
      const said = second instanceof Error ? second.message.split('\n').find((l) => /another server process/.test(l)) ?? second.message.slice(0, 200) : 'it started and listened';
      checks.push(check('database links', `a second server through a ${how} to the database refuses to start`, second instanceof Error && /another server process .* is using the database/.test(said), said.replace(/^mafia server: /, ''), 'issue 23 point 13'));
    }
    if (names['hard link'].startsWith(file)) rmSync(names['hard link'], { force: true });
    checks.push(check('database links', 'the first server goes on', server.exited() === null, server.exited() ?? `pid ${server.pid} running`));
    return checks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

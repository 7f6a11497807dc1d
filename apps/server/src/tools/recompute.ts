import { parseFlags, runAsProcess, runCommand, UsageError } from '@mafia/cli/tools';
import { recomputeDatabase, RecomputeRefusal } from '../recompute.js';
import { DEFAULT_DATABASE_URL } from '../storage/open.js';

const USAGE = 'usage: node apps/server/dist/tools/recompute.js [--db PATH|sqlite:PATH|postgres://…] [--club ID] [--json]';

export interface RecomputeArgs { readonly url: string; readonly club: string | undefined; readonly json: boolean }

/**
 * The database as the server would open it: `--db`, else DATABASE_URL, else the server's default
 * (./data/mafia.sqlite from where the command runs, as `npm start` from the repository). A bare
 * path is a SQLite file.
 */
export function parseRecomputeArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>, defaultUrl: string): RecomputeArgs {
  const { values, switches: { json } } = parseFlags(args, { usage: USAGE, values: ['db', 'club'], switches: ['json'] });
  for (const f of ['db', 'club'] as const) if (values[f] === '') throw new UsageError(`--${f} needs a value; ${USAGE}`, 'bad-argument');
  const { db, club } = values;
  const url = db ?? (env.DATABASE_URL || defaultUrl);
  return { url: /^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(url) ? url : `sqlite:${url}`, club, json };
}

/** A PostgreSQL URL without its password, for the lines printed. */
const shown = (url: string): string => url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, '$1:***@');

/**
 * `npm run recompute -- …` (`node apps/server/dist/tools/recompute.js …`): every point and rating of one club (or of every club) rebuilt from its games
 * and the ledger, as the admin's button does; one line per club with its games, the rated ones,
 * the time and the sha256 of the rows written, so two runs can be compared. Exit 2 for an unknown
 * club or a missing database file.
 */
export async function recomputeCommand(args: string[]): Promise<number> {
  const o = parseRecomputeArgs(args, process.env, DEFAULT_DATABASE_URL);
  let clubs;
  try {
    clubs = await recomputeDatabase(o.url, o.club);
  } catch (e) {
    if (e instanceof RecomputeRefusal) throw new UsageError(`${e.message} (database ${shown(o.url)})`, 'refused');
    throw e;
  }
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ database: shown(o.url), clubs })}\n`);
    return 0;
  }
  process.stdout.write(`database ${shown(o.url)}: ${clubs.length} club${clubs.length === 1 ? '' : 's'}\n`);
  for (const c of clubs) process.stdout.write(`${c.clubId} ${JSON.stringify(c.name)}: ${c.games} games, ${c.rated} rated, ${c.ms} ms, sha256 ${c.digest}\n`);
  return 0;
}

runAsProcess(import.meta.url, 'recompute', (argv) => runCommand('recompute', recomputeCommand, argv));

import { UsageError } from './io.js';
import { runAudit, type AuditOptions } from './audit/run.js';
import { printReport } from './audit/report.js';

const USAGE = 'usage: mafia audit [--small] [--database sqlite|postgres] [--step S] [--seed N] [--json]';

export function parseAuditArgs(args: readonly string[]): Omit<AuditOptions, 'log'> & { json: boolean } {
  let size: AuditOptions['size'] = 'full';
  let database: AuditOptions['database'] = 'sqlite';
  let step = 1;
  let seed = 12;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value; ${USAGE}`, 'bad-argument');
      return v;
    };
    if (a === '--small') size = 'small';
    else if (a === '--json') json = true;
    else if (a === '--database') {
      const v = value();
      if (v !== 'sqlite' && v !== 'postgres') throw new UsageError(`--database must be sqlite or postgres, got ${JSON.stringify(v)}`, 'bad-argument');
      database = v;
    } else if (a === '--step' || a === '--seed') {
      const v = Number(value());
      if (!Number.isFinite(v) || v < (a === '--step' ? 0.05 : 0) || v > 600_000) throw new UsageError(`${a} must be a positive number, got ${JSON.stringify(args[i])}`, 'bad-argument');
      if (a === '--step') step = v;
      else seed = Math.floor(v);
    } else throw new UsageError(`unknown argument ${JSON.stringify(a)}; ${USAGE}`, 'bad-argument');
  }
  return { size, database, step, seed, json };
}

/** `mafia audit`: exit 0 when every check passed, 1 otherwise. */
export async function auditCommand(args: string[]): Promise<number> {
  const o = parseAuditArgs(args);
  const report = await runAudit({ ...o, log: (line) => process.stderr.write(`${line}\n`) });
  if (o.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else printReport(report, (line) => process.stdout.write(`${line}\n`));
  return report.checks.every((c) => c.pass) ? 0 : 1;
}

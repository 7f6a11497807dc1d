import { parseFlags, runAsProcess, runCommand, UsageError } from '@mafia/cli/tools';
import { runAudit, type AuditOptions } from './audit/run.js';
import { printReport } from './audit/report.js';

const USAGE = 'usage: node apps/server/dist/tools/audit.js [--small] [--database sqlite|postgres] [--step S] [--seed N] [--json]';

export function parseAuditArgs(args: readonly string[]): Omit<AuditOptions, 'log'> & { json: boolean } {
  const { values, switches } = parseFlags(args, { usage: USAGE, values: ['database', 'step', 'seed'], switches: ['small', 'json'] });
  const database = values.database ?? 'sqlite';
  if (database !== 'sqlite' && database !== 'postgres') throw new UsageError(`--database must be sqlite or postgres, got ${JSON.stringify(database)}`, 'bad-argument');
  const number = (flag: 'step' | 'seed', min: number, dflt: number): number => {
    const text = values[flag];
    if (text === undefined) return dflt;
    const v = Number(text);
    if (!Number.isFinite(v) || v < min || v > 600_000) throw new UsageError(`--${flag} must be a positive number, got ${JSON.stringify(text)}`, 'bad-argument');
    return v;
  };
  const size: AuditOptions['size'] = switches.small ? 'small' : 'full';
  return { size, database, step: number('step', 0.05, 1), seed: Math.floor(number('seed', 0, 12)), json: switches.json };
}

/**
 * The bounded security audit (issue 12, docs/security.md): `npm run audit -- [--small] …`, or
 * `node apps/server/dist/tools/audit.js …` after a build. Exit 0 when every check passed, 1 otherwise.
 */
export async function auditCommand(args: string[]): Promise<number> {
  const o = parseAuditArgs(args);
  const report = await runAudit({ ...o, log: (line) => process.stderr.write(`${line}\n`) });
  if (o.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  else printReport(report, (line) => process.stdout.write(`${line}\n`));
  return report.checks.every((c) => c.pass) ? 0 : 1;
}

runAsProcess(import.meta.url, 'audit', (argv) => runCommand('audit', auditCommand, argv));

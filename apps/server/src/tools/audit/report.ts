/**
 * One expectation of the audit: PASS or FAIL with the figures behind it. `pending` names the
 * defence the check waits for when it fails only because that defence is not built yet
 * (issue 12 point), so the printout tells a missing limit from a broken one.
 */
export interface Check {
  readonly attack: string;
  readonly name: string;
  readonly pass: boolean;
  readonly figures: string;
  readonly pending?: string;
}

/** What every attack adds up: messages it sent and frames it received. */
export interface Traffic {
  messages: number;
  frames: number;
}

export interface AuditReport {
  readonly size: string;
  readonly storage: string;
  readonly seconds: number;
  readonly checks: readonly Check[];
  readonly messagesSent: number;
  readonly framesReceived: number;
  readonly leaks: number;
  readonly rssBeforeBytes: number;
  readonly rssAfterBytes: number;
  readonly rssPeakBytes: number;
  readonly honest: { readonly rooms: number; readonly games: number; readonly commands: number; readonly p50: number; readonly p99: number; readonly max: number; readonly errors: Readonly<Record<string, number>> };
  readonly serverLog: Readonly<Record<string, number>>;
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

export function printReport(r: AuditReport, out: (s: string) => void): void {
  for (const c of r.checks) out(`${c.pass ? 'PASS' : 'FAIL'} ${c.attack}: ${c.name} — ${c.figures}${!c.pass && c.pending ? ` [needs: ${c.pending}]` : ''}`);
  const failed = r.checks.filter((c) => !c.pass).length;
  out('');
  out(`audit (${r.size}, ${r.storage}) in ${r.seconds} s: ${r.checks.length - failed} passed, ${failed} failed`);
  out(`messages sent ${r.messagesSent}, frames received ${r.framesReceived}, leaks ${r.leaks}`);
  out(`server RSS before ${mib(r.rssBeforeBytes)}, after ${mib(r.rssAfterBytes)}, peak ${mib(r.rssPeakBytes)}`);
  const h = r.honest;
  out(`honest rooms during the attacks: ${h.rooms} rooms, ${h.games} games, ${h.commands} commands, latency p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms; errors ${Object.keys(h.errors).length ? JSON.stringify(h.errors) : 'none'}`);
  out(`server log lines: ${JSON.stringify(r.serverLog)}`);
}

export const check = (attack: string, name: string, pass: boolean, figures: string, pending?: string): Check =>
  ({ attack, name, pass, figures, ...(pending ? { pending } : {}) });

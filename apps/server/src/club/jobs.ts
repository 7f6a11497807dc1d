import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DeliveryError, type EnqueueOptions, type JobHandler, type JobQueue } from './ports.js';
import { isConnectionError } from '../storage/outage.js';
import { num, type ClubDb } from './schema.js';

/** How long a running job is held before another runner may take it (a crash mid-job). */
const LEASE_MS = 5 * 60_000;

/** Back-off before retry `attempt` (1-based): 30 s, 1 min, 2 min, … at most 1 hour. */
export const backoffMs = (attempt: number): number => Math.min(60 * 60_000, 30_000 * 2 ** (attempt - 1));

/**
 * Jobs as rows of the `jobs` table, so a delivery asked for survives a restart. A runner takes a
 * due job by moving it from `pending` to `running` in one conditional update (two servers on one
 * PostgreSQL never run the same job twice), runs it, and marks it `done`; a failure is retried
 * with back-off until `max_attempts`, a permanent one (DeliveryError.permanent) fails at once.
 */
export class DbJobQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly db: ClubDb, private readonly now: () => number, private readonly log: Logger) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async enqueue(kind: string, payload: unknown, o: EnqueueOptions = {}): Promise<string> {
    if (o.dedupeKey !== undefined) {
      const existing = await this.db.selectFrom('jobs').select('id').where('dedupe_key', '=', o.dedupeKey).executeTakeFirst();
      if (existing) return existing.id;
    }
    const id = randomUUID();
    const at = this.now();
    await this.db.insertInto('jobs').values({
      id, kind, payload: JSON.stringify(payload ?? null), run_at: o.runAt ?? at, attempts: 0, max_attempts: o.maxAttempts ?? 6,
      state: 'pending', locked_until: null, last_error: null, dedupe_key: o.dedupeKey ?? null, created_at: at, done_at: null,
    }).execute();
    return id;
  }

  /** Runs what is due; concurrent calls share one pass. */
  runDue(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const at = this.now();
      // A running job whose lease ran out was held by a runner that died: it is due again.
      const due = await this.db.selectFrom('jobs').selectAll()
        .where((w) => w.or([
          w.and([w('state', '=', 'pending'), w('run_at', '<=', at)]),
          w.and([w('state', '=', 'running'), w('locked_until', '<', at)]),
        ]))
        .orderBy('run_at').limit(1).executeTakeFirst();
      if (!due) return ran;
      const taken = await this.db.updateTable('jobs').set({ state: 'running', locked_until: at + LEASE_MS, attempts: due.attempts + 1 })
        .where('id', '=', due.id).where('attempts', '=', due.attempts).where('state', '=', due.state).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      ran++;
      await this.runOne(due.id, due.kind, due.payload, due.attempts + 1, due.max_attempts);
    }
  }

  private async runOne(id: string, kind: string, payload: string, attempt: number, maxAttempts: number): Promise<void> {
    const handler = this.handlers.get(kind);
    try {
      if (!handler) throw new DeliveryError(`no handler for job kind ${kind}`, true);
      await handler(JSON.parse(payload), { id, attempt });
      await this.db.updateTable('jobs').set({ state: 'done', done_at: this.now(), locked_until: null, last_error: null }).where('id', '=', id).execute();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = (e instanceof DeliveryError && e.permanent) || attempt >= maxAttempts;
      this.log.warn({ job: id, kind, attempt, final, err: message }, final ? 'job failed for good' : 'job failed; retried later');
      await this.db.updateTable('jobs').set(final
        ? { state: 'failed', done_at: this.now(), locked_until: null, last_error: message }
        : { state: 'pending', run_at: this.now() + backoffMs(attempt), locked_until: null, last_error: message }).where('id', '=', id).execute();
    }
  }

  /** Polls every `everyMs` until stop(). */
  start(everyMs = 5_000): void {
    if (this.timer) return;
    // The database away for a while is no fault of the jobs: the next pass tries again (a warning).
    const failed = (e: unknown) => isConnectionError(e)
      ? this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'job pass waits for the database')
      : this.log.error({ err: e instanceof Error ? e.message : String(e) }, 'job pass failed');
    this.timer = setInterval(() => void this.runDue().catch(failed), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** A job's row, for the admin pages and tests. */
  async byId(id: string) {
    const r = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return r && { ...r, run_at: num(r.run_at) };
  }
}

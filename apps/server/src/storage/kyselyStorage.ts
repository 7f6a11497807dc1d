import { Migrator, sql, type Kysely } from 'kysely';
import { checkFences, FencedError, type Fences } from './fences.js';
import { migrationProvider } from './migrations.js';
import { DATABASE_WAIT_MS, DatabaseUnavailableError, failureText, isConnectionError, patiently, pause, sentNothing } from './outage.js';
import { SeqConflictError, type BatchTimes, type LogRecord, type OpenRoomRow, type RoomRow, type SeatRecord, type Storage } from './types.js';

export interface RoomsTable {
  id: string; code: string; preset: string; mode: string; seats: number; options: string; names: string; timers: string; deal: string;
  seed: number | string; host_key_hash: string; created_at: number | string; ended: number;
  /** 014_public_rooms: 1 when listed in the lobby of open games; the language its creator gave (or null). */
  public: number; language: string | null;
}
export interface LogTable { room_id: string; seq: number; kind: string; body: string; at: number | string }
export interface Schema { rooms: RoomsTable; room_log: LogTable }

/** Something that appends log records durably (the SQLite writer thread). */
export interface Appender {
  append(roomId: string, records: readonly LogRecord[]): Promise<void>;
  markEnded(roomId: string): Promise<void>;
  markOpen(roomId: string): Promise<void>;
  createRoom(roomId: string, row: readonly unknown[]): Promise<void>;
  health(): Promise<string | null>;
  close(): Promise<void>;
}

interface PendingAppend {
  readonly roomId: string;
  readonly records: readonly LogRecord[];
  resolve(): void;
  reject(e: unknown): void;
}

/** PostgreSQL returns bigint columns as strings. */
const num = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

const toRoom = (r: RoomsTable): RoomRow => ({
  id: r.id, code: r.code, preset: r.preset, mode: r.mode, seats: num(r.seats), options: r.options, names: r.names, timers: r.timers, deal: r.deal,
  seed: num(r.seed), hostKeyHash: r.host_key_hash, createdAt: num(r.created_at), ended: num(r.ended) !== 0,
  ...(num(r.public) !== 0 ? { public: true } : {}), ...(r.language !== null ? { language: r.language } : {}),
});

/**
 * The storage on Kysely, for both back ends. Appends are group-committed: every append asked for
 * while a commit is running joins the next one, so a thousand rooms writing at once cost a few
 * transactions (and fsyncs) instead of a thousand. If a group fails (a taken seq), each append of
 * it is retried alone so only the faulty one fails.
 */
export class KyselyStorage implements Storage {
  private queue: PendingAppend[] = [];
  private flushing = false;

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    readonly db: Kysely<Schema>,
    private readonly onClose: () => Promise<void> = async () => {},
    private readonly isUniqueViolation: (e: unknown) => boolean = () => false,
    /** PostgreSQL: the schema the tables live in (the migrator needs it named). */
    private readonly schema?: string,
    /** SQLite: every write (appends, rooms) goes to a writer thread instead (made at the first write, after the migrations). */
    private readonly makeAppender?: (batchTimes: BatchTimes) => Appender,
    /** PostgreSQL: how long a write waits for an unreachable database before it is refused (ms). */
    private readonly waitMs: number = DATABASE_WAIT_MS,
  ) {}

  private appender: Appender | null = null;
  batchTimes: BatchTimes | null = null;
  /**
   * Cluster mode (PostgreSQL, several nodes): the fencing tokens this node holds. Every append
   * transaction then checks its rooms' tokens (fences.ts); unset, nothing is checked (one process).
   */
  fences: Fences | null = null;

  private newAppender(): Appender {
    return this.makeAppender!((ms, writes) => this.batchTimes?.(ms, writes));
  }

  async migrate(): Promise<void> {
    // PostgreSQL: the migrator's tables are always looked for in a named schema. Unnamed, Kysely
    // takes a migration table in ANY schema of the database for this one's (issue 23 point 15).
    const schema = this.kind === 'postgres' ? this.schema ?? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(this.db)).rows[0]?.s : undefined;
    // Unordered: numbers are handed out ahead (012 came after 013), and a database that ran 013 runs 012 then.
    const { error, results } = await new Migrator({
      db: this.db, provider: migrationProvider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}),
    }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  async createRoom(r: RoomRow): Promise<void> {
    if (this.makeAppender) {
      const row = [r.id, r.code, r.preset, r.mode, r.seats, r.options, r.names, r.timers, r.seed, r.hostKeyHash, r.createdAt, r.ended ? 1 : 0, r.deal, r.public ? 1 : 0, r.language ?? null];
      return (this.appender ??= this.newAppender()).createRoom(r.id, row);
    }
    await patiently(() => this.noted(this.db.insertInto('rooms').values({
      id: r.id, code: r.code, preset: r.preset, mode: r.mode, seats: r.seats, options: r.options, names: r.names, timers: r.timers, deal: r.deal,
      seed: r.seed, host_key_hash: r.hostKeyHash, created_at: r.createdAt, ended: r.ended ? 1 : 0, public: r.public ? 1 : 0, language: r.language ?? null,
    }).execute()).catch(async (e: unknown) => {
      // A repeat after a lost answer finds its own row: it was written.
      if (this.isUniqueViolation(e) && (await this.roomById(r.id))?.hostKeyHash === r.hostKeyHash) return;
      throw e;
    }), this.waitMs);
  }

  async roomById(id: string): Promise<RoomRow | undefined> {
    const r = await this.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toRoom(r);
  }

  async roomByCode(code: string): Promise<RoomRow | undefined> {
    const r = await this.db.selectFrom('rooms').selectAll().where('code', '=', code).executeTakeFirst();
    return r && toRoom(r);
  }

  async openRooms(): Promise<RoomRow[]> {
    const rows = await this.db.selectFrom('rooms').selectAll().where('ended', '=', 0).orderBy('created_at').execute();
    return rows.map(toRoom);
  }

  async countOpenRooms(): Promise<number> {
    const r = await this.db.selectFrom('rooms').select((eb) => eb.fn.countAll().as('n')).where('ended', '=', 0).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async unstartedBefore(before: number): Promise<string[]> {
    const rows = await this.db.selectFrom('rooms').select('id').where('ended', '=', 0).where('created_at', '<', before)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('room_log').select('seq').whereRef('room_log.room_id', '=', 'rooms.id').where('kind', 'in', ['start', 'next']))))
      .execute();
    return rows.map((r) => r.id);
  }

  async publicUnstarted(since: number, limit: number): Promise<OpenRoomRow[]> {
    const rows = await this.db.selectFrom('rooms').select(['id', 'code', 'preset', 'seats', 'language', 'created_at'])
      .where('public', '=', 1).where('ended', '=', 0).where('mode', '=', 'online').where('created_at', '>=', since)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('room_log').select('seq').whereRef('room_log.room_id', '=', 'rooms.id').where('kind', 'in', ['start', 'next']))))
      .orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, code: r.code, preset: r.preset, seats: num(r.seats), language: r.language, createdAt: num(r.created_at) }));
  }

  async seatRecords(roomIds: readonly string[]): Promise<SeatRecord[]> {
    if (roomIds.length === 0) return [];
    const rows = await this.db.selectFrom('room_log').select(['room_id', 'seq', 'kind', 'body', 'at'])
      .where('room_id', 'in', [...roomIds]).where('kind', 'in', ['claim', 'release', 'rename']).orderBy('room_id').orderBy('seq').execute();
    return rows.map((r) => ({ roomId: r.room_id, seq: num(r.seq), kind: r.kind, body: r.body, at: num(r.at) }));
  }

  /** Why the last write failed, while no write has succeeded since (PostgreSQL; SQLite asks its writer). */
  private failure: string | null = null;
  private probedAt = 0;

  async health(): Promise<string | null> {
    if (this.makeAppender) return (this.appender ??= this.newAppender()).health();
    // SQLite in memory (tests): no writer thread, nothing to probe; a failed write still shows.
    if (this.kind === 'sqlite') return this.failure;
    // At most once a second, a probe that writes (txid_current makes the transaction commit a WAL
    // record): an unreachable server or one that cannot write shows here even when no room writes.
    if (Date.now() - this.probedAt >= 1000) {
      this.probedAt = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('the database did not answer within 2 s')), 2000); });
      await this.noted(Promise.race([sql`SELECT txid_current()`.execute(this.db), late])).catch(() => {}).finally(() => clearTimeout(timer));
    }
    return this.failure;
  }

  /** Notes how a write went (PostgreSQL): a taken key is a refused write, not storage trouble. */
  private noted<T>(p: Promise<T>): Promise<T> {
    return p.then((v) => {
      this.failure = null;
      return v;
    }, (e: unknown) => {
      // A taken key or a stale fence is a refused write, not storage trouble.
      if (!this.isUniqueViolation(e) && !(e instanceof FencedError)) this.failure = failureText(e);
      throw e;
    });
  }

  /** A connection of the pool failed outside any write (pg's 'error' events): /api/health shows it. */
  noteConnectionError(e: unknown): void {
    this.failure = failureText(e);
  }

  async markEnded(id: string): Promise<void> {
    if (this.makeAppender) return (this.appender ??= this.newAppender()).markEnded(id);
    await patiently(() => this.noted(this.db.updateTable('rooms').set({ ended: 1 }).where('id', '=', id).execute()), this.waitMs);
  }

  async markOpen(id: string): Promise<void> {
    if (this.makeAppender) return (this.appender ??= this.newAppender()).markOpen(id);
    await patiently(() => this.noted(this.db.updateTable('rooms').set({ ended: 0 }).where('id', '=', id).execute()), this.waitMs);
  }

  append(roomId: string, records: readonly LogRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    if (this.makeAppender) return (this.appender ??= this.newAppender()).append(roomId, records);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ roomId, records, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue;
      this.queue = [];
      try {
        const t0 = performance.now();
        await this.insertGroup(group);
        this.batchTimes?.(performance.now() - t0, group.length);
        for (const a of group) a.resolve();
      } catch (e) {
        if (group.length === 1 || e instanceof DatabaseUnavailableError) for (const a of group) a.reject(this.explain(e, a));
        else {
          for (const a of group) {
            try {
              await this.insertGroup([a]);
              a.resolve();
            } catch (e2) {
              a.reject(this.explain(e2, a));
            }
          }
        }
      }
    }
    this.flushing = false;
  }

  /**
   * The group's one transaction, through a database that goes away: repeated until it is written,
   * refused, or the database has been away for `waitMs`. An attempt whose answer was lost may have
   * committed: before the next one the log is asked, and while that cannot be known the group is
   * never refused (it waits on), so nothing recorded is ever answered as not recorded.
   */
  private async insertGroup(group: readonly PendingAppend[]): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    let inDoubt = false;
    for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
      try {
        if (inDoubt && (await this.written(group[0]!))) return;
        inDoubt = false;
        return await this.noted(this.insert(group));
      } catch (e) {
        if (!isConnectionError(e)) throw e;
        if (!sentNothing(e)) inDoubt = true;
        if (!inDoubt && Date.now() >= deadline) throw new DatabaseUnavailableError(e instanceof Error ? e.message : String(e));
        await pause(wait);
      }
    }
  }

  /** Whether this append's first record is in the log as it was sent (the group is all or nothing). */
  private async written(a: PendingAppend): Promise<boolean> {
    const first = a.records[0]!;
    const row = await this.db.selectFrom('room_log').select('body').where('room_id', '=', a.roomId).where('seq', '=', first.seq).executeTakeFirst();
    return row?.body === first.body;
  }

  private explain(e: unknown, a: PendingAppend): unknown {
    return this.isUniqueViolation(e) ? new SeqConflictError(a.roomId, a.records[0].seq) : e;
  }

  /** One transaction for the whole group; rows in chunks (SQLite allows 32k bound values). */
  private async insert(group: readonly PendingAppend[]): Promise<void> {
    const rows: LogTable[] = [];
    for (const a of group) for (const r of a.records) rows.push({ room_id: a.roomId, seq: r.seq, kind: r.kind, body: r.body, at: r.at });
    const fences = this.kind === 'postgres' ? this.fences : null;
    await this.db.transaction().execute(async (tx) => {
      if (fences) await checkFences(tx, [...new Set(group.map((a) => a.roomId))], fences);
      for (let i = 0; i < rows.length; i += 1000) await tx.insertInto('room_log').values(rows.slice(i, i + 1000)).execute();
    });
  }

  async readLog(roomId: string, afterSeq = 0): Promise<LogRecord[]> {
    const rows = await this.db.selectFrom('room_log').select(['seq', 'kind', 'body', 'at'])
      .where('room_id', '=', roomId).where('seq', '>', afterSeq).orderBy('seq').execute();
    return rows.map((r) => ({ seq: num(r.seq), kind: r.kind, body: r.body, at: num(r.at) }));
  }

  async close(): Promise<void> {
    // Let queued appends finish first: closing must not drop an accepted command.
    while (this.flushing || this.queue.length > 0) await new Promise((r) => setTimeout(r, 5));
    await this.appender?.close();
    await this.db.destroy();
    await this.onClose();
  }
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SeqConflictError, type BatchTimes, type LogRecord } from './types.js';

/**
 * The worker's code. It is a string run with `eval` so that the same file works from the built
 * server and from the tests (which run the TypeScript sources). It owns the one SQLite connection
 * that writes (appends, new rooms, ended rooms: a write from the main thread would wait for the
 * worker's lock inside SQLite's busy handler, stalling every room) and commits each batch it
 * receives in one transaction, retrying its operations one by one if that fails.
 */
const WORKER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// No checkpoint on the commit path: the checkpointer thread does them (CHECKPOINT_SOURCE).
db.pragma('wal_autocheckpoint = 0');
db.pragma('journal_size_limit = 67108864');
const insert = db.prepare('INSERT INTO room_log (room_id, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)');
const ended = db.prepare('UPDATE rooms SET ended = 1 WHERE id = ?');
const reopened = db.prepare('UPDATE rooms SET ended = 0 WHERE id = ?');
const room = db.prepare('INSERT INTO rooms (id, code, preset, mode, seats, options, names, timers, seed, host_key_hash, created_at, ended, deal, public, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
const apply = (op) => {
  if (op.op === 'append') for (const r of op.records) insert.run(op.roomId, r.seq, r.kind, r.body, r.at);
  else if (op.op === 'ended') ended.run(op.roomId);
  else if (op.op === 'open') reopened.run(op.roomId);
  else room.run(...op.row);
};
const write = db.transaction((ops) => { for (const op of ops) apply(op); });
// The health probe: a real write (the header's user_version, which nothing else uses), so that a
// full or failing disk fails it as it fails an append.
const probe = () => db.pragma('user_version = ' + ((Number(db.pragma('user_version', { simple: true })) + 1) % 1000000));
const control = (m) => {
  if (m === 'close') { db.close(); parentPort.close(); return; }
  try { probe(); parentPort.postMessage({ probe: true, ok: true }); }
  catch (e) { parentPort.postMessage({ probe: true, ok: false, message: String(e && e.message) }); }
};
// One transaction for every write that came while the last one committed (group commit): the
// main thread posts each write at once, and the batch forms here, without a round trip through
// the main thread's event loop between two commits.
const commit = (batch) => {
  const t0 = performance.now();
  try {
    write(batch);
    parentPort.postMessage({ ms: performance.now() - t0, results: batch.map((a) => ({ id: a.id, ok: true })) });
  } catch {
    const results = batch.map((a) => {
      try { write([a]); return { id: a.id, ok: true }; }
      catch (e) { return { id: a.id, ok: false, code: e && e.code, message: String(e && e.message) }; }
    });
    parentPort.postMessage({ ms: performance.now() - t0, results });
  }
};
parentPort.on('message', (first) => {
  if (typeof first === 'string') return control(first);
  const batch = [first];
  let next;
  while ((next = receiveMessageOnPort(parentPort)) !== undefined) {
    if (typeof next.message === 'string') { commit(batch); return control(next.message); }
    batch.push(next.message);
  }
  commit(batch);
});
`;

/**
 * The checkpointer's code: its own connection copies the WAL into the database every `everyMs`
 * (PASSIVE: it never waits for, or blocks, the writer). SQLite's automatic checkpoint would run
 * inside a commit every ~4 MB of log, and every command waiting for that commit would wait for the
 * copy and its fsync too: with 1,000 busy rooms that was the load test's p99 (issue 12 point 15).
 */
const CHECKPOINT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or failing: the next turn tries again */ } }, workerData.everyMs);
parentPort.on('message', (m) => { if (m === 'close') { clearInterval(timer); db.close(); parentPort.close(); } });
`;

/** How often the checkpointer copies the WAL into the database: small copies, often. */
const CHECKPOINT_EVERY_MS = 1000;

interface Waiting {
  readonly roomId: string;
  readonly seq: number;
  resolve(): void;
  reject(e: unknown): void;
}

type Op =
  | { readonly id: number; readonly op: 'append'; readonly roomId: string; readonly records: readonly LogRecord[] }
  | { readonly id: number; readonly op: 'ended' | 'open'; readonly roomId: string }
  | { readonly id: number; readonly op: 'room'; readonly row: readonly unknown[] };

/** A failed write, with SQLite's error code (the caller tells a taken key from other failures). */
export class WriteError extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
  }
}

interface Result { readonly id: number; readonly ok: boolean; readonly code?: string; readonly message?: string }

/** What the thread answers: a committed batch (with the commit's own time), or the health probe. */
type Answer =
  | { readonly ms: number; readonly results: readonly Result[] }
  | { readonly probe: true; readonly ok: boolean; readonly message?: string };

const driverPath = (): string => createRequire(import.meta.url).resolve('better-sqlite3');

/** How long after the writer thread died the next write or health probe starts a new one. */
export const WRITER_RESTART_MS = 1000;

/** SQLite's constraint errors are a refused write (a taken seq), not storage trouble. */
const isConstraint = (code: string | undefined): boolean => code !== undefined && code.startsWith('SQLITE_CONSTRAINT');

/**
 * Appends to SQLite on a worker thread. With `synchronous = FULL` every commit waits for an fsync;
 * on the main thread that wait would stall every room. Here the main thread posts each write to the
 * thread at once and goes on serving; the thread commits everything that came while it committed
 * the last batch as the next one (group commit). An append resolves only after its batch is
 * committed, so "durable before sent" still holds.
 *
 * When the thread dies, what it had is refused to its callers (nothing is half-applied: a batch is
 * one transaction) and, WRITER_RESTART_MS later, the next write or probe starts a new thread. A
 * write that fails for the disk (full, I/O error) marks the writer failing until a write succeeds.
 */
export class SqliteWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** Why writes fail now (null: they work). */
  private failure: string | null = null;
  private diedAt = 0;
  private closing = false;
  private probing: Promise<void> | null = null;
  private probedAt = 0;
  private settleProbe: (() => void) | null = null;

  private readonly checkpointer: Worker;
  private readonly checkpointerGone: Promise<void>;

  constructor(private readonly file: string, private readonly batchTimes: BatchTimes = () => {}) {
    this.startWorker();
    this.checkpointer = new Worker(CHECKPOINT_SOURCE, { eval: true, workerData: { file, driver: driverPath(), everyMs: CHECKPOINT_EVERY_MS } });
    // A checkpointer that died costs only a longer WAL (the next start checkpoints it): no write fails for it.
    this.checkpointer.on('error', () => {});
    this.checkpointerGone = new Promise<void>((r) => this.checkpointer.once('exit', () => r()));
  }

  private startWorker(): void {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: driverPath() } });
    this.worker = worker;
    worker.on('message', (answer: Answer) => this.settle(answer));
    worker.on('error', (e) => this.died(worker, e.message));
    worker.on('exit', (code) => {
      if (!this.closing) this.died(worker, `the SQLite writer stopped (exit ${code})`);
    });
  }

  /** The thread is gone: everything sent to it or waiting is refused; a new one starts later. */
  private died(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failure = why;
    this.diedAt = Date.now();
    const e = new WriteError(why, undefined);
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
    this.endProbe();
  }

  /** A live thread, restarting a dead one once WRITER_RESTART_MS have passed; null while waiting. */
  private live(): Worker | null {
    if (this.worker === null && !this.closing && Date.now() - this.diedAt >= WRITER_RESTART_MS) this.startWorker();
    return this.worker;
  }

  /** Why writes fail now, or null. In a failed state it first tries a probe write (see Storage.health). */
  async health(): Promise<string | null> {
    if (this.failure !== null) await this.probe();
    return this.failure;
  }

  /** One probe write at a time, at most one a second (a flood of health checks is not a flood of writes). */
  private probe(): Promise<void> {
    if (this.probing) return this.probing;
    if (Date.now() - this.probedAt < 1000) return Promise.resolve();
    const worker = this.live();
    if (worker === null) return Promise.resolve();
    this.probedAt = Date.now();
    this.probing = new Promise<void>((resolve) => {
      this.settleProbe = resolve;
      worker.postMessage('probe');
    });
    return this.probing;
  }

  private endProbe(): void {
    const done = this.settleProbe;
    this.probing = null;
    this.settleProbe = null;
    done?.();
  }

  append(roomId: string, records: readonly LogRecord[]): Promise<void> {
    return this.write(roomId, records[0]?.seq ?? 0, (id) => ({ id, op: 'append', roomId, records }));
  }

  markEnded(roomId: string): Promise<void> {
    return this.write(roomId, 0, (id) => ({ id, op: 'ended', roomId }));
  }

  markOpen(roomId: string): Promise<void> {
    return this.write(roomId, 0, (id) => ({ id, op: 'open', roomId }));
  }

  /** A new room, its columns in the order of the worker's INSERT. */
  createRoom(roomId: string, row: readonly unknown[]): Promise<void> {
    return this.write(roomId, 0, (id) => ({ id, op: 'room', row }));
  }

  private write(roomId: string, seq: number, make: (id: number) => Op): Promise<void> {
    const worker = this.live();
    if (worker === null) return Promise.reject(new WriteError(this.failure ?? 'the SQLite writer is not running', undefined));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { roomId, seq, resolve, reject });
      worker.postMessage(make(id));
    });
  }

  private settle(answer: Answer): void {
    // The probe's answer: it does not take part in the batches.
    if ('probe' in answer) {
      this.failure = answer.ok ? null : answer.message ?? 'the probe write failed';
      this.endProbe();
      return;
    }
    const { results } = answer;
    this.batchTimes(answer.ms, results.length);
    for (const r of results) {
      const w = this.waiting.get(r.id);
      if (!w) continue;
      this.waiting.delete(r.id);
      if (r.ok) w.resolve();
      else if (r.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && w.seq > 0) w.reject(new SeqConflictError(w.roomId, w.seq));
      else w.reject(new WriteError(r.message ?? 'write failed', r.code));
    }
    const trouble = results.find((r) => !r.ok && !isConstraint(r.code));
    if (trouble) this.failure = trouble.message ?? 'a write failed';
    else if (results.some((r) => r.ok)) this.failure = null;
  }

  /** Waits for what was appended, then stops the worker and the checkpointer. */
  async close(): Promise<void> {
    while (this.waiting.size > 0 && this.worker !== null) await new Promise((r) => setTimeout(r, 2));
    this.closing = true;
    this.checkpointer.postMessage('close');
    await this.checkpointerGone;
    const worker = this.worker;
    if (worker === null) return;
    const exited = new Promise<void>((r) => worker.once('exit', () => r()));
    worker.postMessage('close');
    await exited;
  }
}

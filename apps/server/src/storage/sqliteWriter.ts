import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SeqConflictError, type LogRecord } from './types.js';

/**
 * The worker's code. It is a string run with `eval` so that the same file works from the built
 * server and from the tests (which run the TypeScript sources). It owns the one SQLite connection
 * that writes (appends, new rooms, ended rooms: a write from the main thread would wait for the
 * worker's lock inside SQLite's busy handler, stalling every room) and commits each batch it
 * receives in one transaction, retrying its operations one by one if that fails.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const insert = db.prepare('INSERT INTO room_log (room_id, seq, kind, body, at) VALUES (?, ?, ?, ?, ?)');
const ended = db.prepare('UPDATE rooms SET ended = 1 WHERE id = ?');
const reopened = db.prepare('UPDATE rooms SET ended = 0 WHERE id = ?');
const room = db.prepare('INSERT INTO rooms (id, code, preset, mode, seats, options, names, timers, seed, host_key_hash, created_at, ended, deal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
const apply = (op) => {
  if (op.op === 'append') for (const r of op.records) insert.run(op.roomId, r.seq, r.kind, r.body, r.at);
  else if (op.op === 'ended') ended.run(op.roomId);
  else if (op.op === 'open') reopened.run(op.roomId);
  else room.run(...op.row);
};
const write = db.transaction((ops) => { for (const op of ops) apply(op); });
parentPort.on('message', (batch) => {
  if (batch === 'close') { db.close(); parentPort.close(); return; }
  try {
    write(batch);
    parentPort.postMessage(batch.map((a) => ({ id: a.id, ok: true })));
  } catch {
    parentPort.postMessage(batch.map((a) => {
      try { write([a]); return { id: a.id, ok: true }; }
      catch (e) { return { id: a.id, ok: false, code: e && e.code, message: String(e && e.message) }; }
    }));
  }
});
`;

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

/**
 * Appends to SQLite on a worker thread. With `synchronous = FULL` every commit waits for an fsync;
 * on the main thread that wait would stall every room. Here the main thread goes on serving while a
 * batch commits, and everything appended meanwhile goes into the next batch (group commit). An
 * append resolves only after its batch is committed, so "durable before sent" still holds.
 */
export class SqliteWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private queue: Op[] = [];
  private inFlight = false;
  private nextId = 1;
  private failed: Error | null = null;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    this.worker.on('message', (results: Result[]) => this.settle(results));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => {
      if (code !== 0) this.fail(new Error(`the SQLite writer stopped (exit ${code})`));
    });
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
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { roomId, seq, resolve, reject });
      this.queue.push(make(id));
      if (!this.inFlight) this.send();
    });
  }

  private send(): void {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.inFlight = true;
    this.worker.postMessage(batch);
  }

  private settle(results: Result[]): void {
    for (const r of results) {
      const w = this.waiting.get(r.id);
      if (!w) continue;
      this.waiting.delete(r.id);
      if (r.ok) w.resolve();
      else if (r.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && w.seq > 0) w.reject(new SeqConflictError(w.roomId, w.seq));
      else w.reject(new WriteError(r.message ?? 'write failed', r.code));
    }
    this.inFlight = false;
    this.send();
  }

  private fail(e: Error): void {
    this.failed = e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  /** Waits for what was appended, then stops the worker. */
  async close(): Promise<void> {
    while ((this.inFlight || this.queue.length > 0) && !this.failed) await new Promise((r) => setTimeout(r, 2));
    if (this.failed) return;
    const exited = new Promise<void>((r) => this.worker.once('exit', () => r()));
    this.worker.postMessage('close');
    await exited;
  }
}

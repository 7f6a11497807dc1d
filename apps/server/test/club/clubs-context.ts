import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { expect } from 'vitest';
import { ClubError } from '../../src/club/errors.js';
import { DbJobQueue } from '../../src/club/jobs.js';
import type { ClubContext, MailMessage, SmsMessage } from '../../src/club/ports.js';
import { RoomManager } from '../../src/room/manager.js';
import type { ClubDb } from '../../src/club/schema.js';
import { registerEveningJobs } from '../../src/club/services/invitations.js';
import { handleJoinJobs } from '../../src/club/services/joinInvites.js';
import { openStorage } from '../../src/storage/open.js';
import type { Target } from '../storageTargets.js';

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;
/** The tests' "now" at the start: a fixed moment, so dates in texts are stable. */
export const T0 = Date.UTC(2030, 0, 7, 12, 0); // Monday 7 January 2030, 15:00 in Moscow

/** A mailer or gateway that keeps what it is given; `fail` makes the next sends throw it. */
export function capture<M>() {
  const sent: M[] = [];
  const box = {
    sent,
    fail: null as Error | null,
    async send(m: M) {
      if (box.fail) throw box.fail;
      sent.push(m);
    },
  };
  return box;
}

export interface TestClub {
  readonly ctx: ClubContext;
  readonly db: ClubDb;
  readonly jobs: DbJobQueue;
  readonly outbox: ReturnType<typeof capture<MailMessage>>;
  readonly sms: ReturnType<typeof capture<SmsMessage>>;
  clock: number;
  /** A user account (a row, as the sign-in would make it). */
  user(email: string, more?: { name?: string; phone?: string; locale?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A ClubContext over a fresh database of `target`, without HTTP: services are called directly.
 * The clock is `t.clock` (settable); mail and SMS are captured; jobs run when the test calls
 * `t.jobs.runDue()`.
 */
export async function clubContext(target: Target, o: { sms?: boolean } = {}): Promise<TestClub> {
  const storage = await openStorage(await target.migratedUrl());
  await storage.migrate();
  const db = storage.db as ClubDb;
  const log = pino({ level: 'silent' });
  const outbox = capture<MailMessage>();
  const sms = capture<SmsMessage>();
  const t = {
    clock: T0,
  } as TestClub & { clock: number };
  const now = () => t.clock;
  const jobs = new DbJobQueue(db, now, log);
  const ctx: ClubContext = {
    db, kind: storage.kind, now, jobs, log, mailer: outbox, sms: o.sms === false ? null : sms,
    // A manager with no rooms: these services never open one (the door tests, door-world.ts, do).
    publicUrl: () => 'http://test', rooms: new RoomManager(storage, log, now),
  };
  registerEveningJobs(ctx);
  handleJoinJobs(ctx);
  Object.assign(t, {
    ctx, db, jobs, outbox, sms,
    async user(email: string, more: { name?: string; phone?: string; locale?: string } = {}) {
      const id = randomUUID();
      await db.insertInto('users').values({ id, email, name: more.name ?? null, phone: more.phone ?? null, password_hash: null, locale: more.locale ?? 'ru', created_at: t.clock, deleted_at: null }).execute();
      return id;
    },
    close: () => storage.close(),
  });
  return t;
}

/** The refusal a call ends in (a ClubError), failing the test if it succeeds. */
export async function refusal(p: Promise<unknown>): Promise<ClubError> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e, 'the call should have been refused').toBeInstanceOf(ClubError);
  return e as ClubError;
}

/** Row counts of the club's tables, to show a refusal changed nothing. */
export async function counts(db: ClubDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['users', 'clubs', 'memberships', 'evenings', 'invitations', 'answers', 'ledger', 'jobs'] as const) {
    const r = await db.selectFrom(t).select((s) => s.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** The answer token in an invitation mail (from its plain link). */
export const tokenIn = (text: string): string => {
  const m = /\/i\/([A-Za-z0-9_-]+)(?:\s|\)|$)/m.exec(text);
  if (!m) throw new Error(`no answer link in: ${text}`);
  return m[1]!;
};

/** The token of the last invitation to join mailed to `email` (its /join/ link). */
export function joinTokenFor(t: TestClub, email: string): string {
  const mail = t.outbox.sent.filter((m) => m.to === email).at(-1);
  const m = mail ? /\/join\/([A-Za-z0-9_-]+)/.exec(mail.text) : null;
  if (!m) throw new Error(`no invitation to join mailed to ${email}`);
  return m[1]!;
}

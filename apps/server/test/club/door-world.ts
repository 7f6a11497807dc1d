import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Command } from '@mafia/engine';
import { buildServer } from '../../src/http/app.js';
import type { ClubContext } from '../../src/club/ports.js';
import type { ClubDb } from '../../src/club/schema.js';
import type { RoomManager } from '../../src/room/manager.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { FakeConn } from '../fakeConn.js';
import { TEST_ROOM_LIMITS } from '../helpers.js';
import type { Target } from '../storageTargets.js';

/** The evening's start in every door test: 19:00 UTC on 1 March 2030. */
export const STARTS_AT = Date.UTC(2030, 2, 1, 19, 0, 0);
export const MINUTE = 60_000;

/**
 * A club over a fresh database of `target`, with the server's ClubContext (its clock set by the
 * test) and the rows of seedEvening: a host («Ведущий»), members `members`, and an evening at STARTS_AT (preset and
 * planned games as asked) to which `invited` are invited. Rows are written directly: the door's
 * services are tested on their own.
 */
export async function doorWorld(target: Target, o: { preset?: string; gamesPlanned?: number; members?: readonly string[]; invited?: readonly string[] } = {}) {
  const storage: Storage = await openStorage(await target.migratedUrl());
  await storage.migrate();
  // The door works during the evening: the clock reads three hours after its start unless a test moves it.
  let clock = STARTS_AT + 180 * MINUTE;
  const { app, manager, club } = await buildServer({
    storage, logger: pino({ level: 'silent' }), webRoot: join(tmpdir(), 'no-web-build-here'), roomLimits: TEST_ROOM_LIMITS, minStepSeconds: 0.01,
    club: { mailer: { send: async () => {} }, sms: null, now: () => clock, jobPollMs: 0, publicUrl: 'http://test' },
  });
  const ctx: ClubContext = club.context;
  const db: ClubDb = ctx.db;
  const { clubId, host, ids, eveningId } = await seedEvening(db, clock, o);
  return {
    ctx, db, storage, manager, app, clubId, host, ids, eveningId,
    setNow(t: number) { clock = t; },
    /** Every row of the tables the door writes, to compare before and after a refusal. */
    async snapshot() {
      const out: Record<string, unknown[]> = {};
      for (const t of ['attendance', 'ledger', 'evening_tables', 'table_seats', 'evening_games', 'game_seats'] as const) {
        out[t] = await db.selectFrom(t).selectAll().execute();
      }
      out.rooms = await (db as any).selectFrom('rooms').select('id').execute();
      return out;
    },
    async close() {
      await app.close();
      await storage.close();
    },
  };
}

export type DoorWorld = Awaited<ReturnType<typeof doorWorld>>;

/** The host of a table's room, driving it over the manager as the host's console would. */
export async function hostOf(manager: RoomManager, code: string, hostKey: string) {
  const conn = new FakeConn();
  await manager.hello(conn, code, { as: 'host', key: hostKey }, undefined);
  let n = 0;
  const refused = () => {
    const err = conn.got.at(-1);
    if (err?.type === 'error') throw new Error(`${err.code}: ${err.message}`);
  };
  return {
    conn,
    async start() { await manager.start(conn, `s${++n}`); refused(); },
    async command(command: Command) { await manager.command(conn, `c${++n}`, command); refused(); },
    async next() { await manager.nextGame(conn, `n${++n}`); refused(); },
    /** The host's latest view of the game (roles included). */
    view(): any {
      for (let i = conn.got.length - 1; i >= 0; i--) if (conn.got[i].view) return conn.got[i].view;
      return undefined;
    },
  };
}

/**
 * Rows for a door test, written directly: a club, its host («Ведущий», or the given user), members
 * `members` (nickname → user id in `ids`), and an evening at STARTS_AT to which `invited` are invited.
 */
export async function seedEvening(db: ClubDb, at: number, o: { preset?: string; gamesPlanned?: number; members?: readonly string[]; invited?: readonly string[]; hostUserId?: string } = {}) {
  const clubId = randomUUID();
  await db.insertInto('clubs').values({ id: clubId, name: 'Клуб', created_at: at }).execute();
  const join = async (id: string, nickname: string, role: 'admin' | 'host' | 'member') => {
    await db.insertInto('memberships').values({ club_id: clubId, user_id: id, role, nickname, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: at }).execute();
    return id;
  };
  const user = async (nickname: string, role: 'admin' | 'host' | 'member') => {
    const id = randomUUID();
    await db.insertInto('users').values({ id, email: `${id}@example.test`, name: null, phone: null, password_hash: null, locale: 'ru', created_at: at, deleted_at: null }).execute();
    return join(id, nickname, role);
  };
  const host = o.hostUserId ? await join(o.hostUserId, 'Ведущий', 'host') : await user('Ведущий', 'host');
  const ids: Record<string, string> = {};
  for (const n of o.members ?? ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жора']) ids[n] = await user(n, 'member');
  const eveningId = randomUUID();
  await db.insertInto('evenings').values({
    id: eveningId, club_id: clubId, starts_at: STARTS_AT, answer_by: STARTS_AT, place: 'Кафе', capacity: 40, weight: 1,
    preset: o.preset ?? 'classic', games_planned: o.gamesPlanned ?? 3, created_by: host, created_at: at, closed_at: null, cancelled_at: null,
  }).execute();
  for (const n of o.invited ?? Object.keys(ids)) {
    await db.insertInto('invitations').values({
      id: randomUUID(), evening_id: eveningId, user_id: ids[n]!, token_hash: randomUUID(), answer: 'yes', answered_at: at, unanswered: 0,
      created_at: at, sent_at: at, reminded_at: null, delivery_error: null,
    }).execute();
  }
  return { clubId, host, ids, eveningId };
}

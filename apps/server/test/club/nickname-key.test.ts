import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClubError } from '../../src/club/errors.js';
import type { ClubDb } from '../../src/club/schema.js';
import { addMember, updateMember } from '../../src/club/services/members.js';
import { nicknameColumns, withNickname } from '../../src/club/services/nicknames.js';
import { migrationProvider } from '../../src/storage/migrations.js';
import { clashKey } from '../../src/storage/nicknameKeyMigration.js';
import { openStorage } from '../../src/storage/open.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, refusal, type TestClub } from './clubs-context.js';
import { seedClub } from './clubs-fixture.js';

// Issue 24 point 6: «Еж» and «Ёж» are one nickname, and the database says so too (memberships.nickname_key).

const keysOf = async (db: ClubDb, clubId: string) =>
  (await db.selectFrom('memberships').select(['nickname', 'nickname_key']).where('club_id', '=', clubId).execute())
    .map((m) => [m.nickname, m.nickname_key]).sort(([a], [b]) => (a! < b! ? -1 : 1));

for (const make of TARGETS) {
  const target = make();
  describe(`the nickname key on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    it('two_adds_of_yezh_and_yozh_at_one_instant_one_succeeds_the_other_is_nickname_taken', async () => {
      const { admin, club } = await seedClub(t);
      const before = (await counts(t.db)).memberships;
      const results = await Promise.allSettled([
        addMember(t.ctx, admin, club.id, { email: 'ezh1@example.com', nickname: 'Еж' }),
        addMember(t.ctx, admin, club.id, { email: 'ezh2@example.com', nickname: 'Ёж' }),
      ]);
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const e = refused[0]!.reason as ClubError;
      expect(e).toBeInstanceOf(ClubError);
      expect([e.code, e.status, e.extra.path]).toEqual(['nickname-taken', 409, 'nickname']);
      expect((await counts(t.db)).memberships).toBe(before + 1);
      const keys = (await keysOf(t.db, club.id)).filter(([, k]) => k === 'еж');
      expect(keys).toHaveLength(1);
    });

    it('every_write_of_a_nickname_writes_its_key', async () => {
      const { admin, club, boris } = await seedClub(t);
      await addMember(t.ctx, admin, club.id, { email: 'e@example.com', nickname: '  Ёлка   Зелёная ' });
      await updateMember(t.ctx, admin, club.id, boris, { nickname: 'БОРЁК' });
      expect(await keysOf(t.db, club.id)).toEqual([
        ['Ёлка   Зелёная', 'елка зеленая'], ['Анна', 'анна'], ['БОРЁК', 'борек'], ['Ведущий', 'ведущий'], ['Вера', 'вера'],
      ]);
    });

    it('renaming_to_a_taken_key_is_refused_by_the_service_and_by_the_database', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      await updateMember(t.ctx, admin, club.id, anna, { nickname: 'Ёж' });
      const before = await keysOf(t.db, club.id);
      const renamed = await refusal(updateMember(t.ctx, admin, club.id, boris, { nickname: 'еЖ' }));
      expect([renamed.code, renamed.status, renamed.extra.params]).toEqual(['nickname-taken', 409, { nickname: 'еЖ' }]);
      // Past the service's check (as a concurrent rename would be): the unique index refuses it with the same words.
      const raw = await refusal(withNickname('Еж', () => t.db.updateTable('memberships').set(nicknameColumns('Еж')).where('club_id', '=', club.id).where('user_id', '=', boris).execute()));
      expect([raw.code, raw.status, raw.extra.params]).toEqual(['nickname-taken', 409, { nickname: 'Еж' }]);
      expect(await keysOf(t.db, club.id)).toEqual(before);
    });
  });

  describe(`migration 012_nickname_key on ${target.name}`, () => {
    afterAll(() => target.cleanup());

    it('backfills_the_keys_and_sets_a_pre_existing_clash_apart_without_failing', async () => {
      const storage = await openStorage(await target.url());
      try {
        const db: Kysely<any> = storage.db;
        // The schema as it was before 012 (013 included: 012 comes after it on such a database).
        const all = await migrationProvider.getMigrations();
        const before = Object.fromEntries(Object.entries(all).filter(([name]) => name !== '012_nickname_key'));
        const schema = storage.kind === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s : undefined;
        const old = await new Migrator({ db, provider: { getMigrations: async () => before }, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
        expect(old.error).toBeUndefined();
        const [a, b, c, d, e] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        for (const id of [a, b, c, d, e]) await db.insertInto('users').values({ id, email: `${id}@example.com`, name: null, phone: null, password_hash: null, locale: 'ru', created_at: 0, deleted_at: null }).execute();
        for (const club of ['c1', 'c2']) await db.insertInto('clubs').values({ id: club, name: club, created_at: 0 }).execute();
        const member = (club: string, user: string, nickname: string, joined: number) => ({
          club_id: club, user_id: user, role: 'member', nickname, share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: joined,
        });
        await db.insertInto('memberships').values([
          member('c1', b, 'Ёж', 200), member('c1', a, 'Еж', 100), member('c1', c, 'ЕЖ ', 300), member('c1', d, 'Анна', 50),
          // Another club: its «Еж» clashes with nobody.
          member('c2', a, 'Еж', 100),
        ]).execute();
        await storage.migrate();
        const rows = await db.selectFrom('memberships').select(['club_id', 'user_id', 'nickname', 'nickname_key']).orderBy('club_id').orderBy('joined_at').execute();
        expect(rows.map((r) => [r.club_id, r.nickname, r.nickname_key])).toEqual([
          ['c1', 'Анна', 'анна'], ['c1', 'Еж', 'еж'], ['c1', 'Ёж', clashKey('еж', b)], ['c1', 'ЕЖ ', clashKey('еж', c)], ['c2', 'Еж', 'еж'],
        ]);
        // The nicknames stay as they were; the index is in place for what comes next.
        const dup = await withNickname('еж', () => db.insertInto('memberships').values({ ...member('c1', e, 'еж', 400), ...nicknameColumns('еж') }).execute()).then(() => null, (e: unknown) => e);
        expect(dup).toBeInstanceOf(ClubError);
        expect((dup as ClubError).code).toBe('nickname-taken');
      } finally {
        await storage.close();
      }
    });
  });
}

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClubDb } from '../../src/club/schema.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, signIn, startClub, type Agent, type ClubHarness } from './clubServer.js';

/** A club with one evening that Anna and Boris were invited to, played and were fined at; written straight into the tables. */
async function seedClub(db: ClubDb, anna: string, boris: string, at: number) {
  await db.updateTable('users').set({ name: 'Boris Secret', phone: '+7 900 000-00-01' }).where('id', '=', boris).execute();
  await db.insertInto('clubs').values({ id: 'c1', name: 'Клуб', created_at: at }).execute();
  await db.insertInto('memberships').values([
    { club_id: 'c1', user_id: boris, role: 'admin', nickname: 'Борис', share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: at },
    { club_id: 'c1', user_id: anna, role: 'member', nickname: 'Анна', share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 1, off_list_at: null, joined_at: at },
  ]).execute();
  await db.insertInto('evenings').values({ id: 'e1', club_id: 'c1', starts_at: at + 3_600_000, answer_by: at + 3_600_000, place: 'Невский 1', capacity: 20, weight: 1, preset: 'fiim', games_planned: 3, created_by: boris, created_at: at, closed_at: null, cancelled_at: null }).execute();
  await db.insertInto('invitations').values([
    { id: 'i-anna', evening_id: 'e1', user_id: anna, token_hash: 'hash-of-annas-link', answer: 'no', answered_at: at + 10, unanswered: 0, created_at: at, sent_at: at, reminded_at: null, delivery_error: null },
    { id: 'i-boris', evening_id: 'e1', user_id: boris, token_hash: 'hash-of-boris-link', answer: 'yes', answered_at: at + 5, unanswered: 0, created_at: at, sent_at: at, reminded_at: null, delivery_error: null },
  ]).execute();
  await db.insertInto('answers').values([
    { invitation_id: 'i-anna', answer: 'yes', at: at + 1 }, { invitation_id: 'i-anna', answer: 'no', at: at + 10 }, { invitation_id: 'i-boris', answer: 'yes', at: at + 5 },
  ]).execute();
  await db.insertInto('attendance').values([
    { evening_id: 'e1', user_id: anna, arrived_at: at + 3_900_000, left_at: null, replacement_user_id: null, checked_in_by: boris },
    { evening_id: 'e1', user_id: boris, arrived_at: at + 3_600_000, left_at: null, replacement_user_id: null, checked_in_by: boris },
  ]).execute();
  await db.insertInto('evening_tables').values({ evening_id: 'e1', table_no: 1, room_id: null, room_code: null, seat_seed: 42 }).execute();
  await db.insertInto('table_seats').values([
    { evening_id: 'e1', table_no: 1, seat: 3, from_game: 1, user_id: anna, nickname: 'Анна' },
    { evening_id: 'e1', table_no: 1, seat: 7, from_game: 1, user_id: boris, nickname: 'Борис' },
  ]).execute();
  await db.insertInto('evening_games').values({ id: 'g1', evening_id: 'e1', table_no: 1, room_id: null, game_no: 1, protocol: null, winner: 'town', created_at: at + 4_000_000 }).execute();
  await db.insertInto('game_seats').values([
    { game_id: 'g1', seat: 3, user_id: anna, nickname: 'Анна' },
    { game_id: 'g1', seat: 7, user_id: boris, nickname: 'Борис' },
  ]).execute();
  await db.insertInto('ledger').values([
    { id: 'l-anna', club_id: 'c1', user_id: anna, evening_id: 'e1', rule: 'late', points: -5, reason: 'late by 5 minutes', dedupe_key: 'late:e1:anna', created_at: at + 3_900_000, created_by: boris, cancelled_at: null, cancelled_by: null, cancel_note: null },
    { id: 'l-boris', club_id: 'c1', user_id: boris, evening_id: 'e1', rule: 'left-early', points: -3, reason: 'left', dedupe_key: 'left:e1:boris', created_at: at + 5_000_000, created_by: boris, cancelled_at: null, cancelled_by: null, cancel_note: null },
  ]).execute();
}

for (const make of TARGETS) {
  const target = make();
  describe(`the member's own account (${target.name})`, () => {
    let h: ClubHarness;
    let anna: Agent;
    let boris: Agent;
    let db: ClubDb;
    beforeEach(async () => {
      h = await startClub(target);
      db = h.club.context.db;
      anna = await signIn(h, 'anna@club.test');
      boris = await signIn(h, 'boris@club.test');
      await anna.post('/api/me/password', { password: 'annas password' });
      await seedClub(db, anna.user!.id, boris.user!.id, h.clock.now());
    });
    afterEach(() => h.close());
    afterAll(() => target.cleanup());

    /** Every row of every club table, to show that a refusal changed nothing. */
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const t of ['users', 'memberships', 'invitations', 'answers', 'attendance', 'table_seats', 'game_seats', 'ledger', 'login_tokens'] as const) {
        out[t] = await db.selectFrom(t).selectAll().execute();
      }
      out.sessions = (await db.selectFrom('sessions').select(['id', 'user_id']).orderBy('id').execute());
      return out;
    };

    it('me_lists_his_clubs_with_his_role_and_nickname', async () => {
      const r = (await anna.get('/api/me')).json();
      expect(r.clubs).toEqual([{ id: 'c1', name: 'Клуб', role: 'member', nickname: 'Анна', shareName: false, shareEmail: false, sharePhone: false, publicPage: false }]);
    });

    it('patch_me_changes_name_phone_and_locale', async () => {
      const r = await anna.patch('/api/me', { name: '  Анна Петрова ', phone: '+7 (900) 123-45-67', locale: 'en' });
      expect(r.statusCode).toBe(200);
      expect(r.json().user).toMatchObject({ name: 'Анна Петрова', phone: '+7 (900) 123-45-67', locale: 'en' });
      const cleared = await anna.patch('/api/me', { phone: null, name: '' });
      expect(cleared.json().user).toMatchObject({ name: null, phone: null, locale: 'en' });
    });

    it('a_bad_phone_or_an_unknown_field_is_refused_and_changes_nothing', async () => {
      const before = await snapshot();
      const phone = await anna.patch('/api/me', { phone: 'call me maybe', name: 'X' });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().error).toMatchObject({ code: 'bad-phone', path: 'phone' });
      const email = await anna.patch('/api/me', { email: 'boris@club.test' });
      expect(email.statusCode).toBe(400);
      expect(email.json().error.code).toBe('bad-request');
      expect(await snapshot()).toEqual(before);
    });

    it('a_member_changes_his_nickname_and_what_he_shares', async () => {
      const r = await anna.patch('/api/me/clubs/c1', { nickname: 'Аннушка', shareName: true, sharePhone: true });
      expect(r.statusCode).toBe(200);
      expect(r.json().membership).toEqual({ clubId: 'c1', userId: anna.user!.id, role: 'member', nickname: 'Аннушка', shareName: true, shareEmail: false, sharePhone: true, onList: true });
    });

    it('a_nickname_another_member_has_is_refused_with_nickname_taken', async () => {
      const before = await snapshot();
      for (const nickname of ['Борис', 'борис']) {
        const r = await anna.patch('/api/me/clubs/c1', { nickname, shareName: true });
        expect(r.statusCode).toBe(409);
        expect(r.json().error).toMatchObject({ code: 'nickname-taken', path: 'nickname', params: { nickname } });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('a_club_he_is_not_in_is_refused_with_not_a_member', async () => {
      const stranger = await signIn(h, 'stranger@club.test');
      const r = await stranger.patch('/api/me/clubs/c1', { nickname: 'Чужой' });
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('not-a-member');
    });

    it('the_export_holds_everything_about_him_and_nothing_private_of_others', async () => {
      const r = await anna.get('/api/me/export');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toContain('attachment');
      const x = r.json();
      expect(x.account).toMatchObject({ id: anna.user!.id, email: 'anna@club.test', hasPassword: true });
      expect(x.memberships).toEqual([expect.objectContaining({ clubId: 'c1', clubName: 'Клуб', role: 'member', nickname: 'Анна', unansweredStreak: 1, onList: true })]);
      expect(x.invitations).toHaveLength(1);
      expect(x.invitations[0]).toMatchObject({ id: 'i-anna', eveningId: 'e1', place: 'Невский 1', answer: 'no', answers: [{ answer: 'yes' }, { answer: 'no' }] });
      expect(x.attendance).toEqual([expect.objectContaining({ eveningId: 'e1', leftAt: null })]);
      expect(x.tableSeats).toEqual([{ eveningId: 'e1', tableNo: 1, seat: 3, fromGame: 1, nickname: 'Анна' }]);
      expect(x.gameSeats).toEqual([{ gameId: 'g1', eveningId: 'e1', tableNo: 1, gameNo: 1, seat: 3, nickname: 'Анна', winner: 'town' }]);
      expect(x.ledger).toEqual([expect.objectContaining({ id: 'l-anna', rule: 'late', points: -5 })]);
      const text = r.body;
      for (const secret of ['Boris Secret', '+7 900 000-00-01', 'boris@club.test', 'hash-of-annas-link', 'hash-of-boris-link', 'scrypt', 'l-boris', 'i-boris']) expect(text).not.toContain(secret);
      // Numbers are numbers on both back ends.
      expect(typeof x.account.createdAt).toBe('number');
      expect(typeof x.invitations[0].startsAt).toBe('number');
    });

    it('the_export_needs_a_sign_in', async () => {
      const r = await anonymous(h).get('/api/me/export');
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('sign-in-required');
    });

    it('a_delete_without_his_address_is_refused_with_confirm_mismatch_and_changes_nothing', async () => {
      const before = await snapshot();
      for (const body of [{ confirm: 'boris@club.test' }, { confirm: '' }, {}]) {
        const r = await anna.delete('/api/me', body);
        expect(r.statusCode).toBe(400);
        expect(r.json().error).toMatchObject({ code: 'confirm-mismatch', path: 'confirm' });
      }
      expect(await snapshot()).toEqual(before);
      expect((await anna.get('/api/me')).json().user.email).toBe('anna@club.test');
    });

    it('deleting_the_account_erases_him_and_keeps_his_games_under_his_nickname', async () => {
      const id = anna.user!.id;
      // A second device of hers, signed in too.
      const phone = await signIn(h, 'anna@club.test');
      const r = await anna.delete('/api/me', { confirm: ' Anna@Club.Test ' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true });
      const u = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(u).toMatchObject({ email: `deleted:${id}`, name: null, phone: null, password_hash: null });
      expect(u.deleted_at).not.toBeNull();
      const mine = async (t: 'memberships' | 'invitations' | 'attendance' | 'ledger' | 'login_tokens' | 'sessions') => db.selectFrom(t).selectAll().where('user_id', '=', id).execute();
      for (const t of ['memberships', 'invitations', 'attendance', 'ledger', 'login_tokens', 'sessions'] as const) expect(await mine(t)).toEqual([]);
      expect(await db.selectFrom('answers').selectAll().where('invitation_id', '=', 'i-anna').execute()).toEqual([]);
      expect(await db.selectFrom('game_seats').select(['seat', 'user_id', 'nickname']).where('game_id', '=', 'g1').orderBy('seat').execute())
        .toEqual([{ seat: 3, user_id: null, nickname: 'Анна' }, { seat: 7, user_id: boris.user!.id, nickname: 'Борис' }]);
      expect(await db.selectFrom('table_seats').select(['seat', 'user_id', 'nickname']).orderBy('seat').execute())
        .toEqual([{ seat: 3, user_id: null, nickname: 'Анна' }, { seat: 7, user_id: boris.user!.id, nickname: 'Борис' }]);
      // Boris's data is untouched.
      expect(await db.selectFrom('ledger').select('id').execute()).toEqual([{ id: 'l-boris' }]);
      expect(await db.selectFrom('answers').select('invitation_id').execute()).toEqual([{ invitation_id: 'i-boris' }]);
      expect((await boris.get('/api/me')).json().user.email).toBe('boris@club.test');
      // Both of her sessions are over.
      expect((await anna.get('/api/me')).json()).toEqual({ user: null });
      expect((await phone.get('/api/me')).json()).toEqual({ user: null });
      // The address may come back, as a new account.
      const again = await signIn(h, 'anna@club.test');
      expect(again.user!.id).not.toBe(id);
      expect((await again.get('/api/me')).json().clubs).toEqual([]);
    });
  });
}

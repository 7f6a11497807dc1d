import { afterAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { clubLedger } from '../../src/club/services/ledger.js';
import { clubOverview, createClub } from '../../src/club/services/clubs.js';
import { addMember, listMembers, memberPage, updateMember } from '../../src/club/services/members.js';
import { acceptJoin } from '../../src/club/services/joinInvites.js';
import { withNickname } from '../../src/club/services/nicknames.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, joinTokenFor, refusal, T0, type TestClub } from './clubs-context.js';
import { addJoined, seedClub, seedEvening } from './clubs-fixture.js';

for (const make of TARGETS) {
  const target = make();
  describe(`clubs and members on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    it('a_new_club_makes_its_creator_admin_and_shows_him_his_upcoming_evenings', async () => {
      const { admin, club } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id);
      const o = await clubOverview(t.ctx, admin, club.id);
      expect(o.club).toEqual({ id: club.id, name: 'Клуб Полночь' });
      expect(o.me).toEqual({ role: 'admin', nickname: 'Ведущий' });
      expect(o.upcoming.map((x) => x.id)).toEqual([e.id]);
      const stranger = await t.user('stranger@example.com');
      const err = await refusal(clubOverview(t.ctx, stranger, club.id));
      expect([err.code, err.status]).toEqual(['not-a-member', 404]);
    });

    it('a_plain_member_does_not_receive_another_members_private_fields_unless_shared', async () => {
      const { admin, club, anna, boris, vera } = await seedClub(t);
      const seen = await listMembers(t.ctx, vera, club.id);
      const raw = JSON.stringify(seen);
      // Boris shares nothing: none of his private fields reach Vera.
      for (const secret of ['Борис Иванов', 'boris@example.com', '222-22-22', 'Анна Петрова', '111-11-11', 'Борис Главный', 'boss@example.com']) expect(raw).not.toContain(secret);
      // Anna shares her e-mail, and only it.
      expect(seen.members.find((m) => m.userId === anna)).toEqual({ userId: anna, nickname: 'Анна', role: 'member', email: 'anna@example.com', onList: true, unansweredStreak: 0, points: 0 });
      expect(raw).not.toContain('invitations');
      // The member page follows the same rule.
      const page = JSON.stringify(await memberPage(t.ctx, vera, club.id, boris));
      expect(page).not.toContain('boris@example.com');
      expect(page).not.toContain('Борис Иванов');
      expect(page).not.toContain('222-22-22');
      // The admin sees everything, with the invitation counts.
      const all = await listMembers(t.ctx, admin, club.id);
      expect(all.members.find((m) => m.userId === boris)).toMatchObject({ name: 'Борис Иванов', email: 'boris@example.com', phone: '+7 900 222-22-22', invitations: { sent: 0, yes: 0, no: 0, unanswered: 0 } });
    });

    it('adding_a_member_refuses_a_taken_nickname_a_bad_address_and_a_non_admin_changing_nothing', async () => {
      const { admin, club, anna } = await seedClub(t);
      const before = await counts(t.db);
      const taken = await refusal(addMember(t.ctx, admin, club.id, { email: 'new@example.com', nickname: 'Анна' }));
      expect([taken.code, taken.status, taken.extra.path]).toEqual(['nickname-taken', 409, 'nickname']);
      expect(taken.message).toContain('Анна');
      const bad = await refusal(addMember(t.ctx, admin, club.id, { email: 'not-an-address', nickname: 'X' }));
      expect([bad.code, bad.extra.path]).toEqual(['bad-request', 'email']);
      const notAdmin = await refusal(addMember(t.ctx, anna, club.id, { email: 'new@example.com', nickname: 'Новый' }));
      expect([notAdmin.code, notAdmin.status]).toEqual(['forbidden', 403]);
      expect(await counts(t.db)).toEqual(before);
    });

    it('a_nickname_differing_only_in_case_is_taken_and_a_race_for_one_ends_in_409_not_500', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      await addMember(t.ctx, admin, club.id, { email: 'ezh@example.com', nickname: 'Ёж' });
      const before = await counts(t.db);
      for (const nickname of ['ёж', 'ЁЖ']) {
        const added = await refusal(addMember(t.ctx, admin, club.id, { email: 'other@example.com', nickname }));
        expect([added.code, added.status, added.extra.path]).toEqual(['nickname-taken', 409, 'nickname']);
        const renamed = await refusal(updateMember(t.ctx, admin, club.id, boris, { nickname }));
        expect([renamed.code, renamed.status, renamed.extra.path]).toEqual(['nickname-taken', 409, 'nickname']);
      }
      expect(await counts(t.db)).toEqual(before);
      // His own nickname in another case is his to take.
      expect((await updateMember(t.ctx, admin, club.id, anna, { nickname: 'АННА' })).member.nickname).toBe('АННА');
      // Two admins adding one nickname at the same moment: one is added, the other refused (the
      // database's unique constraint decides when both checks ran first), never a server error.
      const both = await Promise.allSettled(['a', 'b'].map((x) => addMember(t.ctx, admin, club.id, { email: `race-${x}@example.com`, nickname: 'Гонка' })));
      expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ code: 'nickname-taken', status: 409 });
    });

    it('the_databases_nickname_constraint_becomes_nickname_taken_and_other_constraints_stay_errors', async () => {
      const { club, anna } = await seedClub(t);
      const row = { club_id: club.id, user_id: anna, role: 'member' as const, nickname: 'Анна', share_name: 0, share_email: 0, share_phone: 0, on_list: 1, unanswered_streak: 0, off_list_at: null, joined_at: T0 };
      const other = await t.user('other@example.com');
      // The same nickname for another member: what a lost race meets, after both checks passed.
      const taken = await refusal(withNickname('Анна', () => t.db.insertInto('memberships').values({ ...row, user_id: other }).execute()));
      expect([taken.code, taken.status, taken.extra.path, taken.extra.params]).toEqual(['nickname-taken', 409, 'nickname', { nickname: 'Анна' }]);
      // A member twice (the primary key) is no nickname's fault: it stays the database's error.
      const twice = await withNickname('Другая', () => t.db.insertInto('memberships').values({ ...row, nickname: 'Другая' }).execute()).then(() => null, (e: unknown) => e);
      expect(twice).not.toBeNull();
      expect((twice as { code?: string }).code).not.toBe('nickname-taken');
    });

    it('an_existing_account_joins_a_second_club_keeping_his_own_name_and_a_second_invitation_to_a_member_is_refused_at_acceptance', async () => {
      const { admin, club, anna } = await seedClub(t);
      const other = await t.user('other-admin@example.com');
      const { club: second } = await createClub(t.ctx, other, { name: 'Второй клуб', nickname: 'Хозяин' });
      expect(await addJoined(t, other, second.id, 'anna@example.com', 'Незнакомка')).toBe(anna);
      const seen = (await listMembers(t.ctx, other, second.id)).members.find((m) => m.userId === anna);
      expect(seen).toMatchObject({ userId: anna, nickname: 'Незнакомка', name: 'Анна Петрова' });
      // Adding her address again is not refused (that would tell whose address it is); her answer is.
      await addMember(t.ctx, admin, club.id, { email: 'ANNA@example.com', nickname: 'Аня' });
      await t.jobs.runDue();
      const twice = await refusal(acceptJoin(t.ctx, joinTokenFor(t, 'anna@example.com')));
      expect([twice.code, twice.status, twice.extra.params]).toEqual(['join-already-member', 409, { nickname: 'Анна' }]);
    });

    it('the_last_admin_cannot_step_down_and_roles_and_nicknames_change', async () => {
      const { admin, club, anna } = await seedClub(t);
      const before = await counts(t.db);
      const last = await refusal(updateMember(t.ctx, admin, club.id, admin, { role: 'member' }));
      expect([last.code, last.status, last.extra.path]).toEqual(['last-admin', 409, 'role']);
      const unknown = await refusal(updateMember(t.ctx, admin, club.id, 'nobody', { role: 'host' }));
      expect([unknown.code, unknown.status]).toEqual(['member-unknown', 404]);
      expect(await counts(t.db)).toEqual(before);
      const { member } = await updateMember(t.ctx, admin, club.id, anna, { role: 'host', nickname: 'Аннушка' });
      expect(member).toMatchObject({ role: 'host', nickname: 'Аннушка' });
    });

    it('the_member_page_lists_his_evenings_games_and_penalties', async () => {
      const { admin, club, anna, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 2);
      await t.db.insertInto('invitations').values({ id: 'i1', evening_id: e.id, user_id: anna, token_hash: 'h1', answer: 'yes', answered_at: T0, unanswered: 0, created_at: T0, sent_at: T0, reminded_at: null, delivery_error: null }).execute();
      // The door's tables, as its helper fills them: Anna came 7 minutes late and played one game on seat 4.
      await t.db.insertInto('attendance').values({ evening_id: e.id, user_id: anna, arrived_at: e.startsAt + 7 * 60_000, left_at: null, replacement_user_id: null, checked_in_by: admin }).execute();
      await t.db.insertInto('evening_games').values({ id: 'g1', evening_id: e.id, table_no: 1, room_id: 'r1', game_no: 1, protocol: null, winner: 'town', created_at: T0 }).execute();
      await t.db.insertInto('game_seats').values([{ game_id: 'g1', seat: 4, user_id: anna, nickname: 'Анна' }, { game_id: 'g1', seat: 5, user_id: vera, nickname: 'Вера' }]).execute();
      await t.db.insertInto('ledger').values({ id: 'l1', club_id: club.id, user_id: anna, evening_id: e.id, rule: 'late', points: -5, reason: 'arrived 7 minutes after the start (more than 5)', dedupe_key: `late:${e.id}:${anna}`, created_at: T0, created_by: admin, cancelled_at: null, cancelled_by: null, cancel_note: null }).execute();
      const page = await memberPage(t.ctx, vera, club.id, anna);
      expect(page.evenings).toEqual([{ evening: expect.objectContaining({ id: e.id }), answer: 'yes', arrivedAt: e.startsAt + 7 * 60_000, leftAt: null, late: true, gamesPlayed: 1 }]);
      expect(page.games).toEqual([{ gameId: 'g1', eveningId: e.id, startsAt: e.startsAt, tableNo: 1, gameNo: 1, seat: 4, winner: 'town' }]);
      expect(page.ledger.map((l) => [l.rule, l.points, l.nickname])).toEqual([['late', -5, 'Анна']]);
      expect(page.points).toBe(-5);
      expect(page.member.points).toBe(-5);
      expect((await clubLedger(t.ctx, vera, club.id)).entries.map((x) => x.id)).toEqual(['l1']);
    });
  });
}

import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIn } from '../../src/club/services/attendance.js';
import { createClub } from '../../src/club/services/clubs.js';
import { eveningPage } from '../../src/club/services/evenings.js';
import { invite } from '../../src/club/services/invitations.js';
import { cancelJoin, resendJoin } from '../../src/club/services/joinAdmin.js';
import { acceptJoin, declineJoin, inviteByToken } from '../../src/club/services/joinInvites.js';
import { addMember, listMembers, updateMember } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, DAY, HOUR, joinTokenFor, refusal, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';
import { z } from 'zod';
import { jsonOf } from '../json.js';

const locale = (lang: string) => jsonOf(z.object({ errors: z.record(z.string(), z.string()) }), readFileSync(new URL(`../../../web/src/locales/${lang}/club.json`, import.meta.url), 'utf8'));

for (const make of TARGETS) {
  const target = make();
  describe(`joining a club by its invitation on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    /** Eva has an account (name, phone) and belongs to no club of Борис's. */
    const eva = () => t.user('eva@example.com', { name: 'Ева Смирнова', phone: '+7 900 555-55-55' });

    it('adding_an_existing_accounts_address_answers_exactly_as_for_an_unknown_address', async () => {
      const admin = await t.user('boss@example.com');
      const { club } = await createClub(t.ctx, admin, { name: 'Клуб Полночь', nickname: 'Ведущий' });
      await eva();
      const known = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Гость' });
      const unknown = await addMember(t.ctx, admin, club.id, { email: 'nobody@example.com', nickname: 'Гость' + '2' });
      const raw = JSON.stringify(known);
      for (const secret of ['Ева Смирнова', '555-55-55', 'eva@example.com']) expect(raw).not.toContain(secret);
      // The same keys and values but for the id and the nickname the club gave.
      const strip = ({ member: { userId: _u, nickname: _n, ...rest } }: typeof known) => rest;
      expect(strip(known)).toEqual(strip(unknown));
      expect(Object.keys(known.member).sort()).toEqual(Object.keys(unknown.member).sort());
      expect(strip(known)).toMatchObject({ status: 'invited', onList: false });
      // Her account is not her membership: the club's row is a nickname-only one, not hers.
      const evaId = (await t.db.selectFrom('users').select('id').where('email', '=', 'eva@example.com').executeTakeFirstOrThrow()).id;
      expect(known.member.userId).not.toBe(evaId);
      const listed = JSON.stringify(await listMembers(t.ctx, admin, club.id));
      for (const secret of ['Ева Смирнова', '555-55-55', 'eva@example.com', 'nobody@example.com', 'pending.invalid']) expect(listed).not.toContain(secret);
    });

    it('a_pending_member_gets_no_evening_invitation_and_cannot_be_put_on_the_list', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      t.outbox.sent.length = 0;
      const e = await seedEvening(t, admin, club.id);
      expect((await invite(t.ctx, admin, e.id, {})).invited).toBe(4); // the admin, Анна, Борис, Вера; not Ева
      await t.jobs.runDue();
      expect(t.outbox.sent.map((m) => m.to).sort()).toEqual(['anna@example.com', 'boris@example.com', 'boss@example.com', 'vera@example.com']);
      const restore = await refusal(updateMember(t.ctx, admin, club.id, member.userId, { restore: true }));
      expect([restore.code, restore.status]).toEqual(['member-not-joined', 409]);
      // She may still come and play under her nickname: the door offers her and checks her in.
      expect((await eveningPage(t.ctx, admin, e.id)).nicknameOnly).toEqual([{ userId: member.userId, nickname: 'Ева' }]);
      t.clock = e.startsAt - HOUR;
      const came = await checkIn(t.ctx, admin, e.id, { userId: member.userId });
      expect(came.attendance.nickname).toBe('Ева');
    });

    it('accepting_links_her_account_moves_her_nickname_history_and_then_the_privacy_rule_applies', async () => {
      const { admin, club, vera } = await seedClub(t);
      const evaId = await eva();
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      const letter = t.outbox.sent.find((m) => m.to === 'eva@example.com')!;
      expect(letter.subject).toContain('Клуб Полночь');
      const e = await seedEvening(t, admin, club.id);
      t.clock = e.startsAt - HOUR;
      await checkIn(t.ctx, admin, e.id, { userId: member.userId });
      const token = joinTokenFor(t, 'eva@example.com');
      expect(await inviteByToken(t.ctx, token)).toMatchObject({ club_name: 'Клуб Полночь', nickname: 'Ева' });
      expect(await acceptJoin(t.ctx, token)).toEqual({ userId: evaId, clubId: club.id });
      // Her arrival as «Ева» is now hers; the placeholder is gone.
      expect((await t.db.selectFrom('attendance').select('user_id').where('evening_id', '=', e.id).execute()).map((r) => r.user_id)).toEqual([evaId]);
      expect(await t.db.selectFrom('users').select('id').where('id', '=', member.userId).executeTakeFirst()).toBeUndefined();
      const byAdmin = (await listMembers(t.ctx, admin, club.id)).members.find((m) => m.userId === evaId);
      expect(byAdmin).toMatchObject({ nickname: 'Ева', name: 'Ева Смирнова', email: 'eva@example.com', onList: true });
      expect(byAdmin).not.toHaveProperty('status');
      const byVera = JSON.stringify((await listMembers(t.ctx, vera, club.id)).members.find((m) => m.userId === evaId));
      for (const secret of ['Ева Смирнова', '555-55-55', 'eva@example.com']) expect(byVera).not.toContain(secret);
      const used = await refusal(acceptJoin(t.ctx, token));
      expect(used.code).toBe('join-used');
    });

    it('a_new_address_that_accepts_becomes_an_account_on_the_list', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'new@example.com', nickname: 'Новенький' });
      await t.jobs.runDue();
      expect(await acceptJoin(t.ctx, joinTokenFor(t, 'new@example.com'))).toEqual({ userId: member.userId, clubId: club.id });
      const row = await t.db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirstOrThrow();
      expect(row.email).toBe('new@example.com');
    });

    it('declining_removes_the_pending_membership', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      expect(await declineJoin(t.ctx, joinTokenFor(t, 'eva@example.com'))).toEqual({ declined: true });
      expect((await listMembers(t.ctx, admin, club.id)).members.map((m) => m.userId)).not.toContain(member.userId);
    });

    it('an_unknown_expired_or_used_link_is_refused_clearly_in_russian_and_english', async () => {
      const { admin, club } = await seedClub(t);
      await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      const token = joinTokenFor(t, 'eva@example.com');
      const unknown = await refusal(acceptJoin(t.ctx, 'no-such-token'));
      t.clock += 11 * DAY;
      const expired = await refusal(declineJoin(t.ctx, token));
      const codes = [unknown.code, expired.code, 'join-used', 'join-already-member', 'member-not-joined', 'member-not-invited', 'invite-resent-recently'];
      expect(codes.slice(0, 2)).toEqual(['join-unknown', 'join-expired']);
      for (const lang of ['ru', 'en']) for (const code of codes) expect(locale(lang).errors[code], `${lang} club.errors.${code}`).toBeTruthy();
      // Still pending: an expired link changed nothing.
      expect((await listMembers(t.ctx, admin, club.id)).members.find((m) => m.nickname === 'Ева')).toMatchObject({ status: 'invited' });
    });

    it('an_admin_resends_at_most_every_ten_minutes_with_a_new_link_and_may_cancel', async () => {
      const { admin, club, anna } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      const first = joinTokenFor(t, 'eva@example.com');
      const soon = await refusal(resendJoin(t.ctx, admin, club.id, member.userId));
      expect([soon.code, soon.status]).toEqual(['invite-resent-recently', 429]);
      expect((await refusal(resendJoin(t.ctx, anna, club.id, member.userId))).code).toBe('forbidden');
      t.clock += 11 * 60_000;
      await resendJoin(t.ctx, admin, club.id, member.userId);
      await t.jobs.runDue();
      const second = joinTokenFor(t, 'eva@example.com');
      expect(second).not.toBe(first);
      expect((await refusal(acceptJoin(t.ctx, first))).code).toBe('join-unknown');
      expect(await cancelJoin(t.ctx, admin, club.id, member.userId)).toEqual({ removed: true });
      expect((await refusal(acceptJoin(t.ctx, second))).code).toBe('join-unknown');
      expect((await refusal(cancelJoin(t.ctx, admin, club.id, anna))).code).toBe('member-not-invited');
    });
  });
}

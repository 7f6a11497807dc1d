import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerJoinRoutes } from '../../src/club/routes/join.js';
import { checkIn } from '../../src/club/services/attendance.js';
import { cancelJoin, resendJoin } from '../../src/club/services/joinAdmin.js';
import { acceptJoin, declineJoin, inviteByToken, JOIN_VALID_MS } from '../../src/club/services/joinInvites.js';
import { addMember, listMembers } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, HOUR, joinTokenFor, refusal, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';
import { z } from 'zod';
import { jsonOf } from '../json.js';

const locale = (lang: string) => jsonOf(z.object({ errors: z.record(z.string(), z.string()) }), readFileSync(new URL(`../../../web/src/locales/${lang}/club.json`, import.meta.url), 'utf8'));

/**
 * Issue 23 (what was left): a withdrawn (or declined) nickname-only member can be invited again
 * («Пригласить снова»), under the same limit against mail bombing; expired invitations to join are
 * cleaned up (their address erased) and their link says it expired.
 */
for (const make of TARGETS) {
  const target = make();
  describe(`inviting a nickname-only member again on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    const statusOf = async (admin: string, clubId: string, userId: string) => (await listMembers(t.ctx, admin, clubId)).members.find((m) => m.userId === userId)?.status;
    const inviteRow = (userId: string) => t.db.selectFrom('member_invites').selectAll().where('user_id', '=', userId).executeTakeFirst();

    /** Ева, added by e-mail, came to an evening under her nickname: withdrawing keeps her, nickname-only. */
    const keptEva = async () => {
      const s = await seedClub(t);
      const { member } = await addMember(t.ctx, s.admin, s.club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      const e = await seedEvening(t, s.admin, s.club.id);
      t.clock = e.startsAt - HOUR;
      await checkIn(t.ctx, s.admin, e.id, { userId: member.userId });
      return { ...s, eva: member.userId, e };
    };

    it('a_withdrawn_member_is_invited_again_at_the_address_given_and_can_accept', async () => {
      const { admin, club, eva, e } = await keptEva();
      const oldLink = joinTokenFor(t, 'eva@example.com');
      expect(await cancelJoin(t.ctx, admin, club.id, eva)).toEqual({ removed: false });
      expect(await statusOf(admin, club.id, eva)).toBe('nickname');
      // The address is not kept after the withdrawal, nor the link.
      expect((await inviteRow(eva))!.email).toBe('');
      expect((await refusal(acceptJoin(t.ctx, oldLink))).code).toBe('join-unknown');
      t.outbox.sent.length = 0;
      // Without an address there is nobody to mail; a bad address is refused; nothing is sent.
      const none = await refusal(resendJoin(t.ctx, admin, club.id, eva));
      expect([none.code, none.status, none.extra.path]).toEqual(['invite-email-needed', 400, 'email']);
      const bad = await refusal(resendJoin(t.ctx, admin, club.id, eva, { email: 'not an address' }));
      expect([bad.code, bad.status, bad.extra.path]).toEqual(['bad-request', 400, 'email']);
      t.clock += 11 * 60_000;
      expect(await resendJoin(t.ctx, admin, club.id, eva, { email: 'Eva.New@Example.com', locale: 'en' })).toEqual({ sent: true });
      expect(await statusOf(admin, club.id, eva)).toBe('invited');
      await t.jobs.runDue();
      expect(t.outbox.sent.map((m) => [m.to, m.subject])).toEqual([['eva.new@example.com', 'Invitation to join the club «Клуб Полночь»']]);
      const link = joinTokenFor(t, 'eva.new@example.com');
      expect(await acceptJoin(t.ctx, link)).toEqual({ userId: eva, clubId: club.id });
      // Her arrival under the nickname is hers.
      expect((await t.db.selectFrom('attendance').select('user_id').where('evening_id', '=', e.id).execute()).map((r) => r.user_id)).toEqual([eva]);
      expect(await statusOf(admin, club.id, eva)).toBeUndefined();
      const joined = await refusal(resendJoin(t.ctx, admin, club.id, eva, { email: 'x@example.com' }));
      expect([joined.code, joined.status]).toEqual(['member-joined', 409]);
      // Each refusal has its words in Russian and English.
      for (const lang of ['ru', 'en']) for (const code of ['invite-email-needed', 'member-joined', 'invite-resent-recently']) expect(locale(lang).errors[code], `${lang} ${code}`).toBeTruthy();
    });

    it('withdrawing_and_inviting_again_does_not_get_round_the_ten_minute_limit', async () => {
      const { admin, club, eva, anna } = await keptEva();
      t.clock += 11 * 60_000;
      await resendJoin(t.ctx, admin, club.id, eva);
      await cancelJoin(t.ctx, admin, club.id, eva);
      const soon = await refusal(resendJoin(t.ctx, admin, club.id, eva, { email: 'eva@example.com' }));
      expect([soon.code, soon.status, soon.extra.params]).toEqual(['invite-resent-recently', 429, { count: 10 }]);
      expect(await statusOf(admin, club.id, eva)).toBe('nickname');
      // Only an admin invites.
      t.clock += 11 * 60_000;
      expect((await refusal(resendJoin(t.ctx, anna, club.id, eva, { email: 'eva@example.com' }))).code).toBe('forbidden');
      expect(await resendJoin(t.ctx, admin, club.id, eva, { email: 'eva@example.com' })).toEqual({ sent: true });
      const again = await refusal(resendJoin(t.ctx, admin, club.id, eva, { email: 'eva@example.com' }));
      expect(again.code).toBe('invite-resent-recently');
    });

    it('a_member_who_declined_after_playing_is_kept_and_can_be_invited_again', async () => {
      const { admin, club, eva } = await keptEva();
      expect(await declineJoin(t.ctx, joinTokenFor(t, 'eva@example.com'))).toEqual({ declined: true });
      expect(await statusOf(admin, club.id, eva)).toBe('nickname');
      expect((await inviteRow(eva))!.email).toBe('');
      t.clock += 11 * 60_000;
      expect(await resendJoin(t.ctx, admin, club.id, eva, { email: 'eva@example.com' })).toEqual({ sent: true });
      await t.jobs.runDue();
      expect(await inviteByToken(t.ctx, joinTokenFor(t, 'eva@example.com'))).toMatchObject({ nickname: 'Ева' });
    });

    it('an_expired_invitation_is_cleaned_up_by_its_job_and_its_link_says_it_expired', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      const link = joinTokenFor(t, 'eva@example.com');
      t.clock += JOIN_VALID_MS - 1;
      await t.jobs.runDue();
      expect((await inviteRow(member.userId))!.email).toBe('eva@example.com');
      t.clock += 1;
      await t.jobs.runDue();
      // The address is erased; the member stays, nickname-only, and the admin sees why.
      expect((await inviteRow(member.userId))!.email).toBe('');
      expect(await statusOf(admin, club.id, member.userId)).toBe('expired');
      const expired = await refusal(inviteByToken(t.ctx, link));
      expect([expired.code, expired.status]).toEqual(['join-expired', 400]);
      // Inviting again needs the address; withdrawing a never-seen nickname removes him.
      expect((await refusal(resendJoin(t.ctx, admin, club.id, member.userId))).code).toBe('invite-email-needed');
      expect(await cancelJoin(t.ctx, admin, club.id, member.userId)).toEqual({ removed: true });
      expect(await statusOf(admin, club.id, member.userId)).toBeUndefined();
    });

    it('invitations_that_expired_while_the_server_was_down_are_cleaned_up_at_its_start', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      // As from before expiry jobs existed: no job will come for it.
      await t.db.deleteFrom('jobs').execute();
      t.clock += JOIN_VALID_MS + HOUR;
      expect(await statusOf(admin, club.id, member.userId)).toBe('invited');
      const app = Fastify();
      try {
        await registerJoinRoutes(app, t.ctx);
      } finally {
        await app.close();
      }
      expect(await statusOf(admin, club.id, member.userId)).toBe('expired');
      expect((await inviteRow(member.userId))!.email).toBe('');
    });

    it('an_expired_invitation_can_be_sent_again_and_then_works', async () => {
      const { admin, club } = await seedClub(t);
      const { member } = await addMember(t.ctx, admin, club.id, { email: 'eva@example.com', nickname: 'Ева' });
      await t.jobs.runDue();
      t.clock += JOIN_VALID_MS;
      await t.jobs.runDue();
      expect(await resendJoin(t.ctx, admin, club.id, member.userId, { email: 'eva@example.com' })).toEqual({ sent: true });
      await t.jobs.runDue();
      expect(await statusOf(admin, club.id, member.userId)).toBe('invited');
      expect(await acceptJoin(t.ctx, joinTokenFor(t, 'eva@example.com'))).toEqual({ userId: member.userId, clubId: club.id });
    });
  });
}

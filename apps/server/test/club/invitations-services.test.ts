import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/club/ports.js';
import { eveningPage } from '../../src/club/services/evenings.js';
import { answerInvitation, invitationView, invite, tokenHash } from '../../src/club/services/invitations.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, DAY, HOUR, refusal, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

for (const make of TARGETS) {
  const target = make();
  describe(`invitations on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    /** Invites `who`, runs the deliveries, and returns each one's answer token from his mail. */
    const invited = async (admin: string, eveningId: string, who: string[]) => {
      await invite(t.ctx, admin, eveningId, { userIds: who });
      await t.jobs.runDue();
      const emails = await t.db.selectFrom('users').select(['id', 'email']).where('id', 'in', who).execute();
      return Object.fromEntries(emails.map((u) => [u.id, tokenIn(t.outbox.sent.filter((m) => m.to === u.email).at(-1)!.text)]));
    };

    it('the_invitation_mail_carries_the_evening_and_a_link_that_answers_it', async () => {
      const { admin, club, anna } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      expect(await invite(t.ctx, admin, e.id, { userIds: [anna] })).toEqual({ invited: 1 });
      expect(t.outbox.sent).toEqual([]); // a job, not sent inside the request
      await t.jobs.runDue();
      const [mail] = t.outbox.sent;
      expect(mail!.to).toBe('anna@example.com');
      expect(mail!.subject).toContain('Клуб Полночь');
      expect(mail!.text).toContain('Кафе «Луна», Тверская 1');
      // 10 January 2030 12:00 UTC is 15:00 in Moscow (CLUB_TIMEZONE's default).
      expect(mail!.text).toContain('10 января 2030');
      expect(mail!.text).toContain('15:00');
      const token = tokenIn(mail!.text);
      expect(mail!.text).toContain(`http://test/i/${token}?a=yes`);
      expect(mail!.text).toContain(`http://test/i/${token}?a=no`);
      // The token is stored only hashed, and the job's copy is erased once sent.
      const inv = await t.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
      expect(inv.token_hash).toBe(tokenHash(token));
      expect(Number(inv.sent_at)).toBe(t.clock);
      expect(JSON.stringify(await t.db.selectFrom('jobs').select('payload').execute())).not.toContain(token);
      // Anna has a phone and the gateway is set: an SMS with the same link.
      expect(t.sms.sent).toEqual([{ to: '+7 900 111-11-11', text: expect.stringContaining(`http://test/i/${token}`) }]);
      const view = await invitationView(t.ctx, token);
      expect(view).toEqual({ club: { name: 'Клуб Полночь' }, evening: { startsAt: e.startsAt, answerBy: e.answerBy, place: e.place }, nickname: 'Анна', answer: null, open: true, cancelled: false, lateDeclineFrom: e.startsAt - DAY, invitedLate: false });
      expect(await answerInvitation(t.ctx, token, { answer: 'yes' })).toEqual({ answer: 'yes' });
      expect((await invitationView(t.ctx, token)).answer).toBe('yes');
      const page = await eveningPage(t.ctx, admin, e.id);
      expect(page.invitations).toEqual([{ userId: anna, nickname: 'Анна', answer: 'yes', answeredAt: t.clock, unanswered: false }]);
    });

    it('an_english_speaking_member_gets_his_invitation_in_english', async () => {
      const { admin, club, vera } = await seedClub(t);
      await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', vera).execute();
      const e = await seedEvening(t, admin, club.id, 3);
      await invited(admin, e.id, [vera]);
      expect(t.outbox.sent[0]!.text).toContain('YES, I will come');
      expect(t.outbox.sent[0]!.text).toContain('10 January 2030');
      // Vera has no phone: no SMS.
      expect(t.sms.sent).toEqual([]);
    });

    it('a_forged_token_an_answer_after_the_deadline_a_cancelled_evening_and_a_bad_answer_are_refused_changing_nothing', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const tokens = await invited(admin, e.id, [anna, boris]);
      const before = await counts(t.db);
      const forged = await refusal(answerInvitation(t.ctx, 'A'.repeat(43), { answer: 'yes' }));
      expect([forged.code, forged.status]).toEqual(['invitation-unknown', 404]);
      expect((await refusal(invitationView(t.ctx, 'short'))).code).toBe('invitation-unknown');
      const bad = await refusal(answerInvitation(t.ctx, tokens[anna]!, { answer: 'maybe' }));
      expect([bad.code, bad.status, bad.extra.path]).toEqual(['bad-answer', 400, 'answer']);
      await t.db.updateTable('evenings').set({ cancelled_at: t.clock }).where('id', '=', e.id).execute();
      const cancelled = await refusal(answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' }));
      expect([cancelled.code, cancelled.status]).toEqual(['evening-cancelled', 409]);
      await t.db.updateTable('evenings').set({ cancelled_at: null }).where('id', '=', e.id).execute();
      t.clock = e.answerBy;
      const late = await refusal(answerInvitation(t.ctx, tokens[boris]!, { answer: 'no' }));
      expect([late.code, late.status, late.extra.params]).toEqual(['answers-closed', 409, { answerBy: e.answerBy }]);
      expect((await invitationView(t.ctx, tokens[boris]!)).open).toBe(false);
      expect(await counts(t.db)).toEqual(before);
      // Reused after the deadline job ran: still closed.
      await t.jobs.runDue();
      expect((await refusal(answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' }))).code).toBe('answers-closed');
    });

    it('a_yes_beyond_the_capacity_is_refused_but_a_repeated_yes_and_a_no_are_not', async () => {
      const { admin, club, anna, boris, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3, { capacity: 2 });
      const tokens = await invited(admin, e.id, [anna, boris, vera]);
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      await answerInvitation(t.ctx, tokens[boris]!, { answer: 'yes' });
      const before = await counts(t.db);
      const full = await refusal(answerInvitation(t.ctx, tokens[vera]!, { answer: 'yes' }));
      expect([full.code, full.status, full.extra.params]).toEqual(['evening-full', 409, { capacity: 2 }]);
      expect(await counts(t.db)).toEqual(before);
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      await answerInvitation(t.ctx, tokens[vera]!, { answer: 'no' });
      // Boris withdraws (three days ahead: free), and Vera's YES now fits.
      await answerInvitation(t.ctx, tokens[boris]!, { answer: 'no' });
      expect(await answerInvitation(t.ctx, tokens[vera]!, { answer: 'yes' })).toEqual({ answer: 'yes' });
      const answers = await t.db.selectFrom('answers').select(['answer']).execute();
      expect(answers.length).toBe(6);
    });

    it('a_no_two_hours_before_costs_ten_points_once_per_evening', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const tokens = await invited(admin, e.id, [anna, boris]);
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      // 25 hours before: free.
      t.clock = e.startsAt - 25 * HOUR;
      expect(await answerInvitation(t.ctx, tokens[boris]!, { answer: 'no' })).toEqual({ answer: 'no' });
      t.clock = e.startsAt - 2 * HOUR;
      const r = await answerInvitation(t.ctx, tokens[anna]!, { answer: 'no' });
      expect(r.penalty).toMatchObject({ userId: anna, nickname: 'Анна', eveningId: e.id, rule: 'late-decline', points: -10, createdBy: null });
      expect(r.penalty!.reason).toContain('withdrew a YES 2 h 0 min');
      expect(r.penalty!.params).toEqual({ hours: 2, minutes: 0, withdrawn: 1 });
      // Back to YES and NO again: the same evening is not charged twice.
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      expect((await answerInvitation(t.ctx, tokens[anna]!, { answer: 'no' })).penalty).toBeUndefined();
      const ledger = await t.db.selectFrom('ledger').selectAll().execute();
      expect(ledger.map((l) => [l.user_id, l.rule, Number(l.points)])).toEqual([[anna, 'late-decline', -10]]);
      expect((await eveningPage(t.ctx, admin, e.id)).ledger.map((l) => l.points)).toEqual([-10]);
    });

    it('inviting_checks_each_named_member_and_skips_those_invited_already', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const before = await counts(t.db);
      const stranger = await t.user('stranger@example.com');
      const after = await counts(t.db);
      const notMember = await refusal(invite(t.ctx, admin, e.id, { userIds: [anna, stranger] }));
      expect([notMember.code, notMember.status, notMember.extra.path]).toEqual(['not-a-member', 400, 'userIds[1]']);
      const byMember = await refusal(invite(t.ctx, anna, e.id, {}));
      expect(byMember.code).toBe('forbidden');
      expect(await counts(t.db)).toEqual({ ...before, users: after.users });
      expect(await invite(t.ctx, admin, e.id, { userIds: [anna] })).toEqual({ invited: 1 });
      expect(await invite(t.ctx, admin, e.id, { userIds: [anna, boris, boris] })).toEqual({ invited: 1 });
      // The default: everyone on the list not invited yet (the admin and Vera).
      expect(await invite(t.ctx, admin, e.id, {})).toEqual({ invited: 2 });
      expect(await invite(t.ctx, admin, e.id, {})).toEqual({ invited: 0 });
      t.clock = e.answerBy;
      const closed = await refusal(invite(t.ctx, admin, e.id, {}));
      expect(closed.code).toBe('answers-closed');
    });

    it('a_bounced_invitation_fails_its_job_at_once_and_the_evening_page_says_why', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      t.outbox.fail = new DeliveryError('550 5.1.1 <vera@example.com>: mailbox unavailable', true);
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      const job = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'invite-email').executeTakeFirstOrThrow();
      expect([job.state, job.attempts]).toEqual(['failed', 1]);
      const page = await eveningPage(t.ctx, admin, e.id);
      expect(page.invitations[0]!.deliveryError).toEqual({ channel: 'email', to: 'vera@example.com', detail: '550 5.1.1 <vera@example.com>: mailbox unavailable' });
      expect(job.payload).not.toContain('token');
    });

    it('a_passing_mail_failure_is_retried_later_and_then_sent', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      t.outbox.fail = new DeliveryError('421 try again later', false);
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      expect(t.outbox.sent).toEqual([]);
      t.outbox.fail = null;
      t.clock += 60_000;
      await t.jobs.runDue();
      expect(t.outbox.sent.map((m) => m.to)).toEqual(['vera@example.com']);
      const inv = await t.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
      expect(inv.delivery_error).toBeNull();
      expect(inv.sent_at).not.toBeNull();
    });

    it('the_day_before_those_who_said_yes_are_reminded_once', async () => {
      const { admin, club, anna, boris, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const tokens = await invited(admin, e.id, [anna, boris, vera]);
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      await answerInvitation(t.ctx, tokens[boris]!, { answer: 'no' });
      await answerInvitation(t.ctx, tokens[vera]!, { answer: 'yes' });
      t.outbox.sent.length = 0;
      t.sms.sent.length = 0;
      t.clock = e.startsAt - DAY;
      await t.jobs.runDue();
      expect(t.outbox.sent.map((m) => m.to).sort()).toEqual(['anna@example.com', 'vera@example.com']);
      expect(t.outbox.sent[0]!.subject).toContain('напоминание');
      expect(t.sms.sent.map((m) => m.to)).toEqual(['+7 900 111-11-11']);
      const reminded = await t.db.selectFrom('invitations').select(['user_id', 'reminded_at']).execute();
      expect(reminded.filter((r) => r.reminded_at !== null).map((r) => r.user_id).sort()).toEqual([anna, vera].sort());
      // Run again: nobody is reminded twice.
      await t.ctx.jobs.enqueue('evening-reminders', { eveningId: e.id });
      await t.jobs.runDue();
      expect(t.outbox.sent.length).toBe(2);
      expect(t.sms.sent.length).toBe(1);
    });

    it('the_reminder_letter_carries_answer_links_of_its_own_token_that_answer_the_invitation', async () => {
      const { admin, club, anna } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const tokens = await invited(admin, e.id, [anna]);
      await answerInvitation(t.ctx, tokens[anna]!, { answer: 'yes' });
      t.outbox.sent.length = 0;
      t.clock = e.startsAt - DAY;
      await t.jobs.runDue();
      const [mail] = t.outbox.sent;
      const token = tokenIn(mail!.text);
      expect(token).not.toBe(tokens[anna]);
      expect(mail!.text).toContain(`http://test/i/${token}?a=yes`);
      expect(mail!.text).toContain(`http://test/i/${token}?a=no`);
      // Kept only hashed; the job's copy erased once sent.
      const inv = await t.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
      expect(inv.reminder_token_hash).toBe(tokenHash(token));
      expect(JSON.stringify(await t.db.selectFrom('jobs').select('payload').execute())).not.toContain(token);
      // A second run keeps the link valid; both links answer the same invitation.
      await t.ctx.jobs.enqueue('evening-reminders', { eveningId: e.id });
      await t.jobs.runDue();
      expect((await t.db.selectFrom('invitations').select('reminder_token_hash').executeTakeFirstOrThrow()).reminder_token_hash).toBe(tokenHash(token));
      expect((await invitationView(t.ctx, token)).answer).toBe('yes');
      expect((await answerInvitation(t.ctx, token, { answer: 'no' })).answer).toBe('no');
      expect((await invitationView(t.ctx, tokens[anna]!)).answer).toBe('no');
    });
  });
}

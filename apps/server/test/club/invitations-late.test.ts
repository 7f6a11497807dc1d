import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/club/ports.js';
import { answerInvitation, invitationView, invite } from '../../src/club/services/invitations.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, HOUR, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

/**
 * Issue 24 point 5: the −10 of seed 003 is for a refusal later than a day before the evening. A
 * member who had the invitation only 20.5 hours before could not have refused earlier: his first
 * NO costs nothing. A YES he withdraws late still costs −10, and the entry gives the exact time.
 */
for (const make of TARGETS) {
  const target = make();
  describe(`a late invitation's NO on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    const ledger = async () => (await t.db.selectFrom('ledger').selectAll().execute()).map((l) => [l.user_id, l.rule, Number(l.points)]);

    it('an_invitation_sent_20_5_hours_before_answered_no_at_once_costs_nothing', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      t.clock = e.startsAt - 20.5 * HOUR;
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      const mail = t.outbox.sent.at(-1)!.text;
      expect(mail).toContain('Это приглашение пришло меньше чем за сутки до вечера: отказ ничего не стоит, а отказ после ответа ДА — минус 10 рейтинговых очков.');
      expect(mail).not.toContain('отказ позже чем за 1 день');
      const token = tokenIn(mail);
      expect((await invitationView(t.ctx, token)).invitedLate).toBe(true);
      expect(await answerInvitation(t.ctx, token, { answer: 'no' })).toEqual({ answer: 'no' });
      expect(await ledger()).toEqual([]);
    });

    it('a_yes_withdrawn_late_costs_ten_points_even_when_invited_late_with_hours_and_minutes', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      t.clock = e.startsAt - 20.5 * HOUR;
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      const token = tokenIn(t.outbox.sent.at(-1)!.text);
      await answerInvitation(t.ctx, token, { answer: 'yes' });
      t.clock = e.startsAt - (HOUR + 59 * 60_000);
      const r = await answerInvitation(t.ctx, token, { answer: 'no' });
      expect(r.penalty).toMatchObject({ userId: vera, rule: 'late-decline', points: -10, params: { hours: 1, minutes: 59, withdrawn: 1 } });
      expect(await ledger()).toEqual([[vera, 'late-decline', -10]]);
    });

    it('what_counts_is_when_the_letter_went_out_not_when_the_invitation_was_made', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      // Made 30 hours before, but the mail server refused it until 20 hours before.
      t.clock = e.startsAt - 30 * HOUR;
      t.outbox.fail = new DeliveryError('421 try again later', false);
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      expect(t.outbox.sent).toEqual([]);
      t.outbox.fail = null;
      t.clock = e.startsAt - 20 * HOUR;
      await t.jobs.runDue();
      const token = tokenIn(t.outbox.sent.at(-1)!.text);
      expect((await answerInvitation(t.ctx, token, { answer: 'no' })).penalty).toBeUndefined();
      expect(await ledger()).toEqual([]);
    });

    it('a_member_invited_a_day_ahead_still_pays_for_a_late_no', async () => {
      const { admin, club, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      await invite(t.ctx, admin, e.id, { userIds: [vera] });
      await t.jobs.runDue();
      expect(t.outbox.sent.at(-1)!.text).toContain('отказ позже чем за 1 день до вечера — минус 10 рейтинговых очков');
      const token = tokenIn(t.outbox.sent.at(-1)!.text);
      expect((await invitationView(t.ctx, token)).invitedLate).toBe(false);
      t.clock = e.startsAt - 20.5 * HOUR;
      const r = await answerInvitation(t.ctx, token, { answer: 'no' });
      expect(r.penalty).toMatchObject({ rule: 'late-decline', points: -10, params: { hours: 20, minutes: 30, withdrawn: 0 } });
    });
  });
}

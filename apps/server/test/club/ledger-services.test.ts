import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClub } from '../../src/club/services/clubs.js';
import { answerInvitation, invite } from '../../src/club/services/invitations.js';
import { cancelEntry, clubLedger } from '../../src/club/services/ledger.js';
import { listMembers, memberPage } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, HOUR, refusal, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

for (const make of TARGETS) {
  const target = make();
  describe(`the ledger on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    /** Anna declines two hours before: a −10 entry. */
    const lateDecline = async () => {
      const s = await seedClub(t);
      const e = await seedEvening(t, s.admin, s.club.id, 3);
      await invite(t.ctx, s.admin, e.id, { userIds: [s.anna] });
      await t.jobs.runDue();
      t.clock = e.startsAt - 2 * HOUR;
      const { penalty } = await answerInvitation(t.ctx, tokenIn(t.outbox.sent[0]!.text), { answer: 'no' });
      return { ...s, e, entry: penalty! };
    };

    it('an_admin_cancels_an_entry_with_a_note_the_ledger_keeps_both_and_the_points_come_back', async () => {
      const { admin, club, anna, entry } = await lateDecline();
      expect((await memberPage(t.ctx, admin, club.id, anna)).points).toBe(-10);
      t.clock += 1000;
      const { entry: cancelled } = await cancelEntry(t.ctx, admin, entry.id, { note: '  Предупредила заранее по телефону  ' });
      expect(cancelled).toMatchObject({ id: entry.id, points: -10, rule: 'late-decline', cancelledAt: t.clock, cancelledBy: admin, cancelNote: 'Предупредила заранее по телефону' });
      const { entries } = await clubLedger(t.ctx, anna, club.id);
      expect(entries).toEqual([cancelled]);
      expect((await memberPage(t.ctx, admin, club.id, anna)).points).toBe(0);
      expect((await listMembers(t.ctx, admin, club.id)).members.find((m) => m.userId === anna)!.points).toBe(0);
    });

    it('a_second_cancel_an_empty_note_a_member_and_an_unknown_entry_are_refused_changing_nothing', async () => {
      const { admin, anna, entry } = await lateDecline();
      const before = await counts(t.db);
      const empty = await refusal(cancelEntry(t.ctx, admin, entry.id, { note: '   ' }));
      expect([empty.code, empty.status, empty.extra.path]).toEqual(['bad-request', 400, 'note']);
      const long = await refusal(cancelEntry(t.ctx, admin, entry.id, { note: 'x'.repeat(501) }));
      expect([long.code, long.extra.path]).toEqual(['bad-request', 'note']);
      const member = await refusal(cancelEntry(t.ctx, anna, entry.id, { note: 'мне так хочется' }));
      expect([member.code, member.status]).toEqual(['forbidden', 403]);
      const unknown = await refusal(cancelEntry(t.ctx, admin, 'nope', { note: 'x' }));
      expect([unknown.code, unknown.status]).toEqual(['entry-unknown', 404]);
      const row = () => t.db.selectFrom('ledger').selectAll().where('id', '=', entry.id).executeTakeFirstOrThrow();
      expect((await row()).cancelled_at).toBeNull();
      await cancelEntry(t.ctx, admin, entry.id, { note: 'первая отмена' });
      const once = await row();
      const again = await refusal(cancelEntry(t.ctx, admin, entry.id, { note: 'вторая' }));
      expect([again.code, again.status]).toEqual(['already-cancelled', 409]);
      expect(await row()).toEqual(once);
      expect(await counts(t.db)).toEqual(before);
    });

    it('an_admin_of_another_club_cannot_cancel', async () => {
      const { entry } = await lateDecline();
      const other = await t.user('other@example.com');
      await createClub(t.ctx, other, { name: 'Другой', nickname: 'Он' });
      expect((await refusal(cancelEntry(t.ctx, other, entry.id, { note: 'x' }))).code).toBe('not-a-member');
    });
  });
}

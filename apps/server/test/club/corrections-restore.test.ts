import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/club/corrections/audit.js';
import { cancelEvening } from '../../src/club/corrections/evenings.js';
import { archiveMember } from '../../src/club/corrections/members.js';
import { restoreEvening } from '../../src/club/corrections/restore.js';
import { answerInvitation, invite, invitationView } from '../../src/club/services/invitations.js';
import { clubLedger } from '../../src/club/services/ledger.js';
import { memberPage } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, HOUR, refusal, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

// Issue 24 point 3: a cancelled evening restored by an admin, with a reason, on the record.

for (const make of TARGETS) {
  const target = make();
  describe(`restoring a cancelled evening on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    /** The answer tokens of the invitation letters sent since the last call, by address. */
    async function letters() {
      await t.jobs.runDue();
      const sent = t.outbox.sent.filter((m) => /\/i\/[A-Za-z0-9_-]+/.test(m.text));
      const tokens = new Map(sent.map((m) => [m.to, tokenIn(m.text)]));
      t.outbox.sent.length = 0;
      return tokens;
    }

    it('the_invitations_go_out_again_with_the_answers_reset_no_penalty_comes_back_and_the_log_has_it', async () => {
      const { admin, club, anna, boris, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      await invite(t.ctx, admin, e.id, {});
      const first = await letters();
      await answerInvitation(t.ctx, first.get('anna@example.com')!, { answer: 'yes' });
      await answerInvitation(t.ctx, first.get('vera@example.com')!, { answer: 'yes' });
      t.clock = e.startsAt - 30 * HOUR;
      await cancelEvening(t.ctx, admin, e.id, { reason: 'зал закрыт' });
      await archiveMember(t.ctx, admin, club.id, vera, { reason: 'уехала' });
      await t.jobs.runDue();
      t.outbox.sent.length = 0;

      // Refusals change nothing: a plain member, no reason.
      const before = await counts(t.db);
      expect((await refusal(restoreEvening(t.ctx, anna, e.id, { reason: 'x' }))).code).toBe('forbidden');
      const noReason = await refusal(restoreEvening(t.ctx, admin, e.id, {}));
      expect([noReason.code, noReason.extra.path]).toEqual(['bad-request', 'reason']);
      expect(await counts(t.db)).toEqual(before);

      t.clock = e.startsAt - 20 * HOUR;
      const { evening, invited } = await restoreEvening(t.ctx, admin, e.id, { reason: 'зал нашёлся' });
      expect(evening.cancelledAt).toBeNull();
      expect(invited).toBe(3);
      // Everyone who had the invitation gets it again (the archived member does not); the old links are withdrawn.
      const again = await letters();
      expect([...again.keys()].sort()).toEqual(['anna@example.com', 'boris@example.com', 'boss@example.com']);
      expect((await refusal(invitationView(t.ctx, first.get('anna@example.com')!))).code).toBe('invitation-unknown');
      const view = await invitationView(t.ctx, again.get('anna@example.com')!);
      expect([view.answer, view.open, view.cancelled, view.invitedLate]).toEqual([null, true, false, true]);
      // Anna's YES was reset; she had the invitation again less than a day before: her first NO costs nothing.
      const no = await answerInvitation(t.ctx, again.get('anna@example.com')!, { answer: 'no' });
      expect(no.penalty).toBeUndefined();
      await answerInvitation(t.ctx, again.get('boris@example.com')!, { answer: 'yes' });
      const page = await memberPage(t.ctx, admin, club.id, anna);
      expect(page.points).toBe(0);
      const invs = await t.db.selectFrom('invitations').select(['user_id', 'answer']).where('evening_id', '=', e.id).execute();
      expect(Object.fromEntries(invs.map((i) => [i.user_id, i.answer]))).toEqual({ [admin]: null, [anna]: 'no', [boris]: 'yes' });
      expect((await clubLedger(t.ctx, admin, club.id)).entries).toEqual([]);
      // The deadline job waits for the answer deadline again.
      const deadline = await t.db.selectFrom('jobs').select(['run_at', 'state']).where('dedupe_key', '=', `deadline:${e.id}`).execute();
      expect(deadline.map((j) => [Number(j.run_at), j.state])).toEqual([[e.answerBy, 'pending']]);
      const log = (await auditLog(t.ctx, admin, club.id, {})).entries;
      const restored = log.find((x) => x.action === 'evening-restored')!;
      expect([restored.reason, restored.actor.userId, restored.target]).toEqual(['зал нашёлся', admin, { kind: 'evening', id: e.id }]);
      expect(restored.details).toMatchObject({ invited: 3, withdrawn: 1, answersReset: 1 });
      // Restored once: a second restore is refused.
      expect((await refusal(restoreEvening(t.ctx, admin, e.id, { reason: 'ещё раз' }))).code).toBe('evening-not-cancelled');
    });

    it('a_late_nos_penalty_cancelled_with_the_evening_stays_cancelled_and_a_started_evening_is_not_restored', async () => {
      const { admin, club, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      await invite(t.ctx, admin, e.id, {});
      const first = await letters();
      t.clock = e.startsAt - 2 * HOUR;
      expect((await answerInvitation(t.ctx, first.get('boris@example.com')!, { answer: 'no' })).penalty?.points).toBe(-10);
      await cancelEvening(t.ctx, admin, e.id, { reason: 'зал закрыт' });
      await restoreEvening(t.ctx, admin, e.id, { reason: 'открыли' });
      const ledger = (await clubLedger(t.ctx, admin, club.id)).entries;
      expect(ledger.map((l) => [l.userId, l.points, l.cancelNote])).toEqual([[boris, -10, 'evening cancelled: зал закрыт']]);
      expect(ledger[0]!.cancelledAt).not.toBeNull();
      expect((await memberPage(t.ctx, admin, club.id, boris)).points).toBe(0);
      await cancelEvening(t.ctx, admin, e.id, { reason: 'снова закрыт' });
      t.clock = e.startsAt + 1;
      const before = await counts(t.db);
      const late = await refusal(restoreEvening(t.ctx, admin, e.id, { reason: 'поздно' }));
      expect([late.code, late.status]).toEqual(['restore-started', 409]);
      expect(await counts(t.db)).toEqual(before);
    });
  });
}

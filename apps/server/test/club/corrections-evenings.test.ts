import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/club/corrections/audit.js';
import { cancelEvening, editEvening } from '../../src/club/corrections/evenings.js';
import { archiveMember, unarchiveMember } from '../../src/club/corrections/members.js';
import { leaderboard } from '../../src/club/ratings/leaderboard.js';
import { eveningPage } from '../../src/club/services/evenings.js';
import { answerInvitation, invite } from '../../src/club/services/invitations.js';
import { clubLedger } from '../../src/club/services/ledger.js';
import { listMembers, memberPage } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, DAY, HOUR, refusal, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

for (const make of TARGETS) {
  const target = make();
  describe(`corrections of evenings and members on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    /** Everyone invited; the mail delivered; each member's answer token by address. */
    async function invited(admin: string, eveningId: string) {
      await invite(t.ctx, admin, eveningId, {});
      await t.jobs.runDue();
      const tokens = new Map(t.outbox.sent.map((m) => [m.to, tokenIn(m.text)]));
      t.outbox.sent.length = 0;
      return (email: string) => tokens.get(email)!;
    }

    it('an_admin_moves_an_evening_with_a_reason_its_jobs_follow_the_invited_are_told_and_the_audit_log_has_it', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const token = await invited(admin, e.id);
      await answerInvitation(t.ctx, token('boris@example.com'), { answer: 'no' });
      const startsAt = e.startsAt + DAY;
      const { evening } = await editEvening(t.ctx, admin, e.id, { startsAt, place: 'Кафе «Солнце»', reason: 'зал занят в этот день' });
      expect(evening).toMatchObject({ startsAt, answerBy: startsAt, place: 'Кафе «Солнце»', cancelledAt: null });
      const jobs = await t.db.selectFrom('jobs').select(['run_at', 'dedupe_key', 'state']).where('dedupe_key', 'in', [`deadline:${e.id}`, `reminders:${e.id}`]).execute();
      expect(Object.fromEntries(jobs.map((j) => [j.dedupe_key, Number(j.run_at)]))).toEqual({ [`deadline:${e.id}`]: startsAt, [`reminders:${e.id}`]: startsAt - DAY });
      await t.jobs.runDue();
      // Анна, Вера and the admin (no answer) are told; Борис said NO and is not.
      expect(t.outbox.sent.map((m) => m.to).sort()).toEqual(['anna@example.com', 'boss@example.com', 'vera@example.com']);
      expect(t.outbox.sent[0]!.subject).toContain('изменён');
      expect(t.outbox.sent[0]!.text).toContain('Кафе «Солнце»');
      const { entries } = await auditLog(t.ctx, admin, club.id, {});
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'evening-edited', actor: { userId: admin, nickname: 'Ведущий' }, target: { kind: 'evening', id: e.id }, reason: 'зал занят в этот день', at: t.clock,
        details: { 'startsAt.from': e.startsAt, 'startsAt.to': startsAt, 'answerBy.from': e.startsAt, 'answerBy.to': startsAt, 'place.from': 'Кафе «Луна», Тверская 1', 'place.to': 'Кафе «Солнце»' },
      });
      // Only admins read the log.
      expect((await refusal(auditLog(t.ctx, anna, club.id, {}))).code).toBe('forbidden');
      void boris;
    });

    it('bad_edits_are_refused_with_their_field_and_change_nothing', async () => {
      const { admin, club, anna } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3, { capacity: 5 });
      const token = await invited(admin, e.id);
      await answerInvitation(t.ctx, token('anna@example.com'), { answer: 'yes' });
      await answerInvitation(t.ctx, token('boris@example.com'), { answer: 'yes' });
      const before = await counts(t.db);
      const cases: [Record<string, unknown>, string, string | undefined][] = [
        [{ place: 'Зал' }, 'bad-request', 'reason'],
        [{ place: 'Зал', reason: '   ' }, 'bad-request', 'reason'],
        [{ capacity: 1, reason: 'меньше мест' }, 'capacity-below-yes', 'capacity'],
        [{ startsAt: t.clock - HOUR, reason: 'x' }, 'starts-in-past', 'startsAt'],
        [{ answerBy: e.startsAt + HOUR, reason: 'x' }, 'bad-answer-by', 'answerBy'],
        [{ weight: -1, reason: 'x' }, 'negative-weight', 'weight'],
        [{ place: 'Кафе «Луна», Тверская 1', reason: 'x' }, 'nothing-changed', undefined],
        [{ colour: 'red', reason: 'x' }, 'bad-request', undefined],
      ];
      for (const [body, code, path] of cases) {
        const err = await refusal(editEvening(t.ctx, admin, e.id, body));
        expect([err.code, err.extra.path], JSON.stringify(body)).toEqual([code, path]);
      }
      expect((await refusal(editEvening(t.ctx, admin, e.id, { capacity: 1, reason: 'x' }))).extra.params).toEqual({ yes: 2 });
      expect((await refusal(editEvening(t.ctx, anna, e.id, { place: 'Зал', reason: 'x' }))).code).toBe('forbidden');
      // Once it has started its time is what it was.
      t.clock = e.startsAt + 1;
      expect((await refusal(editEvening(t.ctx, admin, e.id, { startsAt: e.startsAt + DAY, reason: 'x' }))).code).toBe('evening-started');
      expect(await counts(t.db)).toEqual(before);
      expect(await t.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    });

    it('a_cancelled_evening_withdraws_its_invitations_by_mail_and_its_penalties_and_takes_no_answer', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const token = await invited(admin, e.id);
      await answerInvitation(t.ctx, token('anna@example.com'), { answer: 'yes' });
      t.clock = e.startsAt - 2 * HOUR;
      // A late NO: −10 (seed 003)…
      const late = await answerInvitation(t.ctx, token('boris@example.com'), { answer: 'no' });
      expect(late.penalty?.points).toBe(-10);
      const { evening } = await cancelEvening(t.ctx, admin, e.id, { reason: 'ведущий заболел' });
      expect(evening.cancelledAt).toBe(t.clock);
      await t.jobs.runDue();
      // …is cancelled with the evening, kept in the ledger with the reason.
      const ledger = (await clubLedger(t.ctx, admin, club.id)).entries;
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ userId: boris, points: -10, cancelledAt: t.clock, cancelledBy: admin, cancelNote: 'evening cancelled: ведущий заболел' });
      expect((await memberPage(t.ctx, admin, club.id, boris)).points).toBe(0);
      // The letters: everyone invited who did not say NO, with the reason.
      const letters = t.outbox.sent.filter((m) => m.subject.includes('отменён'));
      expect(letters.map((m) => m.to).sort()).toEqual(['anna@example.com', 'boss@example.com', 'vera@example.com']);
      expect(letters[0]!.text).toContain('Причина: ведущий заболел');
      expect(letters[0]!.text).toContain('штрафов за этот вечер не будет');
      expect((await refusal(answerInvitation(t.ctx, token('anna@example.com'), { answer: 'no' }))).code).toBe('evening-cancelled');
      expect((await refusal(cancelEvening(t.ctx, admin, e.id, { reason: 'ещё раз' }))).code).toBe('evening-cancelled');
      expect((await refusal(editEvening(t.ctx, admin, e.id, { place: 'Зал', reason: 'x' }))).code).toBe('evening-cancelled');
      const log = (await auditLog(t.ctx, admin, club.id, {})).entries;
      expect(log.map((x) => [x.action, x.reason, x.details.penaltiesCancelled])).toEqual([['evening-cancelled', 'ведущий заболел', 1]]);
      void anna;
    });

    it('an_archived_member_is_off_the_lists_and_the_invitations_keeps_his_history_and_comes_back', async () => {
      const { admin, club, anna, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 3);
      const token = await invited(admin, e.id);
      t.clock = e.startsAt - 2 * HOUR;
      await answerInvitation(t.ctx, token('vera@example.com'), { answer: 'no' });
      const next = await seedEvening(t, admin, club.id, 2);
      await invite(t.ctx, admin, next.id, { userIds: [vera, anna] });
      expect((await refusal(archiveMember(t.ctx, admin, club.id, vera, {}))).extra.path).toBe('reason');
      const r = await archiveMember(t.ctx, admin, club.id, vera, { reason: 'запись по ошибке' });
      // Her unanswered invitation to the next evening is withdrawn; her NO to the first stays.
      expect(r).toEqual({ archived: true, withdrawn: 1 });
      expect((await eveningPage(t.ctx, admin, next.id)).invitations.map((i) => i.nickname)).toEqual(['Анна']);
      expect((await eveningPage(t.ctx, admin, e.id)).invitations.map((i) => i.nickname)).toContain('Вера');
      expect((await listMembers(t.ctx, admin, club.id)).members.map((m) => m.nickname)).not.toContain('Вера');
      const all = (await listMembers(t.ctx, admin, club.id, { archived: '1' })).members;
      expect(all.find((m) => m.userId === vera)).toMatchObject({ nickname: 'Вера', archivedAt: t.clock });
      expect((await listMembers(t.ctx, admin, club.id, { archived: 'only' })).members.map((m) => m.nickname)).toEqual(['Вера']);
      expect((await leaderboard(t.ctx, admin, club.id, {})).rows.map((x) => x.nickname)).not.toContain('Вера');
      // Her ledger stays.
      expect((await memberPage(t.ctx, admin, club.id, vera)).ledger.map((l) => l.points)).toEqual([-10]);
      // Not invited by default, refused by name.
      const third = await seedEvening(t, admin, club.id, 4);
      await invite(t.ctx, admin, third.id, {});
      expect((await eveningPage(t.ctx, admin, third.id)).invitations.map((i) => i.nickname)).not.toContain('Вера');
      const named = await refusal(invite(t.ctx, admin, third.id, { userIds: [vera] }));
      expect([named.code, named.extra.path, named.extra.params]).toEqual(['member-archived', 'userIds[0]', { nickname: 'Вера' }]);
      expect((await refusal(archiveMember(t.ctx, admin, club.id, vera, { reason: 'x' }))).code).toBe('member-archived');
      expect((await refusal(archiveMember(t.ctx, admin, club.id, admin, { reason: 'x' }))).code).toBe('member-is-admin');
      expect((await refusal(archiveMember(t.ctx, anna, club.id, vera, { reason: 'x' }))).code).toBe('forbidden');
      t.clock += 60_000;
      await unarchiveMember(t.ctx, admin, club.id, vera, { reason: 'вернулась' });
      expect((await listMembers(t.ctx, admin, club.id)).members.map((m) => m.nickname)).toContain('Вера');
      expect((await leaderboard(t.ctx, admin, club.id, {})).rows.map((x) => x.nickname)).toContain('Вера');
      expect((await refusal(unarchiveMember(t.ctx, admin, club.id, vera, { reason: 'x' }))).code).toBe('member-not-archived');
      expect((await auditLog(t.ctx, admin, club.id, {})).entries.map((x) => [x.action, x.reason])).toEqual([
        ['member-unarchived', 'вернулась'], ['member-archived', 'запись по ошибке'],
      ]);
    });
  });
}

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvening, eveningPage, listEvenings, runDeadline } from '../../src/club/services/evenings.js';
import { answerInvitation, invite } from '../../src/club/services/invitations.js';
import { listMembers, updateMember } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, DAY, HOUR, refusal, tokenIn, type TestClub } from './clubs-context.js';
import { seedClub, seedEvening } from './clubs-fixture.js';

for (const make of TARGETS) {
  const target = make();
  describe(`evenings on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    const good = (t: TestClub) => ({ startsAt: t.clock + 3 * DAY, place: 'Кафе', capacity: 20, weight: 1.5, preset: 'club', gamesPlanned: 3 });

    it('an_evening_is_created_with_its_deadline_and_reminder_jobs_and_shows_in_the_calendar', async () => {
      const { admin, club, anna } = await seedClub(t);
      const { evening } = await createEvening(t.ctx, admin, club.id, good(t));
      expect(evening).toMatchObject({ clubId: club.id, answerBy: evening.startsAt, capacity: 20, weight: 1.5, preset: 'club', gamesPlanned: 3, counts: { invited: 0, yes: 0, no: 0, none: 0 }, cancelledAt: null });
      // The members' invitations to join have expiry jobs of their own: this test is about the evening's.
      const jobs = await t.db.selectFrom('jobs').select(['kind', 'run_at', 'dedupe_key']).where('kind', 'like', 'evening-%').orderBy('run_at').execute();
      expect(jobs.map((j) => [j.kind, Number(j.run_at), j.dedupe_key])).toEqual([
        ['evening-reminders', evening.startsAt - DAY, `reminders:${evening.id}`],
        ['evening-deadline', evening.startsAt, `deadline:${evening.id}`],
      ]);
      const cal = await listEvenings(t.ctx, anna, club.id, { from: String(t.clock), to: String(t.clock + 4 * DAY) });
      expect(cal.evenings.map((e) => e.id)).toEqual([evening.id]);
      expect((await listEvenings(t.ctx, anna, club.id, { from: String(t.clock + 4 * DAY) })).evenings).toEqual([]);
    });

    it('an_evening_less_than_a_day_away_gets_no_reminder_job', async () => {
      const { admin, club } = await seedClub(t);
      await createEvening(t.ctx, admin, club.id, { ...good(t), startsAt: t.clock + 5 * HOUR });
      expect((await t.db.selectFrom('jobs').select('kind').where('kind', 'like', 'evening-%').execute()).map((j) => j.kind)).toEqual(['evening-deadline']);
    });

    it('bad_evenings_are_refused_with_their_field_and_change_nothing', async () => {
      const { admin, club, anna } = await seedClub(t);
      const before = await counts(t.db);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ startsAt: t.clock - 1 }, 'starts-in-past', 'startsAt'],
        [{ answerBy: t.clock - 1 }, 'bad-answer-by', 'answerBy'],
        [{ answerBy: t.clock + 4 * DAY }, 'bad-answer-by', 'answerBy'],
        [{ capacity: 0 }, 'bad-request', 'capacity'],
        [{ capacity: 501 }, 'bad-request', 'capacity'],
        [{ weight: -0.5 }, 'negative-weight', 'weight'],
        [{ weight: 'heavy' }, 'bad-request', 'weight'],
        [{ preset: 'chess' }, 'unknown-preset', 'preset'],
        [{ gamesPlanned: 0 }, 'bad-request', 'gamesPlanned'],
        [{ gamesPlanned: 51 }, 'bad-request', 'gamesPlanned'],
        [{ place: '  ' }, 'bad-request', 'place'],
      ];
      for (const [change, code, path] of cases) {
        const err = await refusal(createEvening(t.ctx, admin, club.id, { ...good(t), ...change }));
        expect([err.code, err.status, err.extra.path], JSON.stringify(change)).toEqual([code, 400, path]);
      }
      const neg = await refusal(createEvening(t.ctx, admin, club.id, { ...good(t), weight: -2 }));
      expect(neg.message).toContain('-2');
      expect((await refusal(createEvening(t.ctx, admin, club.id, { ...good(t), preset: 'chess' }))).message).toContain('chess');
      const member = await refusal(createEvening(t.ctx, anna, club.id, good(t)));
      expect([member.code, member.status]).toEqual(['forbidden', 403]);
      expect(await counts(t.db)).toEqual(before);
    });

    it('three_evenings_unanswered_in_a_row_take_a_member_off_the_list_and_an_admin_restores_him', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const unansweredEvening = async (annaAnswers: boolean) => {
        const e = await seedEvening(t, admin, club.id, 2);
        await invite(t.ctx, admin, e.id, {});
        await t.jobs.runDue();
        if (annaAnswers) {
          const mail = t.outbox.sent.filter((m) => m.to === 'anna@example.com').at(-1)!;
          await answerInvitation(t.ctx, tokenIn(mail.text), { answer: 'yes' });
        }
        t.clock = e.startsAt + 1;
        await t.jobs.runDue();
        return e;
      };
      const streak = async (id: string) => (await listMembers(t.ctx, admin, club.id)).members.find((m) => m.userId === id)!;
      await unansweredEvening(false);
      await unansweredEvening(false);
      expect(await streak(anna)).toMatchObject({ onList: true, unansweredStreak: 2 });
      // An answer in between ends the run.
      await unansweredEvening(true);
      expect(await streak(anna)).toMatchObject({ onList: true, unansweredStreak: 0, invitations: { sent: 3, yes: 1, no: 0, unanswered: 2 } });
      await unansweredEvening(false);
      await unansweredEvening(false);
      const e = await unansweredEvening(false);
      expect(await streak(anna)).toMatchObject({ onList: false, unansweredStreak: 3, offListAt: e.startsAt + 1 });
      // Boris never answered: off after the third evening, so not invited to the next three.
      expect(await streak(boris)).toMatchObject({ onList: false, unansweredStreak: 3, invitations: { sent: 3, yes: 0, no: 0, unanswered: 3 } });
      // Off the list: not invited by default any more, and refused by name.
      const next = await seedEvening(t, admin, club.id, 2);
      const before = await counts(t.db);
      const off = await refusal(invite(t.ctx, admin, next.id, { userIds: [anna] }));
      expect([off.code, off.extra.path, off.extra.params]).toEqual(['off-the-list', 'userIds[0]', { nickname: 'Анна' }]);
      expect(off.message).toContain('Анна');
      expect(await counts(t.db)).toEqual(before);
      await updateMember(t.ctx, admin, club.id, anna, { restore: true });
      expect(await streak(anna)).toMatchObject({ onList: true, unansweredStreak: 0 });
      expect((await streak(anna)).offListAt).toBeUndefined();
      await invite(t.ctx, admin, next.id, {});
      const page = await eveningPage(t.ctx, admin, next.id);
      // Only Anna (restored): everyone else never answered and is off the list.
      expect(page.invitations.map((i) => i.nickname)).toEqual(['Анна']);
    });

    it('an_answer_to_a_later_evening_ends_the_run_of_earlier_invitations_closing_after_it', async () => {
      const { admin, club, anna, boris } = await seedClub(t);
      const evenings = [];
      for (const days of [2, 3, 4]) {
        const e = await seedEvening(t, admin, club.id, days);
        await invite(t.ctx, admin, e.id, {});
        evenings.push(e);
      }
      await t.jobs.runDue();
      // Anna answers the latest evening first; the two earlier invitations then close unanswered.
      const latest = t.outbox.sent.filter((m) => m.to === 'anna@example.com').at(-1)!;
      await answerInvitation(t.ctx, tokenIn(latest.text), { answer: 'yes' });
      const member = async (id: string) => (await listMembers(t.ctx, admin, club.id)).members.find((m) => m.userId === id)!;
      t.clock = evenings[2]!.startsAt + 1;
      await t.jobs.runDue();
      expect(await member(anna)).toMatchObject({ onList: true, unansweredStreak: 0 });
      expect(await member(boris)).toMatchObject({ onList: false, unansweredStreak: 3 });
      // Put back on the list, Boris starts from nothing: the invitations closed before do not count.
      await updateMember(t.ctx, admin, club.id, boris, { restore: true });
      const next = await seedEvening(t, admin, club.id, 2);
      await invite(t.ctx, admin, next.id, { userIds: [boris] });
      t.clock = next.startsAt + 1;
      await t.jobs.runDue();
      expect(await member(boris)).toMatchObject({ onList: true, unansweredStreak: 1 });
    });

    it('the_deadline_runs_once_a_second_run_changes_nothing', async () => {
      const { admin, club, anna } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 2);
      await invite(t.ctx, admin, e.id, { userIds: [anna] });
      t.clock = e.startsAt;
      await runDeadline(t.ctx, e.id);
      const once = await t.db.selectFrom('memberships').select(['user_id', 'unanswered_streak']).orderBy('user_id').execute();
      await runDeadline(t.ctx, e.id);
      expect(await t.db.selectFrom('memberships').select(['user_id', 'unanswered_streak']).orderBy('user_id').execute()).toEqual(once);
      expect(once.find((m) => m.user_id === anna)!.unanswered_streak).toBe(1);
      const row = await t.db.selectFrom('evenings').select('closed_at').where('id', '=', e.id).executeTakeFirstOrThrow();
      expect(Number(row.closed_at)).toBe(e.startsAt);
    });

    it('a_cancelled_evening_counts_nobody_unanswered', async () => {
      const { admin, club, anna } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 2);
      await invite(t.ctx, admin, e.id, { userIds: [anna] });
      await t.db.updateTable('evenings').set({ cancelled_at: t.clock }).where('id', '=', e.id).execute();
      t.clock = e.startsAt;
      await t.jobs.runDue();
      const m = await t.db.selectFrom('memberships').select('unanswered_streak').where('user_id', '=', anna).executeTakeFirstOrThrow();
      expect(m.unanswered_streak).toBe(0);
    });

    it('the_evening_page_shows_answers_to_members_and_delivery_errors_to_admins_only', async () => {
      const { admin, club, anna, vera } = await seedClub(t);
      const e = await seedEvening(t, admin, club.id, 2);
      await invite(t.ctx, admin, e.id, { userIds: [anna, vera] });
      await t.db.updateTable('invitations').set({ delivery_error: 'e-mail to vera@example.com could not be delivered: 550 no such user' }).where('user_id', '=', vera).execute();
      const forVera = await eveningPage(t.ctx, vera, e.id);
      // The error's own words (an id may contain «550» by chance).
      expect(JSON.stringify(forVera)).not.toContain('550 no such user');
      expect(forVera.me).toEqual({ role: 'member', answer: null });
      expect(forVera).toMatchObject({ attendance: [], tables: [], games: [], ledger: [] });
      const forAdmin = await eveningPage(t.ctx, admin, e.id);
      expect(forAdmin.invitations.find((i) => i.userId === vera)!.deliveryError?.detail).toContain('550 no such user');
      expect(forAdmin.evening.counts).toEqual({ invited: 2, yes: 0, no: 0, none: 2 });
      const unknown = await refusal(eveningPage(t.ctx, admin, 'nope'));
      expect([unknown.code, unknown.status]).toEqual(['evening-unknown', 404]);
      const stranger = await t.user('x@example.com');
      expect((await refusal(eveningPage(t.ctx, stranger, e.id))).code).toBe('not-a-member');
    });
  });
}

import { createClub } from '../../src/club/services/clubs.js';
import { createEvening } from '../../src/club/services/evenings.js';
import { acceptJoin, JOIN_JOB } from '../../src/club/services/joinInvites.js';
import { addMember } from '../../src/club/services/members.js';
import { DAY, joinTokenFor, type TestClub } from './clubs-context.js';

/** A club with an admin (Ведущий) and three members; Анна shares her e-mail only. */
export async function seedClub(t: TestClub) {
  const admin = await t.user('boss@example.com', { name: 'Борис Главный', phone: '+7 900 000-00-01' });
  const { club } = await createClub(t.ctx, admin, { name: 'Клуб Полночь', nickname: 'Ведущий' });
  return { admin, club, ...(await seedMembers(t, admin, club.id)) };
}

/**
 * Adds a person by e-mail and has her accept the invitation from her mail; then she fills in her
 * name and phone on her account page (written to her row here).
 */
export async function addJoined(t: TestClub, admin: string, clubId: string, email: string, nickname: string, more: { name?: string; phone?: string } = {}): Promise<string> {
  await addMember(t.ctx, admin, clubId, { email, nickname });
  await t.jobs.runDue();
  const { userId } = await acceptJoin(t.ctx, joinTokenFor(t, email));
  if (more.name !== undefined || more.phone !== undefined) await t.db.updateTable('users').set({ name: more.name ?? null, phone: more.phone ?? null }).where('id', '=', userId).execute();
  return userId;
}

async function seedMembers(t: TestClub, admin: string, clubId: string) {
  const add = (email: string, nickname: string, more: { name?: string; phone?: string } = {}) => addJoined(t, admin, clubId, email, nickname, more);
  const anna = await add('anna@example.com', 'Анна', { name: 'Анна Петрова', phone: '+7 900 111-11-11' });
  const boris = await add('boris@example.com', 'Борис', { name: 'Борис Иванов', phone: '+7 900 222-22-22' });
  const vera = await add('vera@example.com', 'Вера');
  await t.db.updateTable('memberships').set({ share_email: 1 }).where('user_id', '=', anna).execute();
  // The tests count the letters that come after: the invitations to join are not theirs.
  t.outbox.sent.length = 0;
  await t.db.deleteFrom('jobs').where('kind', '=', JOIN_JOB).execute();
  return { anna, boris, vera };
}

/** An evening `daysAhead` days from the clock, its answers open until its start. */
export async function seedEvening(t: TestClub, admin: string, clubId: string, daysAhead = 3, more: Record<string, unknown> = {}) {
  return (await createEvening(t.ctx, admin, clubId, {
    startsAt: t.clock + daysAhead * DAY, place: 'Кафе «Луна», Тверская 1', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, ...more,
  })).evening;
}

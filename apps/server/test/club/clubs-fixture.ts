import { createClub } from '../../src/club/services/clubs.js';
import { createEvening } from '../../src/club/services/evenings.js';
import { addMember } from '../../src/club/services/members.js';
import { DAY, type TestClub } from './clubs-context.js';

/** A club with an admin (Ведущий) and three members; Анна shares her e-mail only. */
export async function seedClub(t: TestClub) {
  const admin = await t.user('boss@example.com', { name: 'Борис Главный', phone: '+7 900 000-00-01' });
  const { club } = await createClub(t.ctx, admin, { name: 'Клуб Полночь', nickname: 'Ведущий' });
  const add = async (email: string, nickname: string, more: { name?: string; phone?: string } = {}) =>
    (await addMember(t.ctx, admin, club.id, { email, nickname, ...more })).member.userId;
  const anna = await add('anna@example.com', 'Анна', { name: 'Анна Петрова', phone: '+7 900 111-11-11' });
  const boris = await add('boris@example.com', 'Борис', { name: 'Борис Иванов', phone: '+7 900 222-22-22' });
  const vera = await add('vera@example.com', 'Вера');
  await t.db.updateTable('memberships').set({ share_email: 1 }).where('user_id', '=', anna).execute();
  return { admin, club, anna, boris, vera };
}

/** An evening `daysAhead` days from the clock, its answers open until its start. */
export async function seedEvening(t: TestClub, admin: string, clubId: string, daysAhead = 3, more: Record<string, unknown> = {}) {
  return (await createEvening(t.ctx, admin, clubId, {
    startsAt: t.clock + daysAhead * DAY, place: 'Кафе «Луна», Тверская 1', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, ...more,
  })).evening;
}

import { afterAll, describe, expect, it } from 'vitest';
import { importProtocol } from '../../src/club/services/door.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, startClub, type ClubHarness } from './clubServer.js';
import { protocol, TEN, world } from './ratings-world.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const VOID_REASON = 'записали дважды';

interface Row { id: string; tableNo: number | null; gameNo: number | null; winner: string; voided: boolean }
interface PublicPage { evenings: { startsAt: number; place: string; games: Row[] }[] }
interface PublicGame {
  club: { name: string };
  game: Record<string, unknown> & { id: string; winner: string; voided: boolean };
  seats: (Record<string, unknown> & { seat: number; nickname: string; guest: boolean })[];
  timeline: Record<string, unknown>[];
}

/**
 * The ratings world's club (two paper games), a third game with a guest on seat 10 («Петя»), the
 * first voided with a reason; Аня shows the members her real name and phone. The page is off.
 */
async function publishedWorld(h: ClubHarness) {
  const w = await world(h);
  const { game: guestGame } = await importProtocol(h.club.context, w.admin.user!.id, w.eveningId, {
    protocol: protocol('classic-town-wins', [...TEN.slice(0, 9), 'Петя']), guests: [10],
  });
  const before = (await w.admin.get(`/api/evenings/${w.eveningId}`)).json() as { games: { id: string; winner: string }[] };
  const voided = before.games.find((g) => g.id !== guestGame.id && g.winner === 'town')!.id;
  expect((await w.admin.post(`/api/clubs/${w.clubId}/games/${voided}/void`, { reason: VOID_REASON })).statusCode).toBe(200);
  // The games as the members' evening page lists them, in its order.
  const listed = ((await w.admin.get(`/api/evenings/${w.eveningId}`)).json() as { games: { id: string; winner: string; voided: unknown }[] }).games;
  await w.db.updateTable('users').set({ name: 'Анна Иванова', phone: '+79990001122' }).where('id', '=', w.ids['Аня']!).execute();
  await w.db.updateTable('memberships').set({ share_name: 1, share_phone: 1, share_email: 1 }).where('user_id', '=', w.ids['Аня']!).execute();
  const emails = (await w.db.selectFrom('users').select('email').execute()).map((u) => u.email);
  return { ...w, gameIds: listed.map((g) => g.id), listed, voided, guestGame: guestGame.id, emails };
}

/** Nothing private in a public answer: no e-mail, user id, real name, phone, void reason, room code or key. */
function expectNothingPrivate(body: string, w: Awaited<ReturnType<typeof publishedWorld>>): void {
  expect(w.emails.length).toBeGreaterThan(10);
  for (const e of w.emails) expect(body).not.toContain(e);
  for (const id of [...Object.values(w.ids), w.admin.user!.id, w.member.user!.id]) expect(body).not.toContain(id);
  expect(body).not.toContain('Анна Иванова');
  expect(body).not.toContain(VOID_REASON);
  expect(body).not.toMatch(/@|\+7|userId|roomCode|hostKey|seatCode|reason|invitation|ledger/i);
}

/** Issue 24 point 6: the public page's games, and one game in words, without sign-in. */
describe.each(TARGETS.map((make) => [make().name, make] as const))('the public page\'s games over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('lists_each_evenings_ended_games_with_winners_and_the_voided_one_marked', async () => {
    const h = await startClub(target);
    try {
      const w = await publishedWorld(h);
      await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: true });
      const r = await anonymous(h).get(`/api/public/clubs/${w.clubId}`);
      expect(r.statusCode).toBe(200);
      const page = r.json() as PublicPage;
      expect(page.evenings).toHaveLength(1);
      // The members' evening page's games, in its order, the voided one marked.
      expect(page.evenings[0]!.games).toEqual(w.listed.map((g) => ({ id: g.id, tableNo: null, gameNo: null, winner: g.winner, voided: g.voided !== null })));
      expect(page.evenings[0]!.games.map((g) => g.winner).sort()).toEqual(['mafia', 'town', 'town']);
      expect(page.evenings[0]!.games.filter((g) => g.voided).map((g) => g.id)).toEqual([w.voided]);
      expectNothingPrivate(r.body, w);
    } finally {
      await h.close();
    }
  });

  it('tells_a_game_in_words_as_the_members_page_does_with_the_guest_by_his_name', async () => {
    const h = await startClub(target);
    try {
      const w = await publishedWorld(h);
      await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: true });
      const guest = anonymous(h);
      for (const id of w.gameIds) {
        const r = await guest.get(`/api/public/clubs/${w.clubId}/games/${encodeURIComponent(id)}`);
        expect(r.statusCode).toBe(200);
        const g = r.json() as PublicGame;
        const members = (await w.admin.get(`/api/clubs/${w.clubId}/games/${encodeURIComponent(id)}`)).json() as PublicGame;
        expect(g.club).toEqual({ name: 'Клуб' });
        expect(g.game).toMatchObject({ id, winner: members.game.winner, voided: id === w.voided, preset: 'classic' });
        expect(Object.keys(g.game).sort()).toEqual(['endedAt', 'gameNo', 'id', 'preset', 'tableNo', 'voided', 'winner']);
        // The same story as the members read, seat for seat, less the user ids.
        expect(g.timeline).toEqual(members.timeline);
        expect(g.timeline.length).toBeGreaterThan(1);
        expect(g.seats.map(({ guest: _g, ...s }) => s)).toEqual(members.seats.map(({ userId: _u, ...s }) => s));
        expect(g.seats.map((s) => s.nickname)).toEqual(id === w.guestGame ? [...TEN.slice(0, 9), 'Петя'] : TEN);
        expect(g.seats.filter((s) => s.guest).map((s) => s.seat)).toEqual(id === w.guestGame ? [10] : []);
        expectNothingPrivate(r.body, w);
      }
    } finally {
      await h.close();
    }
  });

  it('answers_404_when_off_exactly_like_an_unknown_club_and_for_another_clubs_game', async () => {
    const h = await startClub(target);
    try {
      const w = await publishedWorld(h);
      const guest = anonymous(h);
      const game = encodeURIComponent(w.gameIds[1]!);
      // Off (the default): the page and the game answer as an unknown club, byte for byte.
      const unknown = await guest.get(`/api/public/clubs/${UNKNOWN}`);
      const unknownGame = await guest.get(`/api/public/clubs/${UNKNOWN}/games/${game}`);
      for (const r of [await guest.get(`/api/public/clubs/${w.clubId}`), await guest.get(`/api/public/clubs/${w.clubId}/games/${game}`), unknownGame]) {
        expect(r.statusCode).toBe(404);
        expect(r.body).toBe(unknown.body);
      }
      // On: the game answers; a club's public route does not open another club's game.
      await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: true });
      expect((await guest.get(`/api/public/clubs/${w.clubId}/games/${game}`)).statusCode).toBe(200);
      const other = (await w.admin.post('/api/clubs', { name: 'Другой клуб', nickname: 'Админ' })).json() as { club: { id: string } };
      await w.admin.patch(`/api/clubs/${other.club.id}/public`, { enabled: true });
      const foreign = await guest.get(`/api/public/clubs/${other.club.id}/games/${game}`);
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as { error: { code: string } }).error.code).toBe('game-unknown');
      expect(foreign.body).not.toContain('Клуб');
      expect((await guest.get(`/api/public/clubs/${w.clubId}/games/nope`)).statusCode).toBe(404);
      // Off again: 404 as before, nothing left open.
      await w.admin.patch(`/api/clubs/${w.clubId}/public`, { enabled: false });
      expect((await guest.get(`/api/public/clubs/${w.clubId}/games/${game}`)).body).toBe(unknown.body);
    } finally {
      await h.close();
    }
  });
});

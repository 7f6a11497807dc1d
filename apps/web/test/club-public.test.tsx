// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubSettings } from '../src/screens/club/account/ClubSettings';
import PublicClubScreen from '../src/screens/club/public';
import PublicGameScreen from '../src/screens/club/public/PublicGame';
import type { PublicGame } from '@mafia/protocol';
import { CSRF, fakeServer, renderClub } from './club-fake';
import { TOWN_WINS } from './club-results-fixtures';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const PAGE = {
  club: { name: 'Клуб Полночь' }, by: 'points',
  leaderboard: [
    { rank: 1, nickname: 'Кот', total: 1234.5, evenings: 2, games: 6, wins: 4, red: 1012.56, black: 998.4, overall: 1006.49 },
    { rank: 2, nickname: 'Лис', total: -2.5, evenings: 1, games: 3, wins: 1, red: 999.5, black: 1001.2, overall: 1000.2 },
  ],
  evenings: [
    {
      startsAt: new Date(2030, 2, 1, 19, 0).getTime(), place: 'Кафе «Луна»',
      games: [
        { id: 'g1', tableNo: 1, gameNo: 2, winner: 'town', voided: false },
        { id: 'g2', tableNo: 2, gameNo: 1, winner: 'mafia', voided: true },
        { id: 'p1', tableNo: null, gameNo: null, winner: 'mafia', voided: false },
      ],
    },
    { startsAt: new Date(2030, 1, 20, 19, 0).getTime(), place: 'Кафе «Солнце»', games: [] },
  ],
};

/** The members' game (TOWN_WINS) as the public route answers it: no user ids, seat 10 a guest, voided. */
const PUBLIC_GAME: PublicGame = {
  club: { name: 'Клуб Полночь' },
  game: { id: 'g1', tableNo: 1, gameNo: 2, preset: 'classic', winner: 'town', endedAt: TOWN_WINS.game.endedAt, voided: true },
  seats: TOWN_WINS.seats.map(({ userId: _u, ...s }) => ({ ...s, ...(s.seat === 10 ? { nickname: 'Петя' } : {}), guest: s.seat === 10 })),
  timeline: TOWN_WINS.timeline,
  bestMove: null,
};
const lines = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('li')].map((li) => li.textContent);

describe('the public club page (issue 24 point 6)', () => {
  it('shows_the_table_in_the_page_number_format_and_the_past_evenings_without_sign_in', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c1': { body: PAGE } });
    await renderClub({ path: '/p/:clubId', url: '/p/c1', element: <PublicClubScreen />, api: s.api, lng: 'ru' });
    const table = await screen.findByRole('table', { name: 'Таблица клуба' });
    const kot = within(table).getByRole('rowheader', { name: 'Кот' }).closest('tr')!;
    expect(kot.querySelector('[data-col="total"]')!.textContent).toBe('1234,50');
    expect(kot.querySelector('[data-col="overall"]')!.textContent).toBe('1006');
    expect(screen.getByText(/Кафе «Луна»/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Клуб Полночь/ })).toBeTruthy();
    // No member navigation and no links to members' pages.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('lists_each_evenings_games_in_play_order_with_the_winner_and_the_voided_one_marked', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c1': { body: PAGE } });
    await renderClub({ path: '/p/:clubId', url: '/p/c1', element: <PublicClubScreen />, api: s.api, lng: 'ru' });
    const games = await screen.findByRole('list', { name: 'Игры вечера' });
    const rows = within(games).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Стол 1, игра 2Победа: Мирные', 'Стол 2, игра 1Победа: Мафияаннулирована', 'Игра на бумаге 1Победа: Мафия']);
    expect(within(games).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/p/c1/games/g1', '/p/c1/games/g2', '/p/c1/games/p1']);
    expect(screen.getByText('Игр нет.')).toBeTruthy();
    // Nowhere a member's page, an evening's page or anything behind the sign-in.
    expect(screen.getAllByRole('link').filter((a) => !a.getAttribute('href')!.startsWith('/p/c1/games/'))).toEqual([]);
  });

  it('tells_a_game_in_words_as_the_members_page_does_with_the_guest_marked_and_no_member_links', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c1/games/g1': { body: PUBLIC_GAME } });
    await renderClub({ path: '/p/:clubId/games/:gameId', url: '/p/c1/games/g1', element: <PublicGameScreen />, api: s.api, lng: 'ru' });
    expect((await screen.findByTestId('game-winner')).textContent).toBe('Победа: Мирные');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Клуб Полночь: Стол 1, игра 2');
    expect(screen.getByTestId('game-voided').textContent).toBe('Игра аннулирована и не идёт в зачёт.');
    expect(within(screen.getByTestId('game-seat-5')).getByText('Дина')).toBeTruthy();
    expect(within(screen.getByTestId('game-seat-5')).getByText('Дон')).toBeTruthy();
    expect(within(screen.getByTestId('game-seat-10')).getByText('Петя (гость)')).toBeTruthy();
    // The members' story, line for line (club-game.test.tsx reads the same fixture there).
    expect(lines('night-2')).toEqual([
      'Мафия (2 · Борис, 5 · Дина) стреляет в 4 · Глеб',
      'Дон (5 · Дина) проверяет 3 · Вера — Комиссар',
      'Комиссар (3 · Вера) проверяет 5 · Дина — мафия',
      'Погиб: 4 · Глеб',
      'Последнее слово: 4 · Глеб',
    ]);
    expect(lines('day-1')).toContain('Итог голосования: 2 · Борис — 3; 8 · Зоя — 7');
    // The one link leads back to the public page: no member, evening or protocol download.
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['← К странице клуба', '/p/c1']]);
    expect(screen.queryByText('Скачать протокол')).toBeNull();
  });

  it('a_public_game_of_a_club_without_a_public_page_shows_the_refusal_in_english', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c9/games/g1': { status: 404, body: { error: { code: 'not-a-member', message: 'there is no such club, or you are not its member' } } } });
    await renderClub({ path: '/p/:clubId/games/:gameId', url: '/p/c9/games/g1', element: <PublicGameScreen />, api: s.api, lng: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toMatch(/there is no such club|Error|at /);
    expect(alert.textContent!.length).toBeGreaterThan(5);
    expect(screen.queryByTestId('game-page')).toBeNull();
  });

  it('a_club_without_a_public_page_shows_the_unknown_club_refusal_in_english', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c9': { status: 404, body: { error: { code: 'not-a-member', message: 'there is no such club, or you are not its member' } } } });
    await renderClub({ path: '/p/:clubId', url: '/p/c9', element: <PublicClubScreen />, api: s.api, lng: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toMatch(/there is no such club, or you are not its member|Error|at /);
    expect(alert.textContent!.length).toBeGreaterThan(5);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('an_admin_turns_the_page_on_in_the_club_settings_and_a_member_has_no_such_switch', async () => {
    const s = fakeServer({ ...CSRF, 'PATCH /api/clubs/c1/public': (c: { body: unknown }) => ({ body: c.body }) });
    const club = { id: 'c1', name: 'Клуб Полночь', role: 'admin' as const, nickname: 'Ведущий', shareName: false, shareEmail: false, sharePhone: false, publicPage: false };
    await renderClub({ path: '/', url: '/', element: <ClubSettings club={club} />, api: s.api, lng: 'ru' });
    const box = screen.getByRole('checkbox', { name: /Публичная страница клуба/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('Страница закрыта.')).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Страница открыта: /p/c1' }).getAttribute('href')).toBe('/p/c1'));
    const patch = s.calls.filter((c) => c.method === 'PATCH');
    expect(patch.map((c) => [c.path, c.body])).toEqual([['/api/clubs/c1/public', { enabled: true }]]);
    cleanup();
    await renderClub({ path: '/', url: '/', element: <ClubSettings club={{ ...club, role: 'member' }} />, api: s.api, lng: 'ru' });
    expect(screen.queryByRole('checkbox', { name: /Публичная страница/ })).toBeNull();
  });
});

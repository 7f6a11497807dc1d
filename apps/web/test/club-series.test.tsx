// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SeriesScreen from '../src/screens/club/series';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => cleanup());

const club = (role: string) => ({ body: { club: { id: 'c1', name: 'Клуб' }, me: { role, nickname: 'Я' }, upcoming: [] } });
const at = new Date(2030, 2, 1, 19, 0).getTime();
const GAMES = [
  { gameId: 'g1', eveningId: 'e1', startsAt: at, tableNo: 1, gameNo: 1, winner: 'town' },
  { gameId: 'g2', eveningId: 'e1', startsAt: at, tableNo: 1, gameNo: 2, winner: 'mafia' },
  { gameId: 'g3', eveningId: 'e1', startsAt: at, tableNo: 2, gameNo: 1, winner: 'draw' },
];
const SERIES = { id: 's1', name: 'Кубок, тур 1', gameIds: ['g1', 'g2'], createdAt: at };
const ROWS = [
  { rank: 1, userId: 'u6', nickname: 'Егор', games: 2, wins: 1, marked: 1, points: 1.25, compensation: 0.4, total: 1.65 },
  { rank: 2, userId: 'u5', nickname: 'Дина', games: 2, wins: 1, marked: 0, points: 1.2, compensation: 0, total: 1.2 },
];

const routes = { path: '/club/:clubId/series', extra: { '/club/:clubId/series/:seriesId': <SeriesScreen /> } };
const cells = (userId: string) => Object.fromEntries([...screen.getByTestId(`series-${userId}`).querySelectorAll('td[data-col]')].map((td) => [td.getAttribute('data-col'), td.textContent]));

describe('FIIM series (issue 15)', () => {
  it('an_admin_picks_ended_fiim_games_names_the_series_and_lands_on_its_table', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club('admin'),
      'GET /api/clubs/c1/series': { body: { series: [], games: GAMES } },
      'POST /api/clubs/c1/series': (c) => ({ status: 201, body: { series: { ...SERIES, ...(c.body as object) } } }),
      'GET /api/clubs/c1/series/s1': { body: { series: SERIES, rows: ROWS } },
    });
    await renderClub({ ...routes, url: '/club/c1/series', element: <SeriesScreen />, api: s.api, lng: 'ru' });
    expect(await screen.findByText('Серий пока нет.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Новая серия' });
    fireEvent.change(within(form).getByLabelText('Название серии'), { target: { value: ' Кубок, тур 1 ' } });
    // A draw is «ничья», not the raw code.
    expect(within(form).getByLabelText('1 марта 2030 г., Стол 2, игра 1 — ничья')).toBeTruthy();
    // Ticked out of order: sent in play order.
    fireEvent.click(within(form).getByLabelText(/Стол 1, игра 2 — победа: Мафия/));
    fireEvent.click(within(form).getByLabelText(/Стол 1, игра 1 — победа: Мирные/));
    fireEvent.click(within(form).getByRole('button', { name: 'Создать серию' }));
    await screen.findByTestId('series-page');
    expect(s.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Кубок, тур 1', gameIds: ['g1', 'g2'] });
    expect(cells('u6')).toEqual({ rank: '1', games: '2', wins: '1', marked: '1', points: '1,25', compensation: '0,40', total: '1,65' });
    expect(screen.getByRole('table', { name: 'Кубок, тур 1' })).toBeTruthy();
    // The total first (as on the leaderboard), so that a phone shows it without scrolling sideways.
    expect(within(screen.getByRole('table', { name: 'Кубок, тур 1' })).getAllByRole('columnheader').map((h) => h.textContent).slice(0, 3)).toEqual(['Место', 'Ник', 'Итого']);
    // The series' games, each linked to its page.
    await screen.findByTestId('series-games');
    expect(within(screen.getByTestId('series-games')).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1 марта 2030 г., Стол 1, игра 1 — победа: Мирные', '/club/c1/games/g1'],
      ['1 марта 2030 г., Стол 1, игра 2 — победа: Мафия', '/club/c1/games/g2'],
    ]);
    expect(screen.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')).toBe('/api/clubs/c1/series/s1?format=csv&lang=ru');
  });

  it('a_member_sees_the_list_without_the_form_and_a_refusal_is_translated', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club('member'),
      'GET /api/clubs/c1/series': { body: { series: [SERIES], games: GAMES } },
      'GET /api/clubs/c1/series/s2': { status: 404, body: { error: { code: 'series-unknown', message: 'no', path: 'seriesId' } } },
    });
    await renderClub({ ...routes, url: '/club/c1/series', element: <SeriesScreen />, api: s.api, lng: 'en' });
    const link = await screen.findByRole('link', { name: 'Кубок, тур 1' });
    expect(link.getAttribute('href')).toBe('/club/c1/series/s1');
    expect(within(screen.getByTestId('series-list')).getByText('2 games')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New series' })).toBeNull();
    cleanup();
    await renderClub({ ...routes, url: '/club/c1/series/s2', element: <SeriesScreen />, api: s.api, lng: 'ru' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Такой серии в клубе нет.'));
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import { afterEach, describe, expect, it } from 'vitest';
import Calendar from '../src/screens/club/calendar';
import Leaderboard from '../src/screens/club/leaderboard';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => cleanup());

const club = (role: string) => ({ body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role, nickname: 'Я' }, upcoming: [] } });
const spring = { id: 's1', name: 'Весна 2030', startsAt: new Date(2030, 2, 1).getTime(), endsAt: new Date(2030, 5, 1).getTime(), order: ['total', 'wins', 'games'] };
const row = (o: Record<string, unknown>) => ({ rank: 1, userId: 'u1', nickname: 'Кот', points: 0, penalties: 0, total: 0, evenings: 0, games: 0, wins: 0, winRate: 0, red: 1000, black: 1000, overall: 1000, ...o });
const rows = [
  row({ rank: 1, userId: 'u1', nickname: 'Кот', points: 12.345, penalties: -3, total: 9.345, evenings: 2, games: 6, wins: 4, winRate: 4 / 6, red: 1012.56, black: 998.4, overall: 1006.49 }),
  row({ rank: 2, userId: 'u2', nickname: 'Лис', points: 7.5, penalties: -10, total: -2.5, evenings: 1, games: 3, wins: 1, winRate: 1 / 3, red: 999.5, black: 1001.2, overall: 1000.2 }),
];

function server(role: string, extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...CSRF,
    'GET /api/clubs/c1': club(role),
    'GET /api/clubs/c1/seasons': { body: { seasons: [spring] } },
    'GET /api/clubs/c1/leaderboard': (c) => {
      const q = new URL(c.path, 'http://test').searchParams;
      return { body: { season: q.get('season') === 's1' ? spring : null, by: q.get('by') ?? 'points', rows } };
    },
    ...extra,
  });
}

const boardCalls = (s: ReturnType<typeof fakeServer>) => s.calls.filter((c) => c.path.startsWith('/api/clubs/c1/leaderboard')).map((c) => c.path);
const cells = (userId: string) => Object.fromEntries([...screen.getByTestId(`board-${userId}`).querySelectorAll('td[data-col]')].map((td) => [td.getAttribute('data-col'), td.textContent]));

describe('the leaderboard (issue 15)', () => {
  it('shows_ranks_points_with_two_decimals_and_ratings_rounded', async () => {
    const s = server('member');
    await renderClub({ path: '/club/:clubId/leaderboard', url: '/club/c1/leaderboard', element: <Leaderboard />, api: s.api, lng: 'ru' });
    const table = await screen.findByRole('table', { name: 'Очки сезона · Всё время' });
    const first = screen.getByTestId('board-u1');
    expect(first.querySelector('.board-rank')!.textContent).toBe('1');
    expect(screen.getByTestId('board-u2').querySelector('.board-rank')!.textContent).toBe('2');
    expect(cells('u1')).toMatchObject({ points: '12,35', penalties: '\u22123,00', total: '9,35', red: '1013', black: '998', overall: '1006', games: '6', wins: '4' });
    expect(cells('u1').winRate).toMatch(/^67\s?%$/);
    expect(cells('u2')).toMatchObject({ total: '\u22122,50', red: '1000', black: '1001' });
    // The nickname links to the member's page.
    expect(within(first).getByRole('link', { name: 'Кот' }).getAttribute('href')).toBe('/club/c1/members/u1');
    // The table scrolls inside its own box; the ranked-by column is marked.
    expect(table.closest('.club-scroll')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Итого' }).getAttribute('aria-sort')).toBe('descending');
    expect(boardCalls(s)).toEqual(['/api/clubs/c1/leaderboard?by=points']);
    // A member gets no admin controls; every control has a name.
    expect(screen.queryByRole('button', { name: 'Пересчитать' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Новый сезон' })).toBeNull();
    expect([...document.body.querySelectorAll('button, input, select, a')].filter((el) => computeAccessibleName(el).trim() === '')).toEqual([]);
  });

  it('switching_the_season_and_the_ordering_requests_that_table_and_its_csv', async () => {
    const s = server('member');
    await renderClub({ path: '/club/:clubId/leaderboard', url: '/club/c1/leaderboard', element: <Leaderboard />, api: s.api, lng: 'ru' });
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Скачать CSV' }).getAttribute('href')).toBe('/api/clubs/c1/leaderboard?by=points&format=csv&lang=ru');

    fireEvent.change(screen.getByLabelText('Сезон'), { target: { value: 's1' } });
    await screen.findByRole('table', { name: 'Очки сезона · Весна 2030' });
    fireEvent.click(screen.getByRole('button', { name: 'Красный рейтинг' }));
    await screen.findByRole('table', { name: 'Красный рейтинг · Весна 2030' });
    expect(screen.getByRole('button', { name: 'Красный рейтинг' }).getAttribute('aria-pressed')).toBe('true');
    // The caption follows the button at once; the sorted column comes with the red table's answer.
    await waitFor(() => expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Красный' }).getAttribute('aria-sort')).toBe('descending'));
    // The sorted rating comes right after the nickname: on a 360 px phone it is on screen without scrolling.
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent).slice(0, 4)).toEqual(['Место', 'Ник', 'Красный', 'Итого']);
    expect(boardCalls(s)).toEqual(['/api/clubs/c1/leaderboard?by=points', '/api/clubs/c1/leaderboard?season=s1&by=points', '/api/clubs/c1/leaderboard?season=s1&by=red']);
    const csv = screen.getByRole('link', { name: 'Скачать CSV' });
    expect(csv.getAttribute('href')).toBe('/api/clubs/c1/leaderboard?season=s1&by=red&format=csv&lang=ru');
    expect(csv.hasAttribute('download')).toBe(true);

    fireEvent.change(screen.getByLabelText('Сезон'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Общий рейтинг' }));
    await screen.findByRole('table', { name: 'Общий рейтинг · Всё время' });
    expect(boardCalls(s).at(-1)).toBe('/api/clubs/c1/leaderboard?by=overall');
  });

  it('an_admin_recomputes_and_sees_how_many_games_in_how_long', async () => {
    const s = server('admin', { 'POST /api/clubs/c1/ratings/recompute': { body: { games: 12, rated: 11, ms: 37.6 } } });
    await renderClub({ path: '/club/:clubId/leaderboard', url: '/club/c1/leaderboard', element: <Leaderboard />, api: s.api, lng: 'ru' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Пересчитать' }));
    await waitFor(() => expect(screen.getByText('Пересчитано: 12 игр за 38 мс')).toBeTruthy());
    const post = s.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/clubs/c1/ratings/recompute');
    expect(post.headers['x-csrf-token']).toBe('tok-1');
    // The table is asked again after the recomputation.
    await waitFor(() => expect(boardCalls(s)).toHaveLength(2));
  });

  it('a_bad_season_order_is_refused_in_russian_under_its_field', async () => {
    const s = server('admin', {
      'POST /api/clubs/c1/seasons': { status: 400, body: { error: { code: 'bad-season-order', message: 'order: the first key must be total or points', path: 'order' } } },
    });
    await renderClub({ path: '/club/:clubId/leaderboard', url: '/club/c1/leaderboard', element: <Leaderboard />, api: s.api, lng: 'ru' });
    await screen.findByRole('heading', { name: 'Новый сезон' });
    fireEvent.change(screen.getByLabelText('Название сезона'), { target: { value: 'Лето' } });
    fireEvent.change(screen.getByLabelText('Первый день'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Последний день'), { target: { value: '2030-08-31' } });
    // First by evening points; then wins stays, and the second tie-break becomes the win rate
    // (the third select is the empty slot for one more).
    fireEvent.change(screen.getByLabelText('Места решают'), { target: { value: 'points' } });
    fireEvent.change(screen.getByLabelText('При равенстве (2)'), { target: { value: 'winRate' } });
    // A tie-break offers only the keys not chosen before it.
    const third = [...(screen.getByLabelText('При равенстве (3)') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(third).toEqual(['—', 'Меньше игр', 'Меньше штрафов', 'Итого (очки со штрафами)']);
    // Emptying a tie-break drops those after it: the next one is the only empty slot left.
    fireEvent.change(screen.getByLabelText('При равенстве (3)'), { target: { value: 'games' } });
    fireEvent.change(screen.getByLabelText('При равенстве (2)'), { target: { value: '' } });
    expect(screen.queryByLabelText('При равенстве (3)')).toBeNull();
    fireEvent.change(screen.getByLabelText('При равенстве (2)'), { target: { value: 'winRate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать сезон' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Порядок мест не подходит: каждый признак один раз, первым — «Итого» или «Очки за вечера».');
    expect(alert.closest('#season-order')).toBeTruthy();
    expect(s.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Лето',
      startsAt: new Date(2030, 5, 1).getTime(),
      // The last day is inclusive on the form, `endsAt` exclusive: midnight after it.
      endsAt: new Date(2030, 8, 1).getTime(),
      order: ['points', 'wins', 'winRate'],
    });
  });

  it('an_admin_creates_a_season_and_its_table_opens', async () => {
    const summer = { id: 's2', name: 'Лето', startsAt: new Date(2030, 5, 1).getTime(), endsAt: new Date(2030, 8, 1).getTime(), order: ['total', 'wins', 'games'] };
    let made = false;
    const s = server('admin', {
      'GET /api/clubs/c1/seasons': () => ({ body: { seasons: made ? [spring, summer] : [spring] } }),
      'POST /api/clubs/c1/seasons': () => ((made = true), { status: 201, body: { season: summer } }),
    });
    await renderClub({ path: '/club/:clubId/leaderboard', url: '/club/c1/leaderboard', element: <Leaderboard />, api: s.api, lng: 'en' });
    await screen.findByRole('heading', { name: 'New season' });
    // An English page downloads the English CSV (`,` and `.`); a Russian one asks for lang=ru.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href')).filter((h) => h?.includes('format=csv'))).toEqual(['/api/clubs/c1/leaderboard?by=points&format=csv&lang=en']);
    fireEvent.change(screen.getByLabelText('Season name'), { target: { value: 'Лето' } });
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2030-08-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create season' }));
    await waitFor(() => expect(boardCalls(s).at(-1)).toBe('/api/clubs/c1/leaderboard?season=s2&by=points'));
    await waitFor(() => expect((screen.getByLabelText('Season') as HTMLSelectElement).value).toBe('s2'));
    expect(s.calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('order');
  });

  it('the_calendar_links_to_the_leaderboard', async () => {
    const s = fakeServer({ 'GET /api/clubs/c1': club('member'), 'GET /api/clubs/c1/evenings': { body: { evenings: [] } } });
    await renderClub({ path: '/club/:clubId', url: '/club/c1', element: <Calendar />, api: s.api, lng: 'ru' });
    expect((await screen.findByRole('link', { name: 'Рейтинг' })).getAttribute('href')).toBe('/club/c1/leaderboard');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_COLORS, FONT_SIZE, MAX_X_TICKS, pointsChart, ratingChart } from '../src/screens/club/member/charts/config';
import MemberPage from '../src/screens/club/member';
import { fakeServer, renderClub } from './club-fake';
import { profileGame, profileOf } from './club-profile-fixture';

/**
 * The chart drawings are Chart.js on a canvas, which jsdom cannot draw: each lazy drawing module is
 * replaced by a stand-in that keeps what it was given, so the test checks that the chart gets the
 * same numbers as its table. The Chart.js configuration itself is checked below, without a canvas;
 * the real drawing is looked at in Chromium (docs/decisions.md, issue 15).
 */
const drawn = vi.hoisted(() => ({ rating: null as any, points: null as any }));
vi.mock('../src/screens/club/member/charts/RatingLines', () => ({
  default: (props: any) => {
    drawn.rating = props;
    return <canvas data-testid="rating-lines" />;
  },
}));
vi.mock('../src/screens/club/member/charts/PointsBars', () => ({
  default: (props: any) => {
    drawn.points = props;
    return <canvas data-testid="points-bars" />;
  },
}));

afterEach(() => {
  cleanup();
  drawn.rating = null;
  drawn.points = null;
});

const E1 = new Date(2030, 2, 1, 19).getTime();
const E2 = new Date(2030, 2, 8, 19).getTime();
const club = { body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role: 'member', nickname: 'Я' }, upcoming: [] } };
const page = (userId: string, nickname: string) => ({ body: { member: { userId, nickname, role: 'member', onList: true, unansweredStreak: 0, points: -5 }, evenings: [], games: [], ledger: [], points: -5 } });

/** Борис as the server's hand-worked test has him (apps/server/test/club/ratings-profile.test.ts), ratings rounded a little. */
const boris = profileOf('u2', 'Борис', {
  ratings: { red: 1002.71, black: 1000.52, overall: 1001.25, gamesRed: 1, gamesBlack: 2 },
  totals: { evenings: 2, games: 3, wins: 2, winRate: 2 / 3, points: 130, penalties: -5, total: 125 },
  byRole: [{ role: 'mafia', games: 2, wins: 1, winRate: 0.5 }, { role: 'commissar', games: 1, wins: 1, winRate: 1 }],
  byTeam: [{ team: 'town', games: 1, wins: 1, winRate: 1 }, { team: 'mafia', games: 2, wins: 1, winRate: 0.5 }],
  games: [
    profileGame({ gameId: 'ga', eveningId: 'e1', at: E1 + 1, seat: 2, role: 'mafia', team: 'mafia', won: false, points: 0, winner: 'town', ratingDelta: { track: 'black', before: 1000, delta: -1.5, after: 998.5 } }),
    profileGame({ gameId: 'gb', eveningId: 'e1', at: E1 + 2, seat: 2, role: 'mafia', team: 'mafia', won: true, points: 4, winner: 'mafia', ratingDelta: { track: 'black', before: 998.5, delta: 2.02, after: 1000.52 } }),
    profileGame({ gameId: 'gc', eveningId: 'e2', at: E2 + 1, tableNo: 1, gameNo: 1, seat: 3, role: 'commissar', team: 'town', won: true, points: 3, winner: 'town', ratingDelta: { track: 'red', before: 1000, delta: 2.71, after: 1002.71 } }),
  ],
  ratingHistory: [
    { gameId: 'ga', at: E1 + 1, red: 1000, black: 998.5, overall: 998.5 },
    { gameId: 'gb', at: E1 + 2, red: 1000, black: 1000.52, overall: 1000.52 },
    { gameId: 'gc', at: E2 + 1, red: 1002.71, black: 1000.52, overall: 1001.25 },
  ],
  eveningPoints: [
    { eveningId: 'e1', at: E1, score: 50, games: 2, wins: 1 },
    { eveningId: 'e2', at: E2, score: 80, games: 1, wins: 1 },
  ],
  penalties: [{ id: 'l1', userId: 'u2', nickname: 'Борис', eveningId: 'e2', rule: 'late', points: -5, reason: 'late', params: { minutes: 12 }, createdAt: E2, createdBy: null }],
});

function server(profile = boris) {
  return fakeServer({
    'GET /api/clubs/c1': club,
    [`GET /api/clubs/c1/members/${profile.member.userId}`]: page(profile.member.userId, profile.member.nickname),
    [`GET /api/clubs/c1/members/${profile.member.userId}/profile`]: { body: profile },
  });
}

const open = (s: ReturnType<typeof fakeServer>, lng: 'ru' | 'en' = 'ru', userId = 'u2') =>
  renderClub({ path: '/club/:clubId/members/:userId', url: `/club/c1/members/${userId}`, element: <MemberPage />, api: s.api, lng });
const rowsOf = (el: HTMLElement) => within(el).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('a member\'s profile (issue 15)', () => {
  it('shows_his_ratings_totals_and_win_rates_per_role_and_team', async () => {
    const s = server();
    await open(s);
    const stats = await screen.findByTestId('profile-stats');
    const tiles = Object.fromEntries([...stats.querySelectorAll('div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
    expect(tiles).toEqual({
      'Красный рейтинг': '1003 · 1 игра', 'Чёрный рейтинг': '1001 · 2 игры', 'Общий рейтинг': '1001',
      'Вечера': '2', 'Игры': '3', 'Победы': '2', '% побед': expect.stringMatching(/^67\s?%$/),
      'Очки за вечера': '130,00', 'Штрафы': '\u22125,00', 'Итого': '125,00',
    });
    expect(rowsOf(screen.getByTestId('by-role')).map((r) => r.map((c) => c!.replace(/\s/g, '')))).toEqual([['Мафия', '2', '1', '50%'], ['Комиссар', '1', '1', '100%']]);
    expect(rowsOf(screen.getByTestId('by-team')).map((r) => r.slice(0, 3))).toEqual([['Мирные', '1', '1'], ['Мафия', '2', '1']]);
    expect(s.calls.map((c) => c.path)).toContain('/api/clubs/c1/members/u2/profile');
  });

  it('lists_his_games_with_a_link_to_each_evening_and_each_game_and_his_penalties', async () => {
    await open(server());
    const games = await screen.findByTestId('profile-games');
    expect(rowsOf(games).map((r) => r.slice(1))).toEqual([
      ['Мафия', 'Поражение', '0', 'чёрный \u22121,5 → 999', '—', '—', '2'],
      ['Мафия', 'Победа', '4', 'чёрный +2,0 → 1001', '—', '—', '2'],
      ['Комиссар', 'Победа', '3', 'красный +2,7 → 1003', '1', '1', '3'],
    ]);
    const links = within(games).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1 мар.', '/club/c1/evenings/e1'], ['Поражение', '/club/c1/games/ga'],
      ['1 мар.', '/club/c1/evenings/e1'], ['Победа', '/club/c1/games/gb'],
      ['8 мар.', '/club/c1/evenings/e2'], ['Победа', '/club/c1/games/gc'],
    ]);
    const penalty = screen.getByTestId('ledger-l1').textContent;
    expect(penalty).toContain('\u22125 · Опоздание более чем на 5 минут');
    expect(penalty).toContain('пришёл через 12 минут после начала');
  });

  it('draws_the_rating_chart_as_a_figure_with_a_summary_and_a_table_of_the_same_numbers', async () => {
    await open(server());
    const fig = await screen.findByTestId('rating-chart');
    expect(fig.tagName).toBe('FIGURE');
    expect(fig.querySelector('figcaption')!.textContent).toBe('Рейтинг по играм');
    const img = within(fig).getByRole('img');
    expect(img.getAttribute('aria-label')).toBe('Рейтинг после 3 игр: красный 1003, чёрный 1001, общий 1001; общий менялся от 999 до 1001.');
    const table = screen.getByTestId('rating-chart-table');
    expect(fig.contains(table)).toBe(true);
    // Outside the img: a role="img" hides its content from assistive technology, the table must not be hidden.
    expect(img.contains(table)).toBe(false);
    expect(rowsOf(table)).toEqual([['1', '1 мар.', '1000', '999', '999'], ['2', '1 мар.', '1000', '1001', '1001'], ['3', '8 мар.', '1003', '1001', '1001']]);
    // The lazy chart gets exactly those numbers, and rounds its labels as the table does.
    await within(img).findByTestId('rating-lines');
    expect(drawn.rating.series).toMatchObject({ labels: ['1 мар.', '1 мар.', '8 мар.'], red: [1000, 1000, 1002.71], black: [998.5, 1000.52, 1000.52], overall: [998.5, 1000.52, 1001.25] });
    expect(drawn.rating.series.names).toEqual({ red: 'Красный', black: 'Чёрный', overall: 'Общий' });
    expect(drawn.rating.format(1002.71)).toBe('1003');
  });

  it('draws_the_points_chart_and_its_table_and_the_table_can_be_shown', async () => {
    await open(server());
    const fig = await screen.findByTestId('points-chart');
    expect(within(fig).getByRole('img').getAttribute('aria-label')).toBe('2 вечера, очков всего: 130,00; больше всего: 80,00 (8 мар.).');
    const table = screen.getByTestId('points-chart-table');
    expect(rowsOf(table)).toEqual([['1 мар.', '50,00', '2', '1'], ['8 мар.', '80,00', '1', '1']]);
    expect(within(table).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/club/c1/evenings/e1', '/club/c1/evenings/e2']);
    await within(fig).findByTestId('points-bars');
    expect(drawn.points.series).toMatchObject({ labels: ['1 мар.', '8 мар.'], scores: [50, 80], name: 'Очки' });
    expect([drawn.points.format(80), drawn.points.tick(80)]).toEqual(['80,00', '80']);
    // Hidden from the eye (not from a screen reader) until asked for.
    const toggle = within(fig).getByRole('button', { name: 'Показать таблицу' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(table.parentElement!.className).toBe('visually-hidden');
    expect(toggle.getAttribute('aria-controls')).toBe(table.parentElement!.id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Скрыть таблицу');
    expect(table.parentElement!.className).toBe('club-scroll');
  });

  it('offers_every_table_as_csv_with_a_named_link', async () => {
    await open(server());
    await screen.findByTestId('profile-games');
    const csv = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('format=csv'));
    expect(csv.map((a) => [computeAccessibleName(a), a.getAttribute('href')])).toEqual([
      ['Скачать CSV: Рейтинг по играм', '/api/clubs/c1/members/u2/profile?format=csv&table=ratings&lang=ru'],
      ['Скачать CSV: Очки по вечерам', '/api/clubs/c1/members/u2/profile?format=csv&table=evenings&lang=ru'],
      ['Скачать CSV: Победы по ролям', '/api/clubs/c1/members/u2/profile?format=csv&table=roles&lang=ru'],
      ['Скачать CSV: Победы по командам', '/api/clubs/c1/members/u2/profile?format=csv&table=teams&lang=ru'],
      ['Скачать CSV: Игры', '/api/clubs/c1/members/u2/profile?format=csv&table=games&lang=ru'],
    ]);
    expect(csv.every((a) => a.hasAttribute('download') && a.textContent === 'Скачать CSV')).toBe(true);
    expect([...document.body.querySelectorAll('button, a')].filter((el) => computeAccessibleName(el).trim() === '')).toEqual([]);
  });

  it('speaks_english_with_english_plurals', async () => {
    const one = profileOf('u3', 'Cat', {
      ratings: { red: 1002, black: 1000, overall: 1002, gamesRed: 1, gamesBlack: 0 },
      ratingHistory: [{ gameId: 'g', at: E1 + 1, red: 1002, black: 1000, overall: 1002 }],
      eveningPoints: [{ eveningId: 'e1', at: E1, score: 30, games: 1, wins: 1 }],
    });
    await open(server(one), 'en', 'u3');
    expect(within(await screen.findByTestId('rating-chart')).getByRole('img').getAttribute('aria-label')).toBe('Rating after 1 game: red 1002, black 1000, overall 1002; overall ranged from 1002 to 1002.');
    expect(within(screen.getByTestId('points-chart')).getByRole('img').getAttribute('aria-label')).toBe('1 evening, 30.00 points in all; the most: 30.00 (Mar 1).');
    expect(screen.getByTestId('profile-stats').textContent).toContain('Red rating1002 · 1 game');
  });

  it('a_member_with_nothing_played_gets_words_instead_of_empty_charts', async () => {
    await open(server(profileOf('u4', 'Новичок')), 'ru', 'u4');
    expect((await screen.findByTestId('rating-chart')).textContent).toContain('Рейтинговых игр пока нет.');
    expect(screen.getByTestId('points-chart').textContent).toContain('Сыгранных вечеров пока нет.');
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(screen.queryByTestId('rating-chart-table')).toBeNull();
    expect(screen.getAllByText('Сыгранных игр пока нет.')).toHaveLength(2);
  });

  it('an_unknown_member_is_refused_in_words', async () => {
    const s = fakeServer({
      'GET /api/clubs/c1': club,
      'GET /api/clubs/c1/members/zz': { status: 404, body: { error: { code: 'member-unknown', message: 'no', path: 'userId' } } },
      'GET /api/clubs/c1/members/zz/profile': { status: 404, body: { error: { code: 'member-unknown', message: 'no', path: 'userId' } } },
    });
    await open(s, 'ru', 'zz');
    expect((await screen.findByRole('alert')).textContent).toBe('Такого участника в клубе нет.');
  });
});

describe('the profile\'s Chart.js configurations', () => {
  const fmt = (n: number) => String(Math.round(n));
  it('the_rating_chart_has_three_lines_told_apart_by_dash_and_phone_sized_axes', () => {
    const { data, options } = ratingChart({ labels: ['1 мар.', '8 мар.'], red: [1000, 1002.7], black: [998.5, 998.5], overall: [998.5, 1000.6], names: { red: 'R', black: 'B', overall: 'O' } }, FALLBACK_COLORS, fmt);
    expect(data.datasets.map((d) => [d.label, d.data, d.borderColor, d.borderDash])).toEqual([
      ['R', [1000, 1002.7], FALLBACK_COLORS.red, []], ['B', [998.5, 998.5], FALLBACK_COLORS.black, [6, 4]], ['O', [998.5, 1000.6], FALLBACK_COLORS.overall, [2, 3]],
    ]);
    expect(options).toMatchObject({ responsive: true, maintainAspectRatio: false, animation: false });
    const x = (options.scales as any).x.ticks;
    expect(x).toMatchObject({ maxRotation: 0, autoSkip: true, maxTicksLimit: MAX_X_TICKS, font: { size: FONT_SIZE } });
    expect(FONT_SIZE).toBeGreaterThanOrEqual(12);
    expect((options.scales as any).y.ticks.callback(1002.7)).toBe('1003');
    expect((options.plugins as any).tooltip.callbacks.label({ dataset: { label: 'R' }, parsed: { y: 1002.7 } })).toBe('R: 1003');
    expect((options.plugins as any).legend).toMatchObject({ display: true, position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line' } });
  });

  it('the_points_chart_has_one_bar_an_evening_from_zero', () => {
    const { data, options } = pointsChart({ labels: ['1 мар.', '8 мар.'], scores: [50, 80], name: 'Очки' }, FALLBACK_COLORS, (n) => n.toFixed(2), fmt);
    expect(data.labels).toEqual(['1 мар.', '8 мар.']);
    expect(data.datasets).toHaveLength(1);
    expect(data.datasets[0]).toMatchObject({ label: 'Очки', data: [50, 80], backgroundColor: FALLBACK_COLORS.bar });
    expect((options.scales as any).y.beginAtZero).toBe(true);
    expect((options.plugins as any).legend.display).toBe(false);
    // The axis in whole points, the tooltip as the table.
    expect((options.scales as any).y.ticks.callback(150)).toBe('150');
    expect((options.plugins as any).tooltip.callbacks.label({ dataset: { label: 'Очки' }, parsed: { y: 75 } })).toBe('Очки: 75.00');
  });
  it('the_axes_repeat_no_label', () => {
    // Three games on 1 March, two on 8 March: each date once on the x axis.
    const labels = ['1 мар.', '1 мар.', '1 мар.', '8 мар.', '8 мар.'];
    const { options } = ratingChart({ labels, red: [1000, 1001, 1000.5, 1002, 999], black: [1000, 1000, 1000, 1000, 1000], overall: [1000, 1000.5, 1000.2, 1001, 999.5], names: { red: 'R', black: 'B', overall: 'O' } }, FALLBACK_COLORS, fmt);
    const x = (options.scales as any).x.ticks;
    expect(labels.map((_, i) => x.callback(i, i))).toEqual(['1 мар.', null, null, '8 мар.', null]);
    // Whole-number steps on the y axis: the labels are rounded, so half steps would print the same number twice.
    expect((options.scales as any).y.ticks.precision).toBe(0);
    const bars = pointsChart({ labels: ['1 мар.', '1 мар.'], scores: [50, 80], name: 'Очки' }, FALLBACK_COLORS, fmt);
    expect([0, 1].map((i) => (bars.options.scales as any).x.ticks.callback(i, i))).toEqual(['1 мар.', null]);
    expect((bars.options.scales as any).y.ticks.precision).toBe(0);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import EveningResultsScreen from '../src/screens/club/results';
import type { EveningResults } from '@mafia/protocol';
import { fakeServer, renderClub } from './club-fake';

afterEach(() => cleanup());

const RESULTS: EveningResults = {
  evening: { id: 'e1', clubId: 'c1', startsAt: new Date(2030, 2, 1, 19, 0).getTime(), place: 'Кафе', weight: 1.5, preset: 'classic' },
  games: [
    { gameId: 'g1', tableNo: 1, gameNo: 1, winner: 'town' },
    { gameId: 'g2', tableNo: 1, gameNo: 2, winner: null },
    { gameId: 'g3', tableNo: null, gameNo: null, winner: 'mafia' },
    { gameId: 'g4', tableNo: null, gameNo: null, winner: 'draw' },
  ],
  rows: [
    { rank: 1, userId: 'u1', nickname: 'Кот', games: 2, wins: 2, points: 7, score: 120, penalties: 0, total: 120 },
    { rank: 2, userId: 'u2', nickname: 'Лис', games: 2, wins: 1, points: 4.5, score: 82.5, penalties: -5, total: 77.5 },
  ],
};

const cells = (userId: string) => Object.fromEntries([...screen.getByTestId(`results-${userId}`).querySelectorAll('td[data-col]')].map((td) => [td.getAttribute('data-col'), td.textContent]));

describe('an evening\'s results (issue 15)', () => {
  it('lists_the_games_linked_to_their_pages_and_the_ranked_table_with_its_csv', async () => {
    const s = fakeServer({ 'GET /api/evenings/e1/results': { body: RESULTS } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId/results', url: '/club/c1/evenings/e1/results', element: <EveningResultsScreen />, api: s.api, lng: 'ru' });
    const table = await screen.findByRole('table', { name: 'Таблица вечера' });
    expect(cells('u1')).toEqual({ rank: '1', games: '2', wins: '2', points: '7', score: '120,00', penalties: '0,00', total: '120,00' });
    expect(cells('u2')).toMatchObject({ score: '82,50', penalties: '\u22125,00', total: '77,50' });
    expect(within(table).getByRole('link', { name: 'Лис' }).getAttribute('href')).toBe('/club/c1/members/u2');
    // An ended game links to its page; one in progress does not.
    expect(screen.getByRole('link', { name: 'Стол 1, игра 1' }).getAttribute('href')).toBe('/club/c1/games/g1');
    expect(screen.queryByRole('link', { name: 'Стол 1, игра 2' })).toBeNull();
    expect(screen.getByText(/Стол 1, игра 2/).textContent).toContain('идёт');
    expect(screen.getByRole('link', { name: 'Игра на бумаге 1' }).getAttribute('href')).toBe('/club/c1/games/g3');
    // A draw in words, not its code.
    expect(screen.getByRole('link', { name: 'Игра на бумаге 2' }).parentElement!.textContent).toBe('Игра на бумаге 2 — Ничья');
    // The total right after the nickname (as on the leaderboard): a phone shows it without scrolling sideways.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent).slice(0, 3)).toEqual(['Место', 'Ник', 'Итого']);
    const csv = screen.getByRole('link', { name: 'Скачать CSV' });
    expect(csv.getAttribute('href')).toBe('/api/evenings/e1/results?format=csv&lang=ru');
    expect(csv.hasAttribute('download')).toBe(true);
    // The weight in the hint in the page's number format, like the table's «120,00» (issue 24 point 6).
    expect(screen.getByText(/вес вечера/).textContent).toContain('вес вечера (1,5)');
  });

  it('speaks_english_too', async () => {
    const s = fakeServer({ 'GET /api/evenings/e1/results': { body: RESULTS } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId/results', url: '/club/c1/evenings/e1/results', element: <EveningResultsScreen />, api: s.api, lng: 'en' });
    const table = await screen.findByRole('table', { name: "The evening's table" });
    expect(within(table).getByRole('columnheader', { name: 'Evening score' })).toBeTruthy();
    expect(cells('u2')).toMatchObject({ score: '82.50', penalties: '\u22125.00' });
    expect(screen.getByRole('link', { name: 'Table 1, game 1' }).getAttribute('href')).toBe('/club/c1/games/g1');
    expect(screen.getByText(/weight/).textContent).toContain('(1.5)');
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import GameScreen from '../src/screens/club/game';
import { fakeServer, renderClub } from './club-fake';
import { TOWN_WINS } from './club-results-fixtures';
import type { GamePage } from '@mafia/protocol';

afterEach(() => cleanup());

const lines = (testId: string) => [...screen.getByTestId(testId).querySelectorAll('li')].map((li) => li.textContent);

async function open(lng: 'ru' | 'en', page: unknown = TOWN_WINS, status = 200) {
  const s = fakeServer({ 'GET /api/clubs/c1/games/g1': { status, body: page } });
  await renderClub({ path: '/club/:clubId/games/:gameId', url: '/club/c1/games/g1', element: <GameScreen />, api: s.api, lng });
  return s;
}

describe('a game in words (issue 15)', () => {
  it('tells_the_game_night_by_night_and_vote_by_vote_in_russian', async () => {
    await open('ru');
    expect((await screen.findByTestId('game-winner')).textContent).toBe('Победа: Мирные');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Стол 1, игра 2');
    const seat5 = within(screen.getByTestId('game-seat-5'));
    expect(seat5.getByRole('link', { name: 'Дина' }).getAttribute('href')).toBe('/club/c1/members/u5');
    expect(seat5.getByText('Дон')).toBeTruthy();
    expect(screen.getByTestId('game-seat-4').querySelector('[data-col="points"]')!.textContent).toBe('2');
    expect(lines('night-1')).toEqual(['Ночных действий нет', 'Ночью никто не погиб']);
    expect(lines('night-2')).toEqual([
      'Мафия (2 · Борис, 5 · Дина) стреляет в 4 · Глеб',
      'Дон (5 · Дина) проверяет 3 · Вера — Комиссар',
      'Комиссар (3 · Вера) проверяет 5 · Дина — мафия',
      'Погиб: 4 · Глеб',
      'Последнее слово: 4 · Глеб',
    ]);
    expect(lines('day-1')).toEqual([
      '1 · Аня выставляет 8 · Зоя — «Принято»',
      '3 · Вера выставляет 2 · Борис — «Принято»',
      'За 8 · Зоя — 7 голосов: 1, 3, 4, 6, 7, 9, 10',
      'За 2 · Борис — 3 голоса: все остальные',
      'Итог голосования: 2 · Борис — 3; 8 · Зоя — 7',
      'По голосованию игру покидает: 8 · Зоя',
      'Последнее слово: 8 · Зоя',
    ]);
    expect(within(screen.getByTestId('day-1')).getByRole('heading', { name: 'Голосование' })).toBeTruthy();
    expect(lines('day-3')).toContain('Единственная кандидатура, без голосования: 2 · Борис');
    expect(screen.getByRole('link', { name: 'Скачать протокол' }).getAttribute('href')).toBe('/api/clubs/c1/games/g1/protocol');
  });

  it('mafia_shots_at_different_seats_are_a_miss_not_a_survival', async () => {
    const split = { ...TOWN_WINS, timeline: TOWN_WINS.timeline.map((step) => ('night' in step && step.night === 2 ? { ...step, acts: [{ by: 2, act: 'kill', target: 4 }, { by: 5, act: 'kill', target: 6 }], died: [], results: [] } : step)) };
    await open('ru', split);
    await screen.findByTestId('night-2');
    expect(lines('night-2')).toEqual([
      'Мафия (2 · Борис) стреляет в 4 · Глеб',
      'Мафия (5 · Дина) стреляет в 6 · Егор',
      'Ночью никто не погиб',
      'Промах: мафия стреляла в разных игроков',
    ]);
  });

  it('a_fiim_draw_says_ничья_writes_points_the_russian_way_and_counts_a_seats_fouls_once', async () => {
    const draw: GamePage = {
      ...TOWN_WINS,
      game: { ...TOWN_WINS.game, preset: 'fiim', winner: 'draw', tableNo: null, gameNo: null },
      seats: TOWN_WINS.seats.map((x) => ({ ...x, points: x.seat === 5 ? -2 : x.points, tournamentPoints: x.seat === 1 ? 1.5 : x.seat === 5 ? -0.7 : 0, marked: false })),
      timeline: [
        { night: 1, died: [], results: [], fouls: [4, 4, 6] },
        TOWN_WINS.timeline[1]!,
        // Seat 4's fourth foul removes him at night; the mafia's shot kills seat 6.
        { night: 2, acts: [{ by: 2, act: 'kill', target: 6 }, { by: 5, act: 'kill', target: 6 }], fouls: [4, 4], died: [4, 6], results: [] },
        // A team defeat ends the game at night: its offender is removed, the shot is moot.
        { night: 3, acts: [{ by: 2, act: 'kill', target: 7 }], teamDefeat: 5, died: [5], results: [] },
      ],
    };
    await open('ru', draw);
    expect((await screen.findByTestId('game-winner')).textContent).toBe('Ничья');
    expect(screen.queryByText(/draw/)).toBeNull();
    const cell = (seat: number, col: string) => screen.getByTestId(`game-seat-${seat}`).querySelector(`[data-col="${col}"]`)!.textContent;
    expect([cell(1, 'tournamentPoints'), cell(5, 'tournamentPoints'), cell(5, 'points')]).toEqual(['1,5', '\u22120,7', '\u22122']);
    expect(lines('night-1')).toEqual(['Ночных действий нет', 'Фол: 4 · Глеб ×2, 6 · Егор', 'Ночью никто не погиб']);
    // The protocol leaves out the last candidate's ballots: his count from the tally. Voters by seat number.
    cleanup();
    await open('ru', { ...draw, timeline: [{ day: 1, nominations: [[1, 8], [3, 2]], votes: { 8: [10, 3, 1] }, tally: { 8: 3, 2: 7 }, left: [2], by: 'vote' }] });
    await screen.findByTestId('day-1');
    expect(lines('day-1').slice(2, 4)).toEqual(['За 8 · Зоя — 3 голоса: 1, 3, 10', 'За 2 · Борис — 7 голосов: все остальные']);
    cleanup();
    await open('ru', draw);
    await screen.findByTestId('game-winner');
    expect(lines('day-1').slice(2, 4)).toEqual(['За 8 · Зоя — 7 голосов: 1, 3, 4, 6, 7, 9, 10', 'За 2 · Борис — 3 голоса: все остальные']);
    expect(lines('night-2')).toEqual(['Мафия (2 · Борис, 5 · Дина) стреляет в 6 · Егор', 'Фол: 4 · Глеб ×2', 'Удаление: 4 · Глеб', 'Погиб: 6 · Егор', 'Последнее слово: 6 · Егор']);
    expect(lines('night-3')).toEqual(['Мафия (2 · Борис) стреляет в 7 · Жора', 'Поражение команды за нарушение игрока 5 · Дина', 'Удаление: 5 · Дина', 'Ночью никто не погиб']);
    expect(screen.getByRole('link', { name: 'Итоги вечера' }).getAttribute('href')).toBe('/club/c1/evenings/e1/results');
    expect(screen.getByRole('link', { name: '← К вечеру' }).getAttribute('href')).toBe('/club/c1/evenings/e1');
  });

  it('says_the_same_in_english_and_a_refusal_in_the_pages_language', async () => {
    await open('en');
    expect((await screen.findByTestId('game-winner')).textContent).toBe('Winner: Town');
    expect(lines('night-2').slice(0, 3)).toEqual([
      'The Mafia (2 · Борис, 5 · Дина) shoots 4 · Глеб',
      'Don (5 · Дина) checks 3 · Вера — the Commissar',
      'Commissar (3 · Вера) checks 5 · Дина — mafia',
    ]);
    expect(lines('day-2')).toContain('For 5 · Дина — 6 votes: 1, 3, 6, 7, 9, 10');
    expect(lines('night-3')).toEqual(['The Mafia (2 · Борис) shoots 3 · Вера', 'Died: 3 · Вера', 'Last word: 3 · Вера']);
    cleanup();
    await open('ru', { error: { code: 'game-not-ended', message: 'not yet' } }, 409);
    expect((await screen.findByRole('alert')).textContent).toBe('Игра ещё не закончилась: её страница и протокол появятся после окончания.');
  });
});

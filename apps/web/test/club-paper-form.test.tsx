// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import GameScreen from '../src/screens/club/game';
import EveningResultsScreen from '../src/screens/club/results';
import ProtocolForm from '../src/screens/club/protocolForm';
import { TOWN_WINS } from './club-results-fixtures';
import { Games } from '../src/screens/club/evening/Games';
import { CSRF, fakeServer, renderClub } from './club-fake';
import { createClubApi } from '../src/net/clubApi';
import { fillTownWinsOnDayOne, pick } from './paperSheet';

afterEach(cleanup);

const MEMBERS = ['Аня', 'Борис', 'Вера'].map((nickname, i) => ({ userId: `u${i + 1}`, nickname, role: 'member', onList: true, unansweredStreak: 0 }));

/** The form of evening e1 of club c1 (classic), in Russian, over a fake server; `saved` counts onSaved calls. */
async function openForm(posted: { status?: number; body: unknown } = { status: 201, body: { game: { id: 'g1', tableNo: null, gameNo: null, roomCode: null, protocol: true, winner: 'town', seats: [] } } }) {
  const s = fakeServer({ ...CSRF, 'GET /api/clubs/c1/members': { body: { members: MEMBERS } }, 'POST /api/evenings/e1/games': posted });
  const saved = { n: 0 };
  await renderClub({ path: '/', url: '/', element: <ProtocolForm clubId="c1" eveningId="e1" preset="classic" onSaved={() => saved.n++} />, api: s.api, lng: 'ru' });
  await waitFor(() => expect(s.calls.some((c) => c.path === '/api/clubs/c1/members')).toBe(true));
  return { s, saved };
}


/** Four seats (classic: Дон, Комиссар, two civilians): three members and a guest on seat 4. */
function seatFour() {
  pick('Игроков', '4');
  pick('Игрок на месте 1', 'Аня');
  pick('Игрок на месте 2', 'Борис');
  pick('Игрок на месте 3', 'Вера');
  pick('Игрок на месте 4', 'Петя');
  fireEvent.click(screen.getByLabelText('Гость на месте 4'));
}

describe('the paper score sheet (issue 24 point 4)', () => {
  it('a_small_game_filled_in_gets_its_winner_from_the_rules_and_saves_as_the_protocol_with_its_guest', async () => {
    const { s, saved } = await openForm();
    seatFour();
    expect((screen.getByLabelText('Роль на месте 1') as HTMLSelectElement).value).toBe('don');
    fillTownWinsOnDayOne();
    expect(screen.getByTestId('paper-winner').textContent).toBe('По правилам победа: Мирные.');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить игру' }));
    await waitFor(() => expect(saved.n).toBe(1));
    const post = s.calls.find((c) => c.method === 'POST' && c.path === '/api/evenings/e1/games')!;
    expect(post.body).toEqual({
      protocol: {
        format: 'mafia-protocol/1', preset: 'classic',
        seats: ['don', 'commissar', 'civilian', 'civilian'],
        names: ['Аня', 'Борис', 'Вера', 'Петя'],
        steps: [{ night: 1, acts: [] }, { day: 1, nominations: [[2, 1], [3, 2]], votes: { 1: [2, 3, 4] } }],
      },
      guests: [4],
    });
  });

  it('a_rule_error_is_shown_next_to_its_field_in_words_and_the_game_cannot_be_saved', async () => {
    const { s } = await openForm();
    seatFour();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ночь 1' }));
    // The introduction night: nobody acts (R-PHASE-1).
    pick('Проверка Дона', '2', screen.getByTestId('paper-night-1'));
    const note = screen.getByTestId('paper-err-step-0-don');
    expect(note.textContent).toMatch(/ознакомительн|знакомств/i);
    expect(note.textContent).not.toMatch(/introduction-night|R-PHASE|steps\[/);
    expect(screen.getByLabelText('Проверка Дона').getAttribute('aria-describedby')).toBe('paper-err-step-0-don');
    expect(screen.getByRole('button', { name: 'Сохранить игру' })).toHaveProperty('disabled', true);
    // Corrected: the note goes.
    pick('Проверка Дона', '', screen.getByTestId('paper-night-1'));
    expect(screen.queryByTestId('paper-err-step-0-don')).toBeNull();
    // A name that is no member, not marked a guest: said beside the seat.
    fireEvent.click(screen.getByLabelText('Гость на месте 4'));
    expect(screen.getByTestId('paper-err-seat-3-name').textContent).toContain('Такого участника в клубе нет');
    // Seat numbers that are not numbers: said beside the field, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Добавить день 1' }));
    pick('Фолы (номера по порядку)', 'два', screen.getByTestId('paper-day-1'));
    expect(screen.getByTestId('paper-err-step-1-fouls').textContent).toBe('Нужны номера мест через пробел или запятую.');
    expect(s.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the_evening_page_offers_the_sheet_and_no_developer_terms', async () => {
    const s = fakeServer({ ...CSRF, 'GET /api/clubs/c1/members': { body: { members: MEMBERS } } });
    const page = {
      evening: { id: 'e1', clubId: 'c1', preset: 'classic' }, games: [{ id: 'p1', tableNo: null, gameNo: null, roomCode: null, protocol: true, winner: 'town', seats: [{ seat: 1, userId: null, nickname: 'Петя' }] }],
    };
    await renderClub({ path: '/', url: '/', element: <Games page={page as never} host onChanged={() => {}} />, api: s.api, lng: 'ru' });
    expect(screen.getByText(/1\. Петя \(гость\)/)).toBeTruthy();
    fireEvent.click(screen.getByText('Ввести протокол'));
    await screen.findByTestId('paper-form');
    expect(document.body.textContent).not.toMatch(/JSON|replay|spec\/|protocol\.md/i);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('a_guest_is_named_as_a_guest_on_the_game_page_without_a_member_link', async () => {
    const page = { ...TOWN_WINS, seats: TOWN_WINS.seats.map((x) => (x.seat === 4 ? { ...x, userId: null, nickname: 'Петя' } : x)) };
    const s = fakeServer({ 'GET /api/clubs/c1/games/g1': { body: page } });
    await renderClub({ path: '/club/:clubId/games/:gameId', url: '/club/c1/games/g1', element: <GameScreen />, api: s.api, lng: 'ru' });
    const seat4 = await screen.findByTestId('game-seat-4');
    expect(seat4.querySelector('td:nth-child(2)')!.textContent).toBe('Петя (гость)');
    expect(within(seat4).queryByRole('link')).toBeNull();
  });

  it('the_evenings_results_list_a_guest_apart_from_the_ranked_members', async () => {
    const results = {
      evening: { id: 'e1', clubId: 'c1', startsAt: new Date(2030, 2, 1, 19, 0).getTime(), place: 'Кафе', weight: 1, preset: 'classic' },
      games: [{ gameId: 'g1', tableNo: null, gameNo: null, winner: 'town' }],
      rows: [{ rank: 1, userId: 'u1', nickname: 'Аня', games: 1, wins: 1, points: 3, score: 40, penalties: 0, total: 40 }],
      guests: [{ nickname: 'Петя', games: 1, wins: 1, points: 2.5 }],
    };
    const s = fakeServer({ 'GET /api/evenings/e1/results': { body: results } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId/results', url: '/club/c1/evenings/e1/results', element: <EveningResultsScreen />, api: s.api, lng: 'ru' });
    const table = await screen.findByRole('table', { name: 'Таблица вечера' });
    expect(within(table).queryByText('Петя')).toBeNull();
    expect(screen.getByTestId('results-guests').textContent).toBe('Петя: 1 игра, побед: 1, баллы: 2,5');
  });
});

describe('a score sheet opened from a file', () => {
  it('a_file_opened_before_the_members_are_in_is_read_against_them_once_they_are', async () => {
    // The members' answer waits until the test lets it through: the file is opened before it.
    let letThrough: () => void = () => {};
    const gate = new Promise<void>((r) => (letThrough = r));
    const s = fakeServer({ ...CSRF, 'GET /api/clubs/c1/members': { body: { members: MEMBERS } } });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes('/members')) await gate;
      return s.fetch(input, init);
    };
    await renderClub({ path: '/', url: '/', element: <ProtocolForm clubId="c1" eveningId="e1" preset="classic" onSaved={() => {}} />, api: createClubApi({ fetch }), lng: 'ru' });
    const doc = {
      format: 'mafia-protocol/1', preset: 'classic', seats: ['don', 'commissar', 'civilian', 'civilian'], names: ['Аня', 'Борис', 'Вера', 'Петя'],
      steps: [{ night: 1, acts: [] }, { day: 1, nominations: [[2, 1], [3, 2]], votes: { 1: [2, 3, 4] } }],
    };
    const file = new File([JSON.stringify(doc)], 'game.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('paper-file'), { target: { files: [file] } });
    // Nothing is read yet: the sheet still has its empty seats.
    await new Promise((r) => setTimeout(r, 50));
    expect((screen.getByLabelText('Игрок на месте 1') as HTMLInputElement).value).toBe('');
    letThrough();
    await waitFor(() => expect((screen.getByLabelText('Игрок на месте 4') as HTMLInputElement).value).toBe('Петя'));
    // The members are members, the one nobody knows is the guest: nothing refused, the game can be saved.
    expect((screen.getByLabelText('Гость на месте 1') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Гость на месте 4') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect((screen.getByRole('button', { name: 'Сохранить игру' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

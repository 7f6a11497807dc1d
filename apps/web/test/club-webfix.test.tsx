// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { resources } from '../src/i18n/resources';
import { ClubApiError } from '../src/net/clubApi';
import { createSecrets, memoryStore } from '../src/net/secrets';
import AnswerScreen from '../src/screens/club/answer';
import { asClubError, clubErrorText } from '../src/screens/club/common/errors';
import { Ledger } from '../src/screens/club/common/Ledger';
import EveningScreen from '../src/screens/club/evening';
import { Door } from '../src/screens/club/evening/Door';
import { Games } from '../src/screens/club/evening/Games';
import { Tables } from '../src/screens/club/evening/Tables';
import MemberPage from '../src/screens/club/member';
import { AddMember } from '../src/screens/club/members/AddMember';
import { fakeServer, renderClub } from './club-fake';
import { profileGame, profileOf } from './club-profile-fixture';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const startsAt = Date.UTC(2030, 4, 17, 16, 0);
const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt - 3_600_000, place: 'Невский, 1', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, counts: { invited: 4, yes: 4, no: 0, none: 0 } };
const here = (userId: string, nickname: string, leftAt: number | null = null) => ({ userId, nickname, arrivedAt: startsAt, late: false, leftAt, replacementUserId: null, gamesPlayed: 0, unplayed: 0 });
const inv = (userId: string, nickname: string) => ({ userId, nickname, answer: 'yes' as const, answeredAt: startsAt - 86_400_000 * 2, unanswered: false });
const basePage = {
  evening,
  me: { role: 'host' as const, answer: 'yes' as const },
  invitations: [inv('u1', 'Шериф'), inv('u2', 'Дон'), inv('u3', 'Кот'), inv('u4', 'Лис'), inv('u5', 'Ёж')],
  attendance: [here('u1', 'Шериф'), here('u2', 'Дон'), here('u3', 'Кот'), here('u4', 'Лис', startsAt + 3_600_000), here('u5', 'Ёж')],
  tables: [{ tableNo: 1, roomCode: 'K7QX2M', seatSeed: 1, seats: [{ seat: 1, userId: 'u1', nickname: 'Шериф' }, { seat: 2, userId: 'u2', nickname: 'Дон' }, { seat: 3, userId: null, nickname: 'игрок 3' }] }],
  games: [],
  ledger: [],
};

describe('the door offers only replacements the server takes', () => {
  it('a_replacement_is_present_not_seated_not_left_and_not_the_leaver', async () => {
    const s = fakeServer({});
    await renderClub({ path: '/', url: '/', element: <Door page={basePage} host onChanged={() => {}} />, api: s.api, lng: 'ru' });
    const options = (userId: string) => within(screen.getByTestId(`door-${userId}`)).getAllByRole('option').map((o) => o.textContent);
    // Шериф and Дон sit at table 1, Лис has left: only Кот and Ёж can replace, never himself.
    expect(options('u1')).toEqual(['Без замены', 'Кот', 'Ёж']);
    expect(options('u3')).toEqual(['Без замены', 'Ёж']);
  });
});

describe('games on paper', () => {
  it('paper_games_are_numbered_by_their_place_among_paper_games_after_the_tables_games', async () => {
    const seats = [{ seat: 1, userId: 'u1', nickname: 'Шериф' }];
    const game = (id: string, tableNo: number | null, gameNo: number | null) => ({ id, tableNo, gameNo, roomCode: null, protocol: tableNo === null, winner: 'town', seats });
    const page = { ...basePage, games: [game('p1', null, null), game('t2', 1, 2), game('p2', null, null), game('t1', 1, 1)] };
    await renderClub({ path: '/', url: '/', element: <Games page={page} host={false} onChanged={() => {}} />, api: fakeServer({}).api, lng: 'en' });
    const titles = screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent);
    expect(titles).toEqual(['Table 1, game 1', 'Table 1, game 2', 'Game on paper 1', 'Game on paper 2']);
  });
});

describe('values the server may send as null', () => {
  it('a_table_without_a_room_has_no_host_console_link', async () => {
    const page = { ...basePage, tables: [{ ...basePage.tables[0]!, roomCode: null }] };
    await renderClub({ path: '/', url: '/', element: <Tables page={page} host onChanged={() => {}} secrets={createSecrets(memoryStore())} />, api: fakeServer({}).api, lng: 'ru' });
    expect(screen.getByTestId('table-1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Пульт ведущего/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Экран стола/ })).toBeNull();
  });

  it('a_ledger_entry_of_a_deleted_member_shows_a_dash', async () => {
    const entry = { id: 'l1', userId: null, nickname: null, eveningId: 'e1', rule: 'late', points: -5, reason: 'late', createdAt: startsAt, createdBy: null, cancelledAt: null };
    await renderClub({ path: '/', url: '/', element: <Ledger entries={[entry]} admin />, api: fakeServer({}).api, lng: 'ru' });
    expect(screen.getByTestId('ledger-l1').textContent).toContain('· —');
    expect(screen.getByLabelText(/—/)).toBeTruthy();
  });

  it('the_member_page_shows_a_dash_for_a_paper_games_table_and_number', async () => {
    const member = { userId: 'u1', nickname: 'Шериф', role: 'member', onList: true, unansweredStreak: 0, points: 0 };
    const s = fakeServer({
      'GET /api/clubs/c1': { body: { club: { id: 'c1', name: 'Клуб' }, me: { role: 'member', nickname: 'Шериф' }, upcoming: [] } },
      'GET /api/clubs/c1/members/u1': {
        body: { member, evenings: [], ledger: [], points: 0, games: [{ gameId: 'g1', eveningId: 'e1', startsAt, tableNo: null, gameNo: null, seat: 4, winner: 'mafia' }] },
      },
      'GET /api/clubs/c1/members/u1/profile': { body: profileOf('u1', 'Шериф', { games: [profileGame({ gameId: 'g1', eveningId: 'e1', at: startsAt, seat: 4, winner: 'mafia', won: false })] }) },
    });
    await renderClub({ path: '/club/:clubId/members/:userId', url: '/club/c1/members/u1', element: <MemberPage />, api: s.api, lng: 'ru' });
    const row = within(await screen.findByTestId('profile-games')).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(-3)).toEqual(['—', '—', '4']);
  });
});

describe('the invitation of a cancelled evening', () => {
  it('says_the_evening_is_cancelled_instead_of_answers_closed', async () => {
    const s = fakeServer({
      'GET /api/invitations/C1': {
        body: { club: { name: 'Клуб' }, evening: { startsAt, answerBy: startsAt, place: 'Невский, 1' }, nickname: 'Кот', answer: null, open: false, cancelled: true, lateDeclineFrom: startsAt - 86_400_000 },
      },
    });
    await renderClub({ path: '/i/:token', url: '/i/C1', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    expect((await screen.findByTestId('closed')).textContent).toBe('Вечер отменён.');
    expect(screen.queryByText('Приём ответов на это приглашение закрыт.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Нет' })).toBeNull();
  });

  it('a_refusal_whose_message_looks_like_a_stack_shows_neither_the_stack_nor_the_code', async () => {
    const s = fakeServer({
      'GET /api/invitations/B1': { body: { club: { name: 'Клуб' }, evening: { startsAt, answerBy: startsAt, place: 'x' }, nickname: 'Кот', answer: null, open: true, cancelled: false, lateDeclineFrom: 0 } },
      'POST /api/invitations/B1': { status: 409, body: { error: { code: 'brand-new', message: 'Error: boom\n    at answer (index.ts:10:5)' } } },
    });
    await renderClub({ path: '/i/:token', url: '/i/B1', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    fireEvent.click(await screen.findByRole('button', { name: 'Нет' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Что-то пошло не так.');
    expect(alert.textContent).not.toContain('brand-new');
  });
});

describe('nickname fields stop at the server limit', () => {
  it('the_add_member_nickname_takes_at_most_40_characters', async () => {
    await renderClub({ path: '/', url: '/', element: <AddMember clubId="c1" onAdded={() => {}} />, api: fakeServer({}).api, lng: 'ru' });
    expect((screen.getByLabelText('Игровой ник') as HTMLInputElement).maxLength).toBe(40);
  });
});

describe('refusals in words', () => {
  const SERVER_FIELD_CODES = ['bad-email', 'bad-name', 'bad-phone', 'bad-locale', 'bad-password', 'bad-nickname', 'bad-time', 'nobody-here'];

  it('every_field_code_of_the_server_is_translated_in_both_languages', () => {
    for (const lng of ['ru', 'en'] as const) {
      const errors = resources[lng].club.errors as Record<string, string>;
      expect({ lng, missing: SERVER_FIELD_CODES.filter((c) => !errors[c]) }).toEqual({ lng, missing: [] });
    }
    expect(resources.ru.club.errors['bad-email']).toBe('Адрес e-mail записан неверно.');
  });

  it('names_the_values_the_server_sends_in_its_params', () => {
    const i18n = createI18n();
    const ru = i18n.getFixedT('ru', 'club');
    const en = i18n.getFixedT('en', 'club');
    const named = (t: unknown, code: string, params: Record<string, unknown>) => clubErrorText(t, new ClubApiError(code, 'x', 409, undefined, params));
    expect(named(ru, 'already-left', { nickname: 'Кот' })).toBe('«Кот» уже ушёл.');
    expect(named(ru, 'not-invited', { nickname: 'Ёж' })).toBe('«Ёж» не приглашён на этот вечер.');
    expect(named(ru, 'off-the-list', { nickname: 'Лис' })).toBe('«Лис» снят с рассылки: сначала верните его в список.');
    expect(named(ru, 'already-checked-in', { nickname: 'Кот', arrivedAt: 1 })).toBe('Приход «Кот» уже отмечен.');
    expect(named(ru, 'not-checked-in', { nickname: 'Кот' })).toBe('Приход «Кот» не отмечен.');
    expect(named(ru, 'bad-table-size', { table: 2, size: 4, min: 7, max: 12, here: 11 })).toBe('Стол 2: игроков было бы 4, а по правилам вечера нужно от 7 до 12.');
    expect(named(ru, 'bad-table-size', { table: 2, size: 6, min: 7, max: 16, here: 15, missing: 1 })).toBe('Стол 2: игроков было бы 6, а по правилам вечера нужно от 7 до 16. Не хватает 1 игрока.');
    expect(named(ru, 'bad-table-size', { table: 1, size: 3, min: 7, max: 16, here: 3, missing: 4 })).toBe('Стол 1: игроков было бы 3, а по правилам вечера нужно от 7 до 16. Не хватает 4 игроков.');
    expect(named(en, 'bad-table-size', { table: 1, size: 5, min: 7, max: 16, here: 5, missing: 2 })).toBe("Table 1 would seat 5 players; the evening's rules play with 7 to 16. 2 more players are needed.");
    expect(named(ru, 'evening-full', { capacity: 20 })).toBe('Мест на вечер больше нет: все 20 заняты.');
    expect(named(ru, 'too-many-requests', { retryAfterSeconds: 610 })).toBe('Слишком много попыток: попробуйте снова через 11 мин.');
    expect(named(en, 'too-many-requests', { retryAfterSeconds: 5 })).toBe('Too many attempts: try again in 1 min.');
    const answerBy = Date.UTC(2030, 4, 17, 15, 0);
    const when = (lng: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(answerBy);
    expect(named(ru, 'answers-closed', { answerBy })).toBe(`Приём ответов на это приглашение закрылся ${when('ru')}.`);
    expect(named(en, 'answers-closed', { answerBy })).toBe(`Answers to this invitation closed on ${when('en')}.`);
    // A param missing: the plain sentence.
    expect(named(ru, 'bad-table-size', { table: 2 })).toBe('Столько столов из присутствующих не собрать.');
    expect(named(ru, 'too-many-requests', {})).toBe('Слишком много попыток: подождите минуту и попробуйте снова.');
  });

  it('a_page_fault_shows_the_generic_sentence_not_its_message', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    const e = asClubError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(clubErrorText(i18n.getFixedT('en', 'club'), e)).toBe('Something went wrong.');
  });
});

describe('the evening page with the fixes together', () => {
  it('renders_a_seated_evening_with_a_paper_game_and_a_null_nickname', async () => {
    const page = {
      ...basePage,
      games: [{ id: 'p1', tableNo: null, gameNo: null, roomCode: null, protocol: true, winner: 'town', seats: [] }],
      ledger: [{ id: 'l9', userId: null, nickname: null, eveningId: 'e1', rule: 'left-early', points: -6, reason: 'left', createdAt: startsAt, createdBy: null, cancelledAt: null }],
    };
    const s = fakeServer({ 'GET /api/evenings/e1': { body: page } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'ru' });
    expect(await screen.findByText('Игра на бумаге 1')).toBeTruthy();
    expect(screen.getByTestId('ledger-l9').textContent).toContain('· —');
  });
});

describe('the number of tables follows the door', () => {
  /** The evening page as the door changes it: each click checks one more member in. */
  function Arrivals({ start }: { readonly start: number }) {
    const [n, setN] = useState(start);
    const attendance = Array.from({ length: n }, (_, i) => here(`a${i}`, `Игрок ${i + 1}`));
    return (
      <>
        <button type="button" onClick={() => setN((k) => k + 10)}>
          arrive
        </button>
        <Tables page={{ ...basePage, attendance, tables: [] }} host onChanged={() => {}} secrets={createSecrets(memoryStore())} />
      </>
    );
  }

  it('the_suggested_count_follows_arrivals_until_the_host_types_his_own', async () => {
    await renderClub({ path: '/', url: '/', element: <Arrivals start={10} />, api: fakeServer({}).api, lng: 'ru' });
    const count = () => (screen.getByLabelText('Столов') as HTMLInputElement).value;
    expect(count()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'arrive' }));
    expect(count()).toBe('2');
    fireEvent.change(screen.getByLabelText('Столов'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'arrive' }));
    expect(count()).toBe('1');
  });
});

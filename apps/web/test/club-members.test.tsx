// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import { afterEach, describe, expect, it } from 'vitest';
import Account from '../src/screens/club/account';
import MemberPage from '../src/screens/club/member';
import Members from '../src/screens/club/members';
import { CSRF, fakeServer, renderClub } from './club-fake';
import { profileGame, profileOf } from './club-profile-fixture';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function unnamedControls(): string[] {
  return [...document.body.querySelectorAll('button, input, select, textarea, a')].filter((el) => computeAccessibleName(el).trim() === '').map((el) => el.outerHTML.slice(0, 120));
}

const club = (role: string) => ({ body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role, nickname: 'Я' }, upcoming: [] } });
const off = { userId: 'u2', nickname: 'Лис', role: 'member', name: 'Алиса Лисина', email: 'lis@example.org', phone: '+7 900', onList: false, unansweredStreak: 3, offListAt: 1, invitations: { sent: 5, yes: 1, no: 1, unanswered: 3 }, points: -10 };

describe('the members list', () => {
  it('an_admin_sees_the_invitation_counts_the_off_list_badge_and_restores_a_member', async () => {
    let restored = false;
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club('admin'),
      'GET /api/clubs/c1/members': () => ({ body: { members: [restored ? { ...off, onList: true, unansweredStreak: 0 } : off] } }),
      'PATCH /api/clubs/c1/members/u2': (c) => {
        restored = (c.body as { restore?: boolean }).restore === true;
        return { body: { member: off } };
      },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    const row = await screen.findByTestId('member-u2');
    expect(within(row).getByText('Снят с рассылки')).toBeTruthy();
    expect(row.textContent).toContain('Приглашений: 5, ДА 1, НЕТ 1, без ответа 3');
    expect(row.textContent).toContain('без ответа подряд: 3');
    expect(row.textContent).toContain('lis@example.org');
    expect(unnamedControls()).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: /Вернуть в список/ }));
    await waitFor(() => expect(within(screen.getByTestId('member-u2')).queryByText('Снят с рассылки')).toBeNull());
    expect(s.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ restore: true });
  });

  it('a_member_sees_nicknames_and_roles_and_no_admin_controls', async () => {
    const s = fakeServer({
      'GET /api/clubs/c1': club('member'),
      'GET /api/clubs/c1/members': { body: { members: [{ userId: 'u2', nickname: 'Лис', role: 'host', onList: true, unansweredStreak: 0, points: 0 }] } },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    const row = await screen.findByTestId('member-u2');
    expect(within(row).getByText('Ведущий')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
  });
});

describe("a member's page", () => {
  it('shows_his_evenings_games_penalties_and_total', async () => {
    const startsAt = Date.UTC(2030, 0, 10, 16);
    const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt, place: 'Невский', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, counts: { invited: 1, yes: 1, no: 0, none: 0 } };
    const s = fakeServer({
      'GET /api/clubs/c1': club('member'),
      'GET /api/clubs/c1/members/u2': {
        body: {
          member: { ...off, name: undefined, email: undefined, phone: undefined, invitations: undefined },
          evenings: [{ evening, answer: 'yes', arrivedAt: startsAt + 9 * 60_000, leftAt: null, late: true, gamesPlayed: 2 }],
          games: [{ gameId: 'g1', eveningId: 'e1', startsAt, tableNo: 1, gameNo: 2, seat: 7, winner: 'mafia' }],
          ledger: [
            { id: 'l1', userId: 'u2', nickname: 'Лис', eveningId: 'e1', rule: 'late', points: -5, reason: '9 minutes late', createdAt: startsAt, createdBy: null },
            { id: 'l2', userId: 'u2', nickname: 'Лис', eveningId: 'e1', rule: 'left-early', points: -3, reason: 'left', createdAt: startsAt, createdBy: null, cancelledAt: startsAt + 1, cancelledBy: 'u0', cancelNote: 'заменил сам' },
          ],
          points: -5,
        },
      },
      'GET /api/clubs/c1/members/u2/profile': {
        body: profileOf('u2', 'Лис', {
          games: [profileGame({ gameId: 'g1', eveningId: 'e1', at: startsAt, tableNo: 1, gameNo: 2, seat: 7, role: 'mafia', team: 'mafia', won: true, points: 4, winner: 'mafia' })],
          penalties: [
            { id: 'l1', userId: 'u2', nickname: 'Лис', eveningId: 'e1', rule: 'late', points: -5, reason: '9 minutes late', createdAt: startsAt, createdBy: null },
            { id: 'l2', userId: 'u2', nickname: 'Лис', eveningId: 'e1', rule: 'left-early', points: -3, reason: 'left', createdAt: startsAt, createdBy: null, cancelledAt: startsAt + 1, cancelledBy: 'u0', cancelNote: 'заменил сам' },
          ],
        }),
      },
    });
    await renderClub({ path: '/club/:clubId/members/:userId', url: '/club/c1/members/u2', element: <MemberPage />, api: s.api, lng: 'ru' });
    expect((await screen.findByTestId('member-points')).textContent).toBe('\u22125');
    expect(screen.getByText('опоздал')).toBeTruthy();
    // His game: table 1, game 2, seat 7, a mafioso who won, 4 points, not rated.
    expect(within(screen.getByTestId('profile-games')).getAllByRole('row')[1]!.textContent).toContain('МафияПобеда4—127');
    expect(screen.getByTestId('ledger-l1').textContent).toContain('Опоздание более чем на 5 минут');
    const cancelled = screen.getByTestId('ledger-l2');
    expect(cancelled.getAttribute('data-cancelled')).toBe('true');
    expect(cancelled.querySelector('.club-struck')!.textContent).toContain('Ушёл без замены: −3 за каждую несыгранную игру');
    expect(cancelled.textContent).toContain('Отменён: заменил сам');
  });
});

describe('my account', () => {
  it('deletes_the_account_only_after_the_email_is_typed', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/me': { body: { user: { id: 'u1', email: 'ivan@example.org', name: 'Иван', phone: null, locale: 'ru', hasPassword: false }, clubs: [{ id: 'c1', name: 'Клуб', role: 'member', nickname: 'Кот' }] } },
      'DELETE /api/me': { body: { ok: true } },
    });
    await renderClub({ path: '/account', url: '/account', element: <Account />, api: s.api, lng: 'ru', extra: { '/': <p>home page</p> } });
    const del = await screen.findByRole('button', { name: 'Удалить аккаунт' });
    expect((del as HTMLButtonElement).disabled).toBe(true);
    expect(unnamedControls()).toEqual([]);
    expect(screen.getByLabelText('Участники видят мой телефон')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ваш e-mail'), { target: { value: 'ivan@example.org' } });
    fireEvent.click(del);
    await screen.findByText('home page');
    expect(s.calls.find((c) => c.method === 'DELETE')!.body).toEqual({ confirm: 'ivan@example.org' });
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import EveningScreen from '../src/screens/club/evening';
import JoinScreen from '../src/screens/club/join';
import Members from '../src/screens/club/members';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const club = { body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role: 'admin', nickname: 'Я' }, upcoming: [] } };
const pending = { userId: 'u9', nickname: 'Ева', role: 'member', status: 'invited', onList: false, unansweredStreak: 0, invitations: { sent: 0, yes: 0, no: 0, unanswered: 0 }, points: 0 };

describe('pending members on the members page', () => {
  it('an_admin_sees_invited_with_resend_and_withdraw_and_a_too_early_resend_is_named_in_russian', async () => {
    let gone = false;
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club,
      'GET /api/clubs/c1/members': () => ({ body: { members: gone ? [] : [pending] } }),
      'POST /api/clubs/c1/members/u9/invite': { status: 429, body: { error: { code: 'invite-resent-recently', message: 'sent a moment ago', params: { count: 7 } } } },
      'DELETE /api/clubs/c1/members/u9/invite': () => {
        gone = true;
        return { body: { removed: true } };
      },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    const row = await screen.findByTestId('member-u9');
    expect(within(row).getByText('Приглашён(а)')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Вернуть в список/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Отправить приглашение ещё раз: Ева' }));
    await within(row).findByText('Приглашение только что отправлено: повторить можно через 7 минут.');
    fireEvent.click(within(row).getByRole('button', { name: 'Отозвать приглашение: Ева' }));
    await waitFor(() => expect(screen.queryByTestId('member-u9')).toBeNull());
    expect(s.calls.filter((c) => c.path.endsWith('/invite')).map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('the invitation to join page', () => {
  it('shows_the_club_and_accepts_with_one_post', async () => {
    const s = fakeServer({
      ...CSRF,
      'POST /api/join/show': { body: { club: { id: 'c1', name: 'Мафия на Невском' }, nickname: 'Ева' } },
      'POST /api/join/accept': { body: { clubId: 'c1', user: { id: 'u1', email: 'eva@example.com', name: null, phone: null, locale: 'ru', hasPassword: false }, csrfToken: 'tok-2' } },
    });
    await renderClub({ path: '/join/:token', url: '/join/abc', element: <JoinScreen />, api: s.api, lng: 'ru' });
    await screen.findByText('Клуб «Мафия на Невском» приглашает вас вступить под ником «Ева».');
    expect(s.calls.some((c) => c.path === '/api/join/accept')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Принять и вступить' }));
    await screen.findByText('Вы участник клуба «Мафия на Невском».');
    expect(s.calls.find((c) => c.path === '/api/join/accept')!.body).toEqual({ token: 'abc' });
  });

  for (const [lng, text] of [['ru', 'Срок приглашения истёк: попросите клуб прислать его снова.'], ['en', 'This invitation has expired: ask the club to send it again.']] as const) {
    it(`an_expired_link_says_so_in_${lng}`, async () => {
      const s = fakeServer({ ...CSRF, 'POST /api/join/show': { status: 400, body: { error: { code: 'join-expired', message: 'this invitation link has expired', path: 'token' } } } });
      await renderClub({ path: '/join/:token', url: '/join/old', element: <JoinScreen />, api: s.api, lng });
      await screen.findByText(text);
      expect(screen.queryByRole('button', { name: lng === 'ru' ? 'Принять и вступить' : 'Accept and join' })).toBeNull();
    });
  }
});

describe('the door and nickname-only members', () => {
  it('a_host_is_offered_a_member_who_has_not_accepted_yet_and_checks_him_in', async () => {
    const startsAt = Date.UTC(2030, 4, 17, 16, 0);
    const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt, place: 'Невский, 1', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, counts: { invited: 0, yes: 0, no: 0, none: 0 } };
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': { body: { evening, me: { role: 'host', answer: null }, invitations: [], nicknameOnly: [{ userId: 'u9', nickname: 'Ева' }], attendance: [], tables: [], games: [], ledger: [] } },
      'POST /api/evenings/e1/checkin': { body: { attendance: { userId: 'u9', nickname: 'Ева', arrivedAt: startsAt, late: false, leftAt: null, replacementUserId: null, gamesPlayed: 0, unplayed: 0 } } },
    });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'ru' });
    const row = await screen.findByTestId('door-u9');
    fireEvent.click(within(row).getByRole('button', { name: /Отметить приход/ }));
    await waitFor(() => expect(s.calls.find((c) => c.path === '/api/evenings/e1/checkin')?.body).toMatchObject({ userId: 'u9' }));
  });
});

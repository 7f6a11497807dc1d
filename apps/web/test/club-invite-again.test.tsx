// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Members from '../src/screens/club/members';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Issue 23 (what was left): «Пригласить снова» for a withdrawn, declined or expired nickname-only member. */
const club = { body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role: 'admin', nickname: 'Я' }, upcoming: [] } };
const base = { role: 'member', onList: false, unansweredStreak: 0, invitations: { sent: 0, yes: 0, no: 0, unanswered: 0 }, points: 0 };
const kept = { ...base, userId: 'u7', nickname: 'Ева', status: 'nickname' };
const expired = { ...base, userId: 'u8', nickname: 'Кот', status: 'expired' };

describe('inviting a nickname-only member again', () => {
  it('an_admin_types_the_address_and_the_member_is_invited_again_in_russian', async () => {
    let sent = false;
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club,
      'GET /api/clubs/c1/members': () => ({ body: { members: [sent ? { ...kept, status: 'invited' } : kept, expired] } }),
      'POST /api/clubs/c1/members/u7/invite': () => {
        sent = true;
        return { body: { sent: true } };
      },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    const row = await screen.findByTestId('member-u7');
    expect(within(row).getByText('Только ник')).toBeTruthy();
    // The expired one says so, and can be invited again or withdrawn.
    const other = screen.getByTestId('member-u8');
    expect(within(other).getByText('Приглашение истекло')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Пригласить снова: Кот' })).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Отозвать приглашение: Кот' })).toBeTruthy();
    // A withdrawn one has no withdraw button: only «Пригласить снова».
    expect(within(row).queryByRole('button', { name: /Отозвать/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Пригласить снова: Ева' }));
    fireEvent.change(within(row).getByLabelText('E-mail, на который пригласить «Ева»'), { target: { value: ' eva@example.com ' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Отправить приглашение' }));
    await waitFor(() => expect(within(screen.getByTestId('member-u7')).getByText('Приглашён(а)')).toBeTruthy());
    expect(s.calls.filter((c) => c.path.endsWith('/invite')).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/clubs/c1/members/u7/invite', { email: 'eva@example.com', locale: 'ru' }],
    ]);
  });

  it('a_refusal_is_shown_in_english_and_nothing_changes', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club,
      'GET /api/clubs/c1/members': { body: { members: [kept] } },
      'POST /api/clubs/c1/members/u7/invite': { status: 429, body: { error: { code: 'invite-resent-recently', message: 'sent a moment ago', params: { count: 4 } } } },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'en' });
    const row = await screen.findByTestId('member-u7');
    fireEvent.click(within(row).getByRole('button', { name: 'Invite Ева again' }));
    fireEvent.change(within(row).getByLabelText('E-mail to invite «Ева» at'), { target: { value: 'eva@example.com' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Send the invitation' }));
    await within(row).findByText('The invitation was just sent: it can be sent again in 4 minutes.');
    expect(within(row).getByText('Nickname only')).toBeTruthy();
    expect(s.calls.filter((c) => c.path.endsWith('/invite')).map((c) => c.body)).toEqual([{ email: 'eva@example.com', locale: 'en' }]);
  });
});

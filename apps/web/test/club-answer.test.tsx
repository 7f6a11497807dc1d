// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AnswerScreen from '../src/screens/club/answer';
import { fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const HOUR = 3_600_000;
const startsAt = Date.now() + 2 * HOUR;
const invitation = {
  club: { name: 'Мафия на Невском' },
  evening: { startsAt, answerBy: startsAt, place: 'Невский, 1' },
  nickname: 'Шериф',
  answer: 'yes',
  open: true,
  lateDeclineFrom: startsAt - 24 * HOUR,
  invitedLate: false,
};
const penalty = {
  id: 'l1', userId: 'u1', nickname: 'Шериф', eveningId: 'e1', rule: 'late-decline', points: -10, reason: 'withdrew a YES 1 h 59 min before the evening',
  params: { hours: 1, minutes: 59, withdrawn: 1 }, createdAt: Date.now(), createdBy: null,
};

describe('the invitation answer page (/i/:token)', () => {
  it('a_get_never_answers_and_one_tap_posts_exactly_one_answer_and_shows_the_penalty', async () => {
    const s = fakeServer({
      'GET /api/invitations/T1': { body: invitation },
      'POST /api/invitations/T1': (c) => ({ body: { answer: (c.body as { answer: string }).answer, penalty } }),
    });
    await renderClub({ path: '/i/:token', url: '/i/T1?a=no', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    const no = await screen.findByRole('button', { name: 'Нет' });
    const yes = screen.getByRole('button', { name: 'Да, приду' });
    // ?a=no marks the button the e-mail's link named; nothing is sent by opening the page.
    expect(no.getAttribute('data-hint')).toBe('true');
    expect(yes.getAttribute('data-hint')).toBe('false');
    expect(yes.getAttribute('aria-pressed')).toBe('true');
    expect(s.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByText('Невский, 1')).toBeTruthy();

    fireEvent.click(no);
    fireEvent.click(no); // a second tap while the first is on its way sends nothing
    await screen.findByText('Ответ принят: НЕТ');
    const posts = s.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ answer: 'no' });
    expect(posts[0]!.headers['x-csrf-token']).toBeUndefined();
    // Issue 24 point 5: the exact time, not «за 1 час» for 1 h 59 min.
    expect(screen.getByTestId('penalty').textContent).toBe('\u221210: отозвал ДА за 1 час 59 минут до вечера (позже чем за сутки)');
    expect(no.getAttribute('aria-pressed')).toBe('true');
  });

  it('a_member_invited_less_than_a_day_before_is_told_a_no_costs_nothing_only_a_withdrawn_yes', async () => {
    const s = fakeServer({ 'GET /api/invitations/T4': { body: { ...invitation, answer: null, invitedLate: true } } });
    await renderClub({ path: '/i/:token', url: '/i/T4', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    expect((await screen.findByTestId('late-decline-rule')).textContent).toBe('Приглашение пришло меньше чем за сутки до вечера: отказ ничего не стоит, а отказ после ответа ДА стоит −10 рейтинговых очков.');
    cleanup();
    const en = fakeServer({ 'GET /api/invitations/T5': { body: { ...invitation, answer: null } } });
    await renderClub({ path: '/i/:token', url: '/i/T5', element: <AnswerScreen />, api: en.api, lng: 'en' });
    expect((await screen.findByTestId('late-decline-rule')).textContent).toMatch(/^A NO from .+ on costs −10 rating points\.$/);
  });

  it('an_answer_after_the_deadline_is_refused_in_russian', async () => {
    const s = fakeServer({
      'GET /api/invitations/T2': { body: { ...invitation, answer: null } },
      'POST /api/invitations/T2': { status: 409, body: { error: { code: 'answers-closed', message: 'answers closed at 2025-01-01T18:00:00Z' } } },
    });
    await renderClub({ path: '/i/:token', url: '/i/T2', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    fireEvent.click(await screen.findByRole('button', { name: 'Да, приду' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Приём ответов на это приглашение закрыт.');
    expect(alert.getAttribute('data-code')).toBe('answers-closed');
    expect(screen.getByTestId('current-answer').textContent).toBe('Вы ещё не ответили.');
  });

  it('a_forged_link_says_so_in_english_and_shows_no_buttons', async () => {
    const s = fakeServer({ 'GET /api/invitations/XX': { status: 404, body: { error: { code: 'invitation-unknown', message: 'no such invitation' } } } });
    await renderClub({ path: '/i/:token', url: '/i/XX', element: <AnswerScreen />, api: s.api, lng: 'en' });
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation link is not valid.');
    expect(screen.queryByRole('button', { name: "Yes, I'll come" })).toBeNull();
  });

  it('an_unknown_code_shows_the_servers_own_message', async () => {
    const s = fakeServer({
      'GET /api/invitations/T3': { body: invitation },
      'POST /api/invitations/T3': { status: 409, body: { error: { code: 'brand-new-code', message: 'The moon is not full.' } } },
    });
    await renderClub({ path: '/i/:token', url: '/i/T3', element: <AnswerScreen />, api: s.api, lng: 'ru' });
    fireEvent.click(await screen.findByRole('button', { name: 'Нет' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The moon is not full.'));
  });

  it('a_closed_invitation_offers_no_buttons', async () => {
    const s = fakeServer({ 'GET /api/invitations/T4': { body: { ...invitation, open: false } } });
    await renderClub({ path: '/i/:token', url: '/i/T4?a=yes', element: <AnswerScreen />, api: s.api, lng: 'en' });
    await screen.findByText('Answers to this invitation are closed.');
    expect(screen.queryByRole('button', { name: "Yes, I'll come" })).toBeNull();
    expect(s.calls.map((c) => c.method)).toEqual(['GET']);
  });
});

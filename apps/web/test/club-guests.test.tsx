// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import EveningScreen from '../src/screens/club/evening';
import { replacementsOf } from '../src/screens/club/evening/Door';
import { tablesOf } from '../src/screens/club/evening/Reseat';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const startsAt = Date.UTC(2030, 4, 17, 16, 0);
const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt - 3_600_000, place: 'Невский, 1', capacity: 20, weight: 1, preset: 'classic', gamesPlanned: 3, counts: { invited: 2, yes: 2, no: 0, none: 0 } };
const inv = (userId: string, nickname: string) => ({ userId, nickname, answer: 'yes' as const, answeredAt: startsAt - 86_400_000, unanswered: false });
const here = (userId: string, nickname: string, guest = false) => ({
  userId, nickname, arrivedAt: startsAt + 60_000, late: false, leftAt: null, replacementUserId: null, gamesPlayed: 0, unplayed: 0, ...(guest ? { guest: true as const } : {}),
});
const page = (attendance: unknown[], tables: unknown[] = []) => ({
  evening, me: { role: 'host', answer: 'yes' }, invitations: [inv('u1', 'Шериф'), inv('u2', 'Дон')], attendance, tables, games: [], ledger: [],
});
const open = (s: ReturnType<typeof fakeServer>, lng: 'ru' | 'en') =>
  renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng });

/** Issue 24 point 4: the door's «Гость» form, and a guest as a replacement and in the seating. */
describe('guests at the door', () => {
  it('a_host_adds_a_guest_who_is_listed_marked_and_offered_as_a_replacement', async () => {
    let current = page([here('u1', 'Шериф')]);
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': () => ({ body: current }),
      'POST /api/evenings/e1/guests': (c) => {
        const { name } = c.body as { name: string };
        current = page([here('u1', 'Шериф'), here('g:1', name.trim(), true)]);
        return { status: 201, body: { guest: { guestId: 'g:1', nickname: name.trim(), arrivedAt: startsAt + 60_000 } } };
      },
      'POST /api/evenings/e1/checkout': () => ({ body: { attendance: { ...here('u1', 'Шериф'), leftAt: startsAt + 3_600_000, replacementUserId: 'g:1' } } }),
    });
    await open(s, 'ru');
    const form = await screen.findByTestId('guest-form');
    const add = within(form).getByRole('button', { name: 'Добавить гостя' }) as HTMLButtonElement;
    // No name, no request.
    expect(add.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Гость'), { target: { value: ' Петя ' } });
    fireEvent.click(add);
    const row = await screen.findByTestId('door-g:1');
    expect(within(row).getByText('Петя')).toBeTruthy();
    expect(within(row).getByText('гость')).toBeTruthy();
    expect(s.calls.find((c) => c.path === '/api/evenings/e1/guests')!.body).toEqual({ name: ' Петя ' });
    expect((within(form).getByLabelText('Гость') as HTMLInputElement).value).toBe('');
    // The guest is a replacement for a member who leaves.
    const sheriff = screen.getByTestId('door-u1');
    const select = within(sheriff).getByLabelText('Замена для Шериф') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Без замены', 'Петя (гость)']);
    fireEvent.change(select, { target: { value: 'g:1' } });
    fireEvent.click(within(sheriff).getByRole('button', { name: 'Ушёл: Шериф' }));
    await waitFor(() => expect(s.calls.find((c) => c.path === '/api/evenings/e1/checkout')?.body).toEqual({ userId: 'u1', replacementUserId: 'g:1' }));
  });

  it('a_members_nickname_or_a_taken_name_is_refused_in_words_and_an_early_guest_is_told_when_the_evening_starts', async () => {
    const replies = [
      { status: 409, body: { error: { code: 'guest-is-member', message: 'x', path: 'name', params: { name: 'ёж' } } } },
      { status: 409, body: { error: { code: 'guest-name-taken', message: 'x', path: 'name', params: { name: 'Петя' } } } },
      { status: 409, body: { error: { code: 'evening-not-started', message: 'x', params: { startsAt } } } },
    ];
    const s = fakeServer({ ...CSRF, 'GET /api/evenings/e1': { body: page([]) }, 'POST /api/evenings/e1/guests': () => replies.shift()! });
    await open(s, 'en');
    const form = await screen.findByTestId('guest-form');
    const send = (name: string) => {
      fireEvent.change(within(form).getByLabelText('Guest'), { target: { value: name } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add guest' }));
    };
    const alert = async (text: string | RegExp) => waitFor(() => expect(within(form).getByRole('alert').textContent).toMatch(text));
    send('ёж');
    await alert("«ёж» is a member's nickname: a guest needs another name.");
    send('Петя');
    await alert('Another guest of this evening is already called «Петя»: give this one another name.');
    send('Друг');
    await alert(/^The evening starts on .*2030.*: guests can be added once it has started\.$/);
    expect(replies).toEqual([]);
    // The typed name stays for the host to correct.
    expect((within(form).getByLabelText('Guest') as HTMLInputElement).value).toBe('Друг');
  });

  it('a_seated_guest_is_no_replacement_and_the_seating_sends_his_guest_id', () => {
    const p = page([here('u1', 'Шериф'), here('g:1', 'Петя', true), here('g:2', 'Друг', true)], [
      { tableNo: 1, roomCode: 'ABC', seats: [{ seat: 1, userId: 'u1', guestId: null, nickname: 'Шериф' }, { seat: 2, userId: null, guestId: 'g:1', nickname: 'Петя' }] },
    ]);
    expect(replacementsOf(p as never).map((a) => a.userId)).toEqual(['g:2']);
    const seating = { seed: null, qualities: null, tables: [{ tableNo: 1, seats: [{ seat: 1, userId: null, guestId: 'g:2', nickname: 'Друг' }, { seat: 2, userId: 'u1', guestId: null, nickname: 'Шериф' }] }] };
    expect(tablesOf(seating)).toEqual([[{ userId: 'g:2', nickname: 'Друг', guest: true }, { userId: 'u1', nickname: 'Шериф', guest: false }]]);
  });
});

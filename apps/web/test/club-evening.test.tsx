// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecrets, memoryStore } from '../src/net/secrets';
import EveningScreen from '../src/screens/club/evening';
import { Tables } from '../src/screens/club/evening/Tables';
import { createClubApi } from '../src/net/clubApi';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const startsAt = Date.UTC(2030, 4, 17, 16, 0);
const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt - 3_600_000, place: 'Невский, 1', capacity: 20, weight: 1.5, preset: 'club', gamesPlanned: 3, counts: { invited: 6, yes: 3, no: 1, none: 2 } };
const inv = (userId: string, nickname: string, answer: 'yes' | 'no' | null) => ({ userId, nickname, answer, answeredAt: answer ? startsAt - 86_400_000 * 2 : null, unanswered: false });
function page(role: 'admin' | 'host' | 'member') {
  return {
    evening,
    me: { role, answer: 'yes' },
    invitations: [inv('u1', 'Шериф', 'yes'), inv('u2', 'Дон', 'yes'), inv('u3', 'Кот', 'yes'), inv('u4', 'Лис', 'no'), inv('u5', 'Ёж', null), { ...inv('u6', 'Сова', null), deliveryError: { channel: 'email' as const, to: 'sova@club.test', detail: '550 mailbox unavailable' } }],
    attendance: [
      { userId: 'u1', nickname: 'Шериф', arrivedAt: startsAt + 2 * 60_000, late: false, leftAt: null, replacementUserId: null, gamesPlayed: 0, unplayed: 0 },
      { userId: 'u2', nickname: 'Дон', arrivedAt: startsAt + 12 * 60_000, late: true, leftAt: null, replacementUserId: null, gamesPlayed: 0, unplayed: 0 },
    ],
    tables: [],
    games: [],
    ledger: [{ id: 'l1', userId: 'u2', nickname: 'Дон', eveningId: 'e1', rule: 'late', points: -5, reason: '12 minutes late', createdAt: startsAt + 12 * 60_000, createdBy: 'u0', cancelledAt: null }],
  };
}

describe('the evening page', () => {
  it('shows_numbers_in_the_format_of_the_page_language', async () => {
    const s = fakeServer({ 'GET /api/evenings/e1': { body: page('member') } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'ru' });
    const weight = (await screen.findByText('Вес')).nextElementSibling!;
    expect(weight.textContent).toBe('1,5');
    cleanup();
    const s2 = fakeServer({ 'GET /api/evenings/e1': { body: { ...page('member'), evening: { ...evening, weight: 0.75, capacity: 1200 } } } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s2.api, lng: 'en' });
    expect((await screen.findByText('Weight')).nextElementSibling!.textContent).toBe('0.75');
    expect(screen.getByText('Capacity').nextElementSibling!.textContent).toBe('1,200');
  });

  it('shows_the_yes_no_and_none_counts_and_a_late_badge', async () => {
    const s = fakeServer({ 'GET /api/evenings/e1': { body: page('member') } });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'ru' });
    const counts = await screen.findByTestId('counts');
    expect(counts.textContent).toBe('ДА 3НЕТ 1— 2');
    const don = screen.getByTestId('door-u2');
    expect(within(don).getByText('опоздал')).toBeTruthy();
    expect(within(screen.getByTestId('door-u1')).queryByText('опоздал')).toBeNull();
    // The penalty is in the evening's ledger with its rule in Russian.
    expect(screen.getByTestId('ledger-l1').textContent).toContain('\u22125 · Опоздание более чем на 5 минут');
    // A member sees no door buttons, no delivery errors, no cancel.
    expect(screen.queryByRole('button', { name: /Отметить приход/ })).toBeNull();
    expect(screen.queryByText(/mailbox unavailable/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отменить' })).toBeNull();
  });

  it('a_host_checks_a_member_in_and_the_time_he_typed_is_sent', async () => {
    let current = page('host');
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': () => ({ body: current }),
      'POST /api/evenings/e1/checkin': (c) => {
        const { userId, arrivedAt } = c.body as { userId: string; arrivedAt?: number };
        const a = { userId, nickname: 'Кот', arrivedAt: arrivedAt ?? Date.now(), late: true, leftAt: null, replacementUserId: null, gamesPlayed: 0, unplayed: 0 };
        current = { ...current, attendance: [...current.attendance, a] };
        return { body: { attendance: a, penalty: { id: 'l2', userId, nickname: 'Кот', eveningId: 'e1', rule: 'late', points: -5, reason: 'late', createdAt: 0, createdBy: null } } };
      },
    });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'en' });
    const row = await screen.findByTestId('door-u3');
    fireEvent.change(within(row).getByLabelText('Arrival time of Кот'), { target: { value: '19:20' } });
    fireEvent.click(within(row).getByRole('button', { name: /Check in/ }));
    await within(await screen.findByTestId('door-u3')).findByText('late');
    const post = s.calls.find((c) => c.path === '/api/evenings/e1/checkin')!;
    const expected = new Date(startsAt);
    expected.setHours(19, 20, 0, 0);
    expect(post.body).toEqual({ userId: 'u3', arrivedAt: expected.getTime() });
    expect(post.headers['x-csrf-token']).toBe('tok-1');
    // Admin-only controls stay hidden from a host.
    expect(screen.queryByRole('button', { name: 'Send the invitations' })).toBeNull();
  });

  it('an_admin_sees_delivery_errors_and_a_refused_check_in_is_shown_in_his_language', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': { body: page('admin') },
      'GET /api/clubs/c1/members': { body: { members: [] } },
      'POST /api/evenings/e1/checkin': { status: 409, body: { error: { code: 'not-invited', message: 'u5 has no invitation', path: 'userId' } } },
    });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api: s.api, lng: 'ru' });
    expect(await screen.findByText('Письмо на sova@club.test не доставлено: почтовый сервер отказал (550 mailbox unavailable)')).toBeTruthy();
    const row = screen.getByTestId('door-u5');
    fireEvent.click(within(row).getByRole('button', { name: 'Отметить приход: Ёж' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('Этот участник не приглашён на вечер.');
    // Untouched time = now: no arrivedAt, the server's clock decides.
    expect(s.calls.find((c) => c.method === 'POST' && c.path.endsWith('/checkin'))!.body).toEqual({ userId: 'u5' });
  });

  it('an_admins_page_shows_once_the_invitation_picker_is_loaded_so_nothing_moves_above_the_door', async () => {
    // The member list comes late: until it does, neither the picker nor the door is drawn, so the
    // picker never appears above «Добавить гостя» after the host has aimed at it.
    const s = fakeServer({ ...CSRF, 'GET /api/evenings/e1': { body: page('admin') } });
    let answer: (r: Response) => void = () => {};
    const late = new Promise<Response>((r) => (answer = r));
    const api = createClubApi({
      fetch: async (input, init) => (new URL(String(input), 'http://test').pathname === '/api/clubs/c1/members' ? late : s.fetch(input, init)),
    });
    await renderClub({ path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen />, api, lng: 'ru' });
    await waitFor(() => expect(s.calls.some((c) => c.path === '/api/evenings/e1')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Добавить гостя' })).toBeNull();
    expect(screen.queryByText('Кого пригласить')).toBeNull();
    const member = { userId: 'u9', nickname: 'Барс', role: 'member', onList: true, unansweredStreak: 0, points: 0 };
    answer(new Response(JSON.stringify({ members: [member] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('button', { name: 'Добавить гостя' })).toBeTruthy();
    expect(screen.getByText('Кого пригласить')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Барс' })).toBeTruthy();
  });

  it('seating_keeps_each_tables_host_key_so_the_host_console_link_works_here', async () => {
    const s = fakeServer({
      ...CSRF,
      'POST /api/evenings/e1/tables': { status: 201, body: { tables: [{ tableNo: 1, roomCode: 'K7QX2M', hostKey: 'hk-1', seats: [] }] } },
    });
    const secrets = createSecrets(memoryStore());
    let reloaded = 0;
    const p = page('host');
    await renderClub({ path: '/', url: '/', element: <Tables page={p as never} host onChanged={() => reloaded++} secrets={secrets} />, api: s.api, lng: 'ru' });
    fireEvent.change(screen.getByLabelText('Столов'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Рассадить' }));
    await waitFor(() => expect(reloaded).toBe(1));
    expect(s.calls.find((c) => c.path.endsWith('/tables'))!.body).toEqual({ tables: 1 });
    expect(secrets.getHostKey('K7QX2M')).toBe('hk-1');
    cleanup();
    const seated = { ...p, tables: [{ tableNo: 1, roomCode: 'K7QX2M', seatSeed: 4242, seats: [{ seat: 2, userId: 'u2', nickname: 'Дон' }, { seat: 1, userId: 'u1', nickname: 'Шериф' }] }] };
    await renderClub({ path: '/', url: '/', element: <Tables page={seated as never} host onChanged={() => {}} secrets={secrets} />, api: s.api, lng: 'ru' });
    expect(screen.getByRole('button', { name: 'Пульт ведущего стола 1' })).toBeTruthy();
    expect(screen.getByTestId('table-1').querySelector('ol')!.textContent).toBe('ШерифДон');
    expect(screen.getByText('Жребий мест: 4242')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Рассадить' })).toBeNull();
  });
});

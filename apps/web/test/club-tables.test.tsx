// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecrets, memoryStore } from '../src/net/secrets';
import { Tables } from '../src/screens/club/evening/Tables';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => cleanup());

const startsAt = Date.UTC(2030, 4, 17, 16, 0);
const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt, place: 'Невский, 1', capacity: 20, weight: 1, preset: 'classic', gamesPlanned: 3, counts: { invited: 4, yes: 4, no: 0, none: 0 } };
const at = (userId: string, nickname: string) => ({ userId, nickname, arrivedAt: startsAt, late: false, leftAt: null, replacementUserId: null, gamesPlayed: 1, unplayed: 0 });
const seat = (n: number, userId: string, nickname: string) => ({ seat: n, userId, nickname });
function page(role: 'admin' | 'host' | 'member') {
  return {
    evening, me: { role, answer: 'yes' }, invitations: [], ledger: [], games: [],
    attendance: [at('u1', 'Шериф'), at('u2', 'Дон'), at('u3', 'Кот'), at('u4', 'Лис')],
    tables: [
      { tableNo: 1, roomCode: 'AAAAAA', seatSeed: 1, seats: [seat(1, 'u1', 'Шериф'), seat(2, 'u2', 'Дон')], host: { userId: 'u1', nickname: 'Шериф' } },
      { tableNo: 2, roomCode: 'BBBBBB', seatSeed: 1, seats: [seat(1, 'u3', 'Кот'), seat(2, 'u4', 'Лис')], host: null },
    ],
    hostLog: [{ tableNo: 1, at: startsAt, from: null, to: { userId: 'u1', nickname: 'Шериф' }, by: { userId: 'u0', nickname: 'Админ' } }],
  };
}
const mount = async (role: 'admin' | 'host' | 'member', s: ReturnType<typeof fakeServer>, o: { onChanged?: () => void; secrets?: ReturnType<typeof createSecrets> } = {}) => {
  const p = page(role);
  await renderClub({
    path: '/', url: '/', api: s.api, lng: 'ru',
    element: <Tables page={p as never} host={role !== 'member'} admin={role === 'admin'} onChanged={o.onChanged ?? (() => {})} {...(o.secrets ? { secrets: o.secrets } : {})} />,
    extra: { '/r/:code/host': <p>HOST SCREEN</p> },
  });
};

describe('the tables of an evening (issue 24)', () => {
  it('the_console_button_asks_the_server_for_the_key_keeps_it_here_and_opens_the_console', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/evenings/e1/tables/1/console': { body: { tableNo: 1, roomCode: 'AAAAAA', hostKey: 'hk-on-this-phone' } } });
    const secrets = createSecrets(memoryStore());
    await mount('member', s, { secrets });
    expect(screen.getByTestId('table-host-1').textContent).toBe('Ведущий стола: Шериф');
    expect(screen.getByTestId('table-host-2').textContent).toBe('Ведущий стола не назначен.');
    fireEvent.click(screen.getByRole('button', { name: 'Пульт ведущего стола 1' }));
    await screen.findByText('HOST SCREEN');
    expect(secrets.getHostKey('AAAAAA')).toBe('hk-on-this-phone');
  });

  it('a_member_who_is_not_the_host_is_told_in_words', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/evenings/e1/tables/1/console': { status: 403, body: { error: { code: 'not-table-host', message: 'table 1 is hosted by Шериф', params: { table: 1, host: 'Шериф' } } } } });
    await mount('member', s);
    fireEvent.click(screen.getByRole('button', { name: 'Пульт ведущего стола 1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Стол 1 ведёт Шериф: администратор может передать его вам.');
    // A member assigns nobody.
    expect(screen.queryByRole('button', { name: 'Передать стол' })).toBeNull();
  });

  it('the_admin_hands_a_table_to_another_host_and_sees_the_log', async () => {
    let changed = 0;
    const s = fakeServer({ ...CSRF, 'POST /api/evenings/e1/tables/1/host': { body: { tableNo: 1, host: { userId: 'u2', nickname: 'Дон' } } }, 'GET /api/clubs/c1/apart': { body: { pairs: [] } } });
    await mount('admin', s, { onChanged: () => changed++ });
    fireEvent.change(screen.getByLabelText('Ведущий стола 1'), { target: { value: 'u2' } });
    fireEvent.click(within(screen.getByTestId('table-1')).getByRole('button', { name: 'Передать стол' }));
    await waitFor(() => expect(changed).toBe(1));
    expect(s.calls.find((c) => c.path === '/api/evenings/e1/tables/1/host')!.body).toEqual({ userId: 'u2' });
    expect(screen.getByTestId('host-log').textContent).toContain('Стол 1: ведущий Шериф (назначил Админ)');
  });

  it('reseating_mixes_with_a_seed_shows_qualities_swaps_two_players_moves_one_and_confirms', async () => {
    let changed = 0;
    const proposal = { seed: 'abc', qualities: { seats: 100, opponents: 75, tables: 50 }, tables: [
      { tableNo: 1, seats: [seat(1, 'u2', 'Дон'), seat(2, 'u3', 'Кот')] },
      { tableNo: 2, seats: [seat(1, 'u1', 'Шериф'), seat(2, 'u4', 'Лис')] },
    ] };
    const s = fakeServer({ ...CSRF, 'POST /api/evenings/e1/seating/proposal': { body: proposal }, 'POST /api/evenings/e1/seating': { body: proposal } });
    await mount('host', s, { onChanged: () => changed++ });
    fireEvent.change(screen.getByLabelText('Жребий'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Перемешать' }));
    expect((await screen.findByTestId('reseat-qualities')).textContent).toBe('Номера мест 100 % · соперники 75 % · столы 50 %');
    expect(s.calls.find((c) => c.path.endsWith('/seating/proposal'))!.body).toEqual({ mode: 'mix', seed: 'abc' });
    // Swap Дон (table 1) with Лис (table 2).
    fireEvent.click(within(screen.getByTestId('reseat-table-1')).getByRole('button', { name: 'Дон' }));
    fireEvent.click(within(screen.getByTestId('reseat-table-2')).getByRole('button', { name: 'Лис' }));
    // Move Кот to table 2.
    fireEvent.click(within(screen.getByTestId('reseat-table-1')).getByRole('button', { name: 'Кот' }));
    fireEvent.click(screen.getByRole('button', { name: 'Пересадить за стол 2' }));
    expect(screen.getByTestId('reseat-table-2').textContent).toContain('3 игрока');
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить рассадку' }));
    await waitFor(() => expect(changed).toBe(1));
    expect(s.calls.find((c) => c.path === '/api/evenings/e1/seating')!.body).toEqual({ tables: [['u4'], ['u1', 'u2', 'u3']] });
  });

  it('a_seating_the_rules_cannot_play_is_refused_in_words_and_the_admin_keeps_pairs_apart', async () => {
    const s = fakeServer({
      ...CSRF,
      'POST /api/evenings/e1/seating/proposal': { status: 400, body: { error: { code: 'bad-table-size', message: 'x', path: 'tables', params: { table: 2, size: 5, min: 7, max: 12, here: 12, missing: 2 } } } },
      'GET /api/clubs/c1/apart': { body: { pairs: [] } },
      'POST /api/clubs/c1/apart': { body: { pairs: [{ a: { userId: 'u2', nickname: 'Дон' }, b: { userId: 'u1', nickname: 'Шериф' } }] } },
    });
    await mount('admin', s);
    fireEvent.click(screen.getByRole('button', { name: 'Оставить столы' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Стол 2: игроков было бы 5, а по правилам вечера нужно от 7 до 12. Не хватает 2 игроков.');
    const [a, b] = screen.getAllByLabelText('Участник');
    fireEvent.change(a!, { target: { value: 'u1' } });
    fireEvent.change(b!, { target: { value: 'u2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Не сажать вместе' }));
    await waitFor(() => expect(screen.getByTestId('apart-pairs').textContent).toContain('Дон — Шериф'));
    expect(s.calls.find((c) => c.method === 'POST' && c.path === '/api/clubs/c1/apart')!.body).toEqual({ userA: 'u1', userB: 'u2', apart: true });
  });
});

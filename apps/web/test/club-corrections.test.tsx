// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ProtocolForm from '../src/screens/club/protocolForm';
import { afterEach, describe, expect, it } from 'vitest';
import type { GamePage } from '@mafia/protocol';
import AuditLog from '../src/screens/club/corrections/AuditLog';
import GameScreen from '../src/screens/club/game';
import EveningScreen from '../src/screens/club/evening';
import Members from '../src/screens/club/members';
import { CSRF, fakeServer, renderClub } from './club-fake';
import { TOWN_WINS } from './club-results-fixtures';
import { fillTownWinsOnDayOne, pick } from './paperSheet';

afterEach(() => cleanup());

const startsAt = Date.UTC(2030, 4, 17, 16, 0);
const evening = { id: 'e1', clubId: 'c1', startsAt, answerBy: startsAt, place: 'Невский, 1', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3, counts: { invited: 0, yes: 0, no: 0, none: 0 }, cancelledAt: null as number | null };
const seats = [{ seat: 1, userId: 'u1', nickname: 'Кот' }];
const game = (id: string, voided: { at: number; by: string; reason: string } | null) => ({ id, tableNo: null, gameNo: null, roomCode: null, protocol: true, winner: 'town', seats, voided });
const page = (role: 'admin' | 'host' | 'member', more: Record<string, unknown> = {}) => ({
  evening: { ...evening, ...more }, me: { role, answer: null }, invitations: [], nicknameOnly: [], attendance: [], tables: [], games: [game('g1', null), game('g2', { at: startsAt, by: 'u0', reason: 'введена дважды' })], ledger: [],
});
const EVENING = { path: '/club/:clubId/evenings/:eveningId', url: '/club/c1/evenings/e1', element: <EveningScreen /> };

describe('corrections on the record', () => {
  it('an_admin_cancels_an_evening_only_with_a_reason_and_the_page_then_says_it_is_cancelled', async () => {
    let current = page('admin');
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': () => ({ body: current }),
      'POST /api/evenings/e1/cancel': () => {
        current = page('admin', { cancelledAt: startsAt - 86_400_000 });
        return { body: { evening: current.evening } };
      },
    });
    await renderClub({ ...EVENING, api: s.api, lng: 'ru' });
    const box = await screen.findByTestId('evening-cancel');
    fireEvent.click(within(box).getByText('Отменить вечер'));
    const go = within(box).getByRole('button', { name: 'Отменить вечер и отозвать приглашения' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText('Причина'), { target: { value: ' зал закрыт ' } });
    fireEvent.click(go);
    expect((await screen.findByTestId('evening-cancelled', {}, { timeout: 5000 })).textContent).toContain('Вечер отменён');
    expect(s.calls.find((c) => c.path === '/api/evenings/e1/cancel')!.body).toEqual({ reason: 'зал закрыт' });
    // A cancelled evening offers no more corrections.
    expect(screen.queryByTestId('evening-edit')).toBeNull();
  });

  it('an_admin_restores_a_cancelled_evening_with_a_reason_and_a_refusal_shows_in_russian', async () => {
    const future = Date.now() + 3 * 86_400_000;
    let current = page('admin', { startsAt: future, answerBy: future, cancelledAt: future - 4 * 86_400_000 });
    let refuse = true;
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': () => ({ body: current }),
      'POST /api/evenings/e1/restore': () => {
        if (refuse) return { status: 409, body: { error: { code: 'restore-started', message: 'the evening has started' } } };
        current = page('admin', { startsAt: future, answerBy: future, cancelledAt: null });
        return { body: { evening: current.evening, invited: 3 } };
      },
    });
    await renderClub({ ...EVENING, api: s.api, lng: 'ru' });
    const box = await screen.findByTestId('evening-restore');
    fireEvent.click(within(box).getByText('Вернуть вечер'));
    expect(within(box).getByText(/получат его снова/)).toBeTruthy();
    const go = within(box).getByRole('button', { name: 'Вернуть вечер и разослать приглашения заново' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText('Причина'), { target: { value: 'зал нашёлся' } });
    fireEvent.click(go);
    expect((await within(box).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Вечер уже начался: вернуть его нельзя — создайте новый.');
    expect(screen.getByTestId('evening-cancelled')).toBeTruthy();
    refuse = false;
    fireEvent.click(go);
    expect(await screen.findByTestId('evening-edit', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('evening-cancelled')).toBeNull();
    expect(s.calls.filter((c) => c.path === '/api/evenings/e1/restore').map((c) => c.body)).toEqual([{ reason: 'зал нашёлся' }, { reason: 'зал нашёлся' }]);
  });

  it('a_member_sees_a_cancelled_evening_without_the_restore_button_and_so_does_an_admin_after_its_start', async () => {
    const s = fakeServer({ ...CSRF, 'GET /api/evenings/e1': { body: page('member', { startsAt: Date.now() + 86_400_000, cancelledAt: Date.now() - 1000 }) } });
    await renderClub({ ...EVENING, api: s.api, lng: 'ru' });
    expect(await screen.findByTestId('evening-cancelled')).toBeTruthy();
    expect(screen.queryByTestId('evening-restore')).toBeNull();
    cleanup();
    const past = fakeServer({ ...CSRF, 'GET /api/evenings/e1': { body: page('admin', { startsAt: Date.now() - 1000, cancelledAt: Date.now() - 86_400_000 }) } });
    await renderClub({ ...EVENING, api: past.api, lng: 'en' });
    expect((await screen.findByTestId('evening-cancelled')).textContent).toContain('cancelled');
    expect(screen.queryByTestId('evening-restore')).toBeNull();
  });

  it('an_edit_sends_only_what_changed_with_the_reason_and_a_refusal_shows_in_russian', async () => {
    const s = fakeServer({
      ...CSRF,
      'GET /api/evenings/e1': { body: page('admin') },
      'PATCH /api/evenings/e1': { status: 409, body: { error: { code: 'capacity-below-yes', message: '12 members said YES', path: 'capacity', params: { yes: 12 } } } },
    });
    await renderClub({ ...EVENING, api: s.api, lng: 'ru' });
    const box = await screen.findByTestId('evening-edit');
    fireEvent.change(within(box).getByLabelText('Мест'), { target: { value: '10' } });
    fireEvent.change(within(box).getByLabelText('Причина'), { target: { value: 'меньше зал' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Сохранить изменения' }));
    expect((await within(box).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Ответов ДА уже 12: мест не может быть меньше.');
    expect(s.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ capacity: 10, reason: 'меньше зал' });
  });

  it('a_voided_game_is_marked_with_its_reason_for_everyone_and_an_admin_voids_another', async () => {
    const member = fakeServer({ 'GET /api/evenings/e1': { body: page('member') } });
    await renderClub({ ...EVENING, api: member.api, lng: 'ru' });
    expect((await screen.findByTestId('game-voided-g2')).textContent).toBe('аннулирована');
    expect(screen.getByText('Аннулирована: введена дважды')).toBeTruthy();
    expect(screen.queryByTestId('game-voided-g1')).toBeNull();
    expect(screen.queryByTestId('game-void-g1')).toBeNull();
    cleanup();
    const admin = fakeServer({ ...CSRF, 'GET /api/evenings/e1': { body: page('admin') }, 'POST /api/clubs/c1/games/g1/void': { body: { gameId: 'g1', voided: true } } });
    await renderClub({ ...EVENING, api: admin.api, lng: 'en' });
    const box = await screen.findByTestId('game-void-g1');
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'wrong evening' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(admin.calls.some((c) => c.path === '/api/clubs/c1/games/g1/void')).toBe(true), { timeout: 5000 });
    expect(admin.calls.find((c) => c.path === '/api/clubs/c1/games/g1/void')!.body).toEqual({ reason: 'wrong evening' });
    expect(screen.getByTestId('game-unvoid-g2')).toBeTruthy();
  });

  it('a_protocol_entered_twice_is_refused_naming_the_earlier_game', async () => {
    const members = ['Аня', 'Борис', 'Вера', 'Глеб'].map((nickname, i) => ({ userId: `u${i + 1}`, nickname, role: 'member', onList: true, unansweredStreak: 0 }));
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1/members': { body: { members } },
      'POST /api/evenings/e1/games': { status: 409, body: { error: { code: 'game-duplicate', message: 'entered already', path: 'protocol', params: { gameId: 'g1', eveningId: 'e1', startsAt } } } },
    });
    await renderClub({ path: '/', url: '/', element: <ProtocolForm clubId="c1" eveningId="e1" preset="classic" onSaved={() => {}} />, api: s.api, lng: 'ru' });
    await waitFor(() => expect(s.calls.some((c) => c.path === '/api/clubs/c1/members')).toBe(true));
    // The score sheet of a four-seat game the town wins on day 1 (the club has it already).
    pick('Игроков', '4');
    members.forEach((m, i) => pick(`Игрок на месте ${i + 1}`, m.nickname));
    fillTownWinsOnDayOne();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить игру' }));
    const alert = (await screen.findAllByRole('alert', {}, { timeout: 5000 })).find((a) => a.getAttribute('data-code') === 'game-duplicate')!;
    expect(alert.textContent).toMatch(/^Эта игра уже введена: вечер 17 мая 2030 г\.,? (в )?\d\d:00, игра g1\.$/);
  });

  it('an_admin_archives_a_member_merges_another_and_brings_one_back_from_the_archive', async () => {
    const members = [
      { userId: 'u1', nickname: 'Ёж', role: 'member', onList: true, unansweredStreak: 0, points: 0 },
      { userId: 'u2', nickname: 'Еж', role: 'member', onList: true, unansweredStreak: 0, points: 0 },
    ];
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': { body: { club: { id: 'c1', name: 'Клуб' }, me: { role: 'admin', nickname: 'Я' }, upcoming: [] } },
      'GET /api/clubs/c1/members': (c) => ({ body: { members: c.path.includes('archived=only') ? [{ userId: 'u3', nickname: 'Сова', role: 'member', archivedAt: 1 }] : members } }),
      'POST /api/clubs/c1/members/u2/merge': { body: { into: 'u1', moved: {} } },
      'POST /api/clubs/c1/members/u1/archive': { body: { archived: true, withdrawn: 0 } },
      'POST /api/clubs/c1/members/u3/unarchive': { body: { archived: false } },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    const merge = await screen.findByTestId('merge-u2');
    fireEvent.change(within(merge).getByLabelText('Кто это на самом деле'), { target: { value: 'u1' } });
    fireEvent.change(within(merge).getByLabelText('Ник после объединения'), { target: { value: 'Еж' } });
    fireEvent.change(within(merge).getByLabelText('Причина'), { target: { value: 'одна запись' } });
    fireEvent.click(within(merge).getByRole('button', { name: 'Объединить' }));
    await waitFor(() => expect(s.calls.some((c) => c.path.endsWith('/merge'))).toBe(true), { timeout: 5000 });
    expect(s.calls.find((c) => c.path.endsWith('/merge'))!.body).toEqual({ into: 'u1', reason: 'одна запись', nickname: 'Еж' });
    const archive = screen.getByTestId('archive-u1');
    fireEvent.change(within(archive).getByLabelText('Причина'), { target: { value: 'ушёл из клуба' } });
    fireEvent.click(within(archive).getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(s.calls.find((c) => c.path.endsWith('/archive'))?.body).toEqual({ reason: 'ушёл из клуба' }), { timeout: 5000 });
    const back = await screen.findByTestId('unarchive-u3', {}, { timeout: 5000 });
    fireEvent.change(within(back).getByLabelText('Причина'), { target: { value: 'вернулась' } });
    fireEvent.click(within(back).getByRole('button', { name: 'Вернуть из архива' }));
    await waitFor(() => expect(s.calls.find((c) => c.path.endsWith('/unarchive'))?.body).toEqual({ reason: 'вернулась' }), { timeout: 5000 });
  });

  it('the_corrections_log_says_who_when_what_and_why_in_the_pages_language', async () => {
    const entries = [
      { id: 'a2', at: startsAt + 60_000, actor: { userId: 'u0', nickname: 'Ведущий' }, action: 'game-voided', target: { kind: 'game', id: 'g1' }, reason: 'введена дважды', details: { eveningId: 'e1' } },
      { id: 'a1', at: startsAt, actor: { userId: 'u0', nickname: 'Ведущий' }, action: 'evening-edited', target: { kind: 'evening', id: 'e1' }, reason: 'зал занят', details: { 'place.from': 'Невский, 1', 'place.to': 'Литейный, 2' } },
    ];
    const s = fakeServer({
      'GET /api/clubs/c1': { body: { club: { id: 'c1', name: 'Клуб' }, me: { role: 'admin', nickname: 'Ведущий' }, upcoming: [] } },
      'GET /api/clubs/c1/audit': { body: { entries } },
    });
    await renderClub({ path: '/club/:clubId/audit', url: '/club/c1/audit', element: <AuditLog />, api: s.api, lng: 'ru' });
    const edited = await screen.findByTestId('audit-a1');
    expect(edited.textContent).toContain('Вечер изменён');
    expect(edited.textContent).toContain('Кто: Ведущий');
    expect(edited.textContent).toContain('Почему: зал занят');
    expect(edited.textContent).toContain('place: Невский, 1 → Литейный, 2');
    expect(within(screen.getByTestId('audit-a2')).getByRole('link', { name: 'Игра аннулирована' }).getAttribute('href')).toBe('/club/c1/games/g1');
    cleanup();
    await renderClub({ path: '/club/:clubId/audit', url: '/club/c1/audit', element: <AuditLog />, api: s.api, lng: 'en' });
    expect((await screen.findByTestId('audit-a2')).textContent).toContain('Game voided');
  });

  it('a_voided_games_own_page_says_it_is_voided_and_why', async () => {
    const voided: GamePage = { ...TOWN_WINS, game: { ...TOWN_WINS.game, voided: { at: startsAt, reason: 'введена дважды' } } };
    const s = fakeServer({ 'GET /api/clubs/c1/games/g1': { body: voided } });
    await renderClub({ path: '/club/:clubId/games/:gameId', url: '/club/c1/games/g1', element: <GameScreen />, api: s.api, lng: 'ru' });
    expect((await screen.findByTestId('game-voided')).textContent).toBe('Аннулирована: введена дважды');
    cleanup();
    const plain = fakeServer({ 'GET /api/clubs/c1/games/g1': { body: TOWN_WINS } });
    await renderClub({ path: '/club/:clubId/games/:gameId', url: '/club/c1/games/g1', element: <GameScreen />, api: plain.api, lng: 'ru' });
    await screen.findByTestId('game-winner');
    expect(screen.queryByTestId('game-voided')).toBeNull();
  });
});

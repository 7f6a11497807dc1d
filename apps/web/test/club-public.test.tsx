// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubSettings } from '../src/screens/club/account/ClubSettings';
import PublicClubScreen from '../src/screens/club/public';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const PAGE = {
  club: { name: 'Клуб Полночь' }, by: 'points',
  leaderboard: [
    { rank: 1, nickname: 'Кот', total: 1234.5, evenings: 2, games: 6, wins: 4, red: 1012.56, black: 998.4, overall: 1006.49 },
    { rank: 2, nickname: 'Лис', total: -2.5, evenings: 1, games: 3, wins: 1, red: 999.5, black: 1001.2, overall: 1000.2 },
  ],
  evenings: [{ startsAt: new Date(2030, 2, 1, 19, 0).getTime(), place: 'Кафе «Луна»' }],
};

describe('the public club page (issue 24 point 6)', () => {
  it('shows_the_table_in_the_page_number_format_and_the_past_evenings_without_sign_in', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c1': { body: PAGE } });
    await renderClub({ path: '/p/:clubId', url: '/p/c1', element: <PublicClubScreen />, api: s.api, lng: 'ru' });
    const table = await screen.findByRole('table', { name: 'Таблица клуба' });
    const kot = within(table).getByRole('rowheader', { name: 'Кот' }).closest('tr')!;
    expect(kot.querySelector('[data-col="total"]')!.textContent).toBe('1234,50');
    expect(kot.querySelector('[data-col="overall"]')!.textContent).toBe('1006');
    expect(screen.getByText(/Кафе «Луна»/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Клуб Полночь/ })).toBeTruthy();
    // No member navigation and no links to members' pages.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('a_club_without_a_public_page_shows_the_unknown_club_refusal_in_english', async () => {
    const s = fakeServer({ 'GET /api/public/clubs/c9': { status: 404, body: { error: { code: 'not-a-member', message: 'there is no such club, or you are not its member' } } } });
    await renderClub({ path: '/p/:clubId', url: '/p/c9', element: <PublicClubScreen />, api: s.api, lng: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toMatch(/there is no such club, or you are not its member|Error|at /);
    expect(alert.textContent!.length).toBeGreaterThan(5);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('an_admin_turns_the_page_on_in_the_club_settings_and_a_member_has_no_such_switch', async () => {
    const s = fakeServer({ ...CSRF, 'PATCH /api/clubs/c1/public': (c: { body: unknown }) => ({ body: c.body }) });
    const club = { id: 'c1', name: 'Клуб Полночь', role: 'admin' as const, nickname: 'Ведущий', shareName: false, shareEmail: false, sharePhone: false, publicPage: false };
    await renderClub({ path: '/', url: '/', element: <ClubSettings club={club} />, api: s.api, lng: 'ru' });
    const box = screen.getByRole('checkbox', { name: /Публичная страница клуба/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('Страница закрыта.')).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Страница открыта: /p/c1' }).getAttribute('href')).toBe('/p/c1'));
    const patch = s.calls.filter((c) => c.method === 'PATCH');
    expect(patch.map((c) => [c.path, c.body])).toEqual([['/api/clubs/c1/public', { enabled: true }]]);
    cleanup();
    await renderClub({ path: '/', url: '/', element: <ClubSettings club={{ ...club, role: 'member' }} />, api: s.api, lng: 'ru' });
    expect(screen.queryByRole('checkbox', { name: /Публичная страница/ })).toBeNull();
  });
});

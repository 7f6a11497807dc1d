// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Members from '../src/screens/club/members';
import { decodeFile } from '../src/screens/club/members/BulkAdd';
import { CSRF, fakeServer, renderClub } from './club-fake';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const club = { body: { club: { id: 'c1', name: 'Мафия на Невском' }, me: { role: 'admin', nickname: 'Я' }, upcoming: [] } };
const row = (line: number, nickname: string, errors: string[], firstLine?: number) => ({ line, nickname, name: '', email: '', phone: '', errors, ...(firstLine ? { firstLine } : {}) });

describe('adding members from a list (issue 24 point 6)', () => {
  it('shows_each_lines_errors_and_offers_no_add_until_the_list_is_clean', async () => {
    let confirmed = 0;
    const s = fakeServer({
      ...CSRF,
      'GET /api/clubs/c1': club,
      'GET /api/clubs/c1/members': { body: { members: [] } },
      'POST /api/clubs/c1/members/bulk': (c) => {
        const b = c.body as { text: string; confirm: boolean };
        if (b.confirm) confirmed++;
        if (b.text.includes('Еж')) return { body: { separator: ';', rows: [row(1, 'Ёж', []), row(2, 'Еж', ['duplicate-in-file'], 1), row(3, '', ['missing-nickname'])], ready: 1, added: 0 } };
        return { body: { separator: ';', rows: [row(1, 'Ёж', []), row(2, 'Кот', [])], ready: 2, added: b.confirm ? 2 : 0 } };
      },
    });
    await renderClub({ path: '/club/:clubId/members', url: '/club/c1/members', element: <Members />, api: s.api, lng: 'ru' });
    fireEvent.change(await screen.findByLabelText('Список участников'), { target: { value: 'Ёж\nЕж\n;Без ника' } });
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    await screen.findByTestId('bulk-preview');
    expect(screen.getByTestId('bulk-line-2').textContent).toContain('ник уже есть в строке 1');
    expect(screen.getByTestId('bulk-line-3').textContent).toContain('нет ника');
    expect(screen.getByTestId('bulk-line-1').textContent).toContain('Принято');
    expect(screen.queryByRole('button', { name: /Добавить \d/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Список участников'), { target: { value: 'Ёж\nКот' } });
    expect(screen.queryByTestId('bulk-preview')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить 2 участника' }));
    await screen.findByText('Добавлено 2 участника.');
    expect(confirmed).toBe(1);
    expect(s.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { confirm: boolean }).confirm)).toEqual([false, false, true]);
  });

  it('reads_utf8_with_a_bom_and_says_when_a_file_is_windows_1251', () => {
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, 0xd0, 0x81, 0xd0, 0xb6]))).toEqual({ text: 'Ёж', cp1251: false });
    expect(decodeFile(new Uint8Array([0xa8, 0xe6]))).toEqual({ text: 'Ёж', cp1251: true });
  });
});

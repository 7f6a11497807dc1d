// @vitest-environment jsdom
/**
 * The look at 360×740 (issue 23 leftovers): the admin panel on an online creator's seat screen had
 * an unstyled heading (its class lived in the lobby's stylesheet, which the seat screen does not
 * load) and folded lists without a marker. Every class the panel's heading and folds use is styled
 * by the stylesheets the panel itself imports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { AdminPanel } from '../src/screens/admin/AdminPanel';
import { lobbyOf } from './typed';

afterEach(cleanup);

const ADMIN_CSS = readFileSync(join(__dirname, '../src/screens/admin/admin.css'), 'utf8');
const LOBBY = lobbyOf({ room: 'r1', preset: 'club', mode: 'online', claimed: ['Я', ...Array<null>(9).fill(null)] });

describe('the admin panel styles itself', () => {
  it('its_heading_and_folds_use_classes_of_its_own_stylesheet', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('ru');
    const state: RoomState = {
      status: 'open', you: { as: 'admin' }, lobby: LOBBY, view: null, pending: [], timer: null, seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
      seatCodes: [{ seat: 2, code: '123456' }],
    };
    render(
      <I18nextProvider i18n={i18n}>
        <AdminPanel state={state} actions={null} seated />
      </I18nextProvider>,
    );
    const heading = screen.getByRole('heading', { name: 'Управление комнатой' });
    const classes = [...heading.classList];
    expect(classes.length).toBeGreaterThan(0);
    for (const c of classes) expect(ADMIN_CSS, `.${c} in admin.css`).toMatch(new RegExp(`\\.${c}\\s*\\{[^}]*margin: 0`));
    // The folded lists show a marker (their summaries are flex boxes, which lose the browser's triangle).
    expect(ADMIN_CSS).toMatch(/summary::before[^{]*\{[^}]*content: '▸'/);
  });
});

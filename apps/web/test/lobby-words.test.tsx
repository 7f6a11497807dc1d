// @vitest-environment jsdom
/**
 * Issue 23, point 4: the lobby on a phone names a Ведущий only in a room that has one. In a room
 * nobody hosts (app, online) its creator closes the room and holds the seat codes after the start.
 */
import type { RoomMode } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import Lobby from '../src/screens/lobby';
import { FakeSocket } from './fakeSocket';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A spectator's lobby (a phone before it takes a seat) after the server's welcome. */
function lobbyPage(mode: RoomMode, lang: 'ru' | 'en', more: Record<string, unknown>) {
  localStorage.setItem('mafia.lang', lang);
  const sockets: FakeSocket[] = [];
  const room = { url: 'ws://test/ws', pingEveryMs: 0, socket: (url: string) => (sockets.push(new FakeSocket(url)), sockets[sockets.length - 1]!) };
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={['/r/ABCDEF']}>
        <Routes>
          <Route path="/r/:code" element={<Lobby room={room} origin="https://mafia.example" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  const lobby = { room: 'room-1', code: 'ABCDEF', preset: 'classic', mode, seats: 4, claimed: ['Anna', null, 'Vera', 'Oleg'], started: false, ended: false, closed: false, ...more };
  act(() => sockets[0]!.open());
  act(() => sockets[0]!.receive({ type: 'welcome', you: { as: 'spectator' }, lobby, seq: 3, items: [], view: null, pending: [], timer: null }));
}

const HOST = { ru: /Ведущ/, en: /\bhost\b/i } as const;

describe('the lobby names a Ведущий only where there is one', () => {
  it.each(['ru', 'en'] as const)('after the start, a late player asks whoever shows the seat codes (%s)', (lang) => {
    for (const mode of ['human', 'app', 'online'] as const) {
      lobbyPage(mode, lang, { started: true });
      fireEvent.click(screen.getByTestId('seat-2'));
      const hint = screen.getByTestId('claim-seat-code').parentElement!.textContent ?? '';
      if (mode === 'human') expect(hint, mode).toMatch(HOST[lang]);
      else {
        expect(hint, mode).not.toMatch(HOST[lang]);
        expect(hint, mode).toMatch(lang === 'ru' ? /у создателя комнаты/ : /the room's creator/);
      }
      cleanup();
    }
  });

  it.each(['ru', 'en'] as const)('a closed room says who closed it (%s)', (lang) => {
    for (const mode of ['human', 'app', 'online'] as const) {
      lobbyPage(mode, lang, { closed: true });
      const status = screen.getByTestId('lobby-status').textContent ?? '';
      if (mode === 'human') expect(status, mode).toMatch(HOST[lang]);
      else expect(status, mode).toBe(lang === 'ru' ? 'Создатель комнаты закрыл её.' : "The room's creator closed this room.");
      cleanup();
    }
  });
});

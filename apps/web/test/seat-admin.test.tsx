// @vitest-environment jsdom
/**
 * Issue 23, point 4: the creator of an online room plays at seat 1 and runs the room from that
 * same seat screen (start, pause, seat codes, close, the next game), while a seat screen on any
 * other device has no controls and opens no admin connection; no waiting text names a Ведущий
 * where there is none.
 */
import type { Lobby, RoomMode } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { secrets } from '../src/net/secrets';
import Player from '../src/screens/player';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';

const CODE = 'ABCDEF';

/** A WebSocket stand-in that opens by itself; every socket made is kept, to answer and to read. */
class FakeWS {
  static OPEN = 1;
  static made: FakeWS[] = [];
  readyState = 0;
  readonly sent: Record<string, any>[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWS.made.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.readyState = 3;
  }
  receive(m: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify({ v: 1, ...m }) });
  }
  /** The role it said hello as. */
  get as(): string | undefined {
    return this.sent.find((m) => m.type === 'hello')?.auth?.as;
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  FakeWS.made = [];
  vi.unstubAllGlobals();
});

const lobbyOf = (more: Partial<Lobby> = {}): Lobby =>
  ({ room: 'r1', code: CODE, preset: 'club', mode: 'online', seats: 10, claimed: Array.from({ length: 10 }, (_, i) => `P${i + 1}`), started: false, ended: false, closed: false, ...more }) as Lobby;

const welcome = (you: Record<string, unknown>, lobby: Lobby) => ({ type: 'welcome', you, lobby, seq: 1, items: [], view: null, pending: [], timer: null });

function route(lang: 'ru' | 'en' = 'ru') {
  localStorage.setItem('mafia.lang', lang);
  render(
    <I18nextProvider i18n={createI18n()}>
      <MemoryRouter initialEntries={[`/r/${CODE}/play`]}>
        <Routes>
          <Route path="/r/:code" element={<p>lobby screen</p>} />
          <Route path="/r/:code/admin" element={<p>admin page</p>} />
          <Route path="/r/:code/play" element={<Player />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Lets the sockets open and say hello; then each gets its welcome. */
async function connect(lobby: Lobby) {
  await act(() => new Promise((r) => setTimeout(r, 10)));
  const seat = FakeWS.made.find((s) => s.as === 'seat');
  const admin = FakeWS.made.find((s) => s.as === 'admin');
  act(() => {
    seat?.receive(welcome({ as: 'seat', seat: 1 }, lobby));
    admin?.receive(welcome({ as: 'admin' }, lobby));
  });
  return { seat, admin };
}

describe('the online creator\'s seat screen', () => {
  it('carries the room controls, says that he starts, and starts without leaving his seat', async () => {
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat(CODE, 1, 'tok');
    secrets().setAdminKey(CODE, 'admin-key');
    route('ru');
    const { seat, admin } = await connect(lobbyOf());
    expect(seat, 'the seat\'s own connection').toBeDefined();
    expect(admin?.sent[0], 'a second connection, as the room admin').toMatchObject({ type: 'hello', room: CODE, auth: { as: 'admin', key: 'admin-key' } });
    expect(screen.getByTestId('waiting').textContent).toBe('Игру начинаете вы: нажмите «Начать игру» ниже, когда все сядут');
    expect(document.body.textContent).not.toContain('Ведущ');
    expect(screen.getByTestId('seat-admin').textContent).toContain('Управление комнатой');

    fireEvent.click(screen.getByTestId('admin-start'));
    await act(async () => {});
    expect(admin!.sent.map((m) => m.type).filter((x) => x !== 'ping')).toEqual(['hello', 'start']);
    // Admin commands never go over the seat's socket.
    expect(seat!.sent.map((m) => m.type).filter((x) => x !== 'ping')).toEqual(['hello']);
    // He stays on his seat screen: no lobby, no admin page.
    expect(screen.getByTestId('phase')).toBeTruthy();
    expect(screen.queryByText('lobby screen')).toBeNull();
    expect(screen.queryByText('admin page')).toBeNull();
  });

  it('deals «Новая игра с теми же местами» from the seat screen once the game has ended', async () => {
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat(CODE, 1, 'tok');
    secrets().setAdminKey(CODE, 'admin-key');
    route('ru');
    const { seat, admin } = await connect(lobbyOf({ started: true, ended: true }));
    const next = screen.getByTestId('next-game');
    expect(next.textContent).toBe('Новая игра с теми же местами');
    fireEvent.click(next);
    await act(async () => {});
    expect(admin!.sent.map((m) => m.type).filter((x) => x !== 'ping')).toEqual(['hello', 'next']);
    expect(seat!.sent.map((m) => m.type).filter((x) => x !== 'ping')).toEqual(['hello']);
  });

  it('offers no next game in a room that was closed', async () => {
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat(CODE, 1, 'tok');
    secrets().setAdminKey(CODE, 'admin-key');
    route('en');
    await connect(lobbyOf({ started: true, ended: true, closed: true }));
    expect(screen.queryByTestId('next-game')).toBeNull();
    // The whole seat screen says the room is closed (issue 23 point 6): no controls are left to offer.
    expect(screen.getByTestId('room-closed').textContent).toContain('Room closed');
  });
});

describe('a seat screen without the admin key', () => {
  it('has no room controls, opens no admin connection, and waits for the room\'s creator', async () => {
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat(CODE, 4, 'tok');
    route('ru');
    await connect(lobbyOf());
    expect(FakeWS.made.map((s) => s.as)).toEqual(['seat']);
    expect(screen.queryByTestId('seat-admin')).toBeNull();
    expect(screen.queryByTestId('admin-start')).toBeNull();
    expect(screen.queryByTestId('admin-panel')).toBeNull();
    expect(screen.getByTestId('waiting').textContent).toBe('Ждём, когда создатель комнаты начнёт игру');
    // Every seat is taken: the phone no longer says «Ждём игроков» (the table screen does the same).
    expect(screen.getByTestId('phase').textContent).toBe('Все на местах');
    expect(document.body.textContent).not.toContain('Ведущ');
  });

  it('shows no next-game button at the end', async () => {
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat(CODE, 4, 'tok');
    route('en');
    await connect(lobbyOf({ started: true, ended: true }));
    expect(screen.queryByTestId('next-game')).toBeNull();
    expect(screen.queryByTestId('seat-admin')).toBeNull();
  });
});

describe('the waiting text names a Ведущий only where there is one', () => {
  const stateOf = (mode: RoomMode | null): RoomState => ({
    status: 'open', you: { as: 'seat', seat: 2 }, lobby: mode === null ? null : lobbyOf({ mode }), view: null, pending: [], timer: null,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0, alert: null,
  });
  const waiting = (mode: RoomMode | null, starts: boolean, lang: 'ru' | 'en') => {
    localStorage.setItem('mafia.lang', lang);
    render(
      <I18nextProvider i18n={createI18n()}>
        <PlayerScreen code={CODE} state={stateOf(mode)} send={() => Promise.resolve(1)} starts={starts} />
      </I18nextProvider>,
    );
    const text = screen.getByTestId('waiting').textContent ?? '';
    cleanup();
    return text;
  };

  it.each(['ru', 'en'] as const)('in %s', (lang) => {
    const host = lang === 'ru' ? /Ведущ/ : /\bhost\b/i;
    expect(waiting('human', false, lang)).toMatch(host);
    for (const mode of ['app', 'online', null] as const) {
      for (const starts of [false, true]) expect(waiting(mode, starts, lang), `${mode}, starts=${starts}`).not.toMatch(host);
    }
    expect(waiting('online', false, lang)).toBe(lang === 'ru' ? 'Ждём, когда создатель комнаты начнёт игру' : "Waiting for the room's creator to start the game");
    expect(waiting('app', false, lang)).toBe(lang === 'ru' ? 'Ждём, когда игру начнут с экрана стола' : 'Waiting for the game to be started from the table screen');
    expect(waiting('online', true, lang)).toMatch(lang === 'ru' ? /^Игру начинаете вы/ : /^You start the game/);
  });
});

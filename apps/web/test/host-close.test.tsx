// @vitest-environment jsdom
/**
 * Issue 23 leftovers: the human host's console has «Закрыть комнату», closing only on a second tap
 * (the label changes in place, as in the admin panel); the close goes over the wire as `close`,
 * and once the server's update says the room is closed the host page shows «Комната закрыта» and
 * nothing of the console. A refused close says why and changes nothing.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { RoomClient } from '../src/net/client';
import { HostRoom } from '../src/screens/host';
import { FakeSocket, FakeTimers } from './fakeSocket';
import { nightTwo } from './hostGame';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const LOBBY = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: 10, claimed: Array(10).fill('P'), started: true, game: 1, ended: false, closed: false };

function Page({ client }: { readonly client: RoomClient }) {
  const state = useSyncExternalStore(client.subscribe, client.getState);
  return <HostRoom code="ABCDEF" state={state} client={client} />;
}

async function hostPage(lng: 'ru' | 'en', lobby: Record<string, unknown> = LOBBY) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const client = new RoomClient({
    code: 'ABCDEF', auth: { as: 'host', key: 'k' }, url: 'ws://test/ws',
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    backoff: { initialMs: 100, maxMs: 1000 }, pingEveryMs: 0, pongTimeoutMs: 0,
    now: () => timers.now, random: () => 0.5, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout,
  });
  const g = nightTwo();
  client.connect();
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'welcome', you: { as: 'host' }, lobby, seq: g.log.length, items: g.log, view: lobby.started ? g.view : null, pending: lobby.started ? g.pending : [], timer: null });
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  render(
    <I18nextProvider i18n={i18n}>
      <Page client={client} />
    </I18nextProvider>,
  );
  const sock = sockets[0]!;
  return { client, sock, closes: () => sock.sent.filter((m) => m.type === 'close') };
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('the host closes the room from his console', () => {
  it('asks_on_the_first_tap_closes_on_the_second_then_shows_the_room_closed', async () => {
    const { sock, closes } = await hostPage('ru');
    const button = screen.getByTestId('host-close');
    expect(button.textContent).toBe('Закрыть комнату');
    await click(button);
    expect(closes()).toHaveLength(0);
    expect(button.textContent).toBe('Нажмите ещё раз, чтобы закрыть комнату насовсем');
    await click(button);
    expect(closes()).toHaveLength(1);
    const id = closes()[0]!.id as string;
    // The console is still there until the server says the room is closed.
    expect(screen.queryByTestId('room-closed')).toBeNull();
    await act(async () => {
      sock.receive({ type: 'update', seq: 100, items: [{ seq: 100, kind: 'close' }], lobby: { ...LOBBY, closed: true }, view: null, pending: [], timer: null, ack: id });
    });
    expect(screen.getByTestId('room-closed').textContent).toContain('Комната закрыта');
    expect(screen.queryByTestId('host-close')).toBeNull();
    expect(screen.queryByTestId('night-panel')).toBeNull();
  });

  it('a_refused_close_says_why_in_english_and_the_console_stays', async () => {
    const { sock, closes } = await hostPage('en');
    const button = screen.getByTestId('host-close');
    expect(button.textContent).toBe('Close the room');
    await click(button);
    await click(button);
    const id = closes()[0]!.id as string;
    await act(async () => {
      sock.receive({ type: 'error', code: 'database-unavailable', message: 'the database is away', id });
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent).join(' ')).toContain('The database cannot be reached right now: nothing was recorded.');
    expect(screen.queryByTestId('room-closed')).toBeNull();
    expect(screen.getByTestId('night-panel')).toBeTruthy();
    // The button asks again: the next single tap closes nothing.
    expect(screen.getByTestId('host-close').textContent).toBe('Close the room');
  });

  it('the_host_lobby_can_close_the_room_before_the_game_starts', async () => {
    const { closes } = await hostPage('ru', { ...LOBBY, started: false, claimed: Array(10).fill(null) });
    expect(screen.getByTestId('host-start')).toBeTruthy();
    const button = screen.getByTestId('host-close');
    await click(button);
    expect(closes()).toHaveLength(0);
    await click(button);
    expect(closes()).toHaveLength(1);
  });
});

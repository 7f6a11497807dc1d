// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { secrets } from '../src/net/secrets';
import { AdminPanel } from '../src/screens/admin/AdminPanel';
import { HostConsole } from '../src/screens/host/Console';
import { ProtocolButton } from '../src/ui';
import { HostGame } from './hostGame';
import { lobbyOf } from './typed';

async function inLanguage(lng: 'ru' | 'en', node: ReactNode) {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const saved: { name: string; text: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  // jsdom has no object URLs: the saved Blob is kept here to be read.
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((b: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, b);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    void blob.text().then((text) => saved.push({ name: this.download, text }));
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function fetchAnswering(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('«Скачать протокол» (issue 15)', () => {
  it('downloads_the_ended_games_protocol_with_the_room_key_in_a_header', async () => {
    const doc = { format: 'mafia-protocol/1', preset: 'classic', seats: ['mafia'], steps: [] };
    const f = fetchAnswering(200, doc);
    await inLanguage('ru', <ProtocolButton code="ABC234" game={2} roomKey="host-key-1" http={{ fetch: f }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Скачать протокол' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(f).toHaveBeenCalledTimes(1);
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('/api/rooms/ABC234/games/2/protocol');
    // The key never goes in the address.
    expect((init!.headers as Record<string, string>)['x-room-key']).toBe('host-key-1');
    expect(saved[0]!.name).toBe('ABC234-g2.json');
    expect(JSON.parse(saved[0]!.text)).toEqual(doc);
  });

  it('a_refusal_is_said_in_the_pages_language_and_no_key_shows_no_button', async () => {
    const f = fetchAnswering(409, { error: { code: 'protocol-unavailable', message: 'x', params: { reason: 'a host override ended the game' } } });
    await inLanguage('en', <ProtocolButton code="ABC234" game={1} roomKey="k" http={{ fetch: f }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the protocol' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot be written as a protocol/);
    expect(saved).toEqual([]);
    cleanup();
    await inLanguage('ru', <ProtocolButton code="ABC234" game={1} roomKey={null} />);
    expect(screen.queryByTestId('protocol-download')).toBeNull();
  });

  it('the_host_console_offers_it_once_the_game_has_ended', async () => {
    const g = new HostGame();
    secrets().setHostKey('ABC234', 'host-key-1');
    const state = (ended: boolean): RoomState => {
      if (ended) g.run({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
      return {
        status: 'open', you: { as: 'host' }, view: g.view, pending: g.pending, timer: null, seq: g.log.length, lastError: null, log: g.log, unacked: [], clockOffset: 0, attempt: 0,
        lobby: lobbyOf({ room: 'r1', code: 'ABC234', claimed: [], started: true, game: 1, ended }),
      };
    };
    await inLanguage('ru', <HostConsole state={state(false)} actions={null} />);
    expect(screen.queryByRole('button', { name: 'Скачать протокол' })).toBeNull();
    cleanup();
    await inLanguage('ru', <HostConsole state={state(true)} actions={null} />);
    expect(screen.getByRole('button', { name: 'Скачать протокол' })).toBeTruthy();
  });

  it('the_room_admins_panel_offers_it_once_the_game_has_ended_with_the_admin_key', async () => {
    secrets().setAdminKey('K7QX2M', 'admin-key-1');
    const state = (ended: boolean): RoomState => ({
      status: 'open', you: { as: 'admin' }, view: null, pending: [], timer: null, seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
      lobby: lobbyOf({ room: 'r1', code: 'K7QX2M', mode: 'app', claimed: [], started: true, game: 3, ended }),
    });
    await inLanguage('en', <AdminPanel state={state(false)} actions={null} />);
    expect(screen.queryByTestId('protocol-download')).toBeNull();
    cleanup();
    const f = fetchAnswering(409, { error: { code: 'game-not-ended', message: 'x' } });
    vi.spyOn(globalThis, 'fetch').mockImplementation(f);
    await inLanguage('en', <AdminPanel state={state(true)} actions={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the protocol' }));
    await waitFor(() => expect(f).toHaveBeenCalledTimes(1));
    expect(f.mock.calls[0]![0]).toBe('/api/rooms/K7QX2M/games/3/protocol');
    expect((f.mock.calls[0]![1]!.headers as Record<string, string>)['x-room-key']).toBe('admin-key-1');
    expect((await screen.findByTestId('protocol-error')).textContent).toMatch(/has not ended yet/);
  });
});


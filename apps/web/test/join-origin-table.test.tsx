// @vitest-environment jsdom
/** Issue 23, point 2: the table screen's QR code and link use GET /api/info's address, as the lobby's do. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { TableLobby } from '../src/screens/table/TableLobby';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lobby = lobbyOf({ room: 'r1', code: 'K7QX2M', mode: 'app' });

/** GET /api/info answers `info` once `release` is called (null: at once). */
function serverAnswers(info: unknown) {
  let release: () => void = () => {};
  const gate = new Promise<void>((ok) => (release = ok));
  const fetch = vi.fn(async (url: string) => {
    await gate;
    return new Response(JSON.stringify(info), { status: url === '/api/info' ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, release };
}

function showTable() {
  const i18n = createI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <TableLobby lobby={lobby} admin={false} />
    </I18nextProvider>,
  );
}

describe('the table screen on localhost (issue 23, point 2)', () => {
  it('its_qr_code_and_link_use_the_lan_address_of_api_info', async () => {
    // jsdom's page is http://localhost:3000: the TV of «the app is the host» shows it on the laptop itself.
    expect(location.hostname).toBe('localhost');
    const server = serverAnswers({ url: 'http://192.168.1.20:3000', source: 'lan' });
    showTable();
    // Until the server answers there is no link at all: never one to localhost, not even for a moment.
    expect(screen.queryByTestId('qr')).toBeNull();
    expect(screen.getByTestId('table-lobby').textContent).not.toMatch(/localhost|127\.0\.0\.1/);
    server.release();
    await waitFor(() => expect(screen.getByTestId('qr').dataset.text).toBe('http://192.168.1.20:3000/r/K7QX2M'));
    expect(screen.getByTestId('table-link').textContent).toBe('http://192.168.1.20:3000/r/K7QX2M');
    expect(server.fetch.mock.calls[0]![0]).toBe('/api/info');
  });

  it('public_url_wins_on_the_table_screen_too', async () => {
    serverAnswers({ url: 'https://mafia.example.org', source: 'public-url' }).release();
    showTable();
    await waitFor(() => expect(screen.getByTestId('qr').dataset.text).toBe('https://mafia.example.org/r/K7QX2M'));
  });

  it('without_a_known_address_it_falls_back_to_the_page_origin', async () => {
    serverAnswers({ url: null, source: 'none' }).release();
    showTable();
    await waitFor(() => expect(screen.getByTestId('qr').dataset.text).toBe('http://localhost:3000/r/K7QX2M'));
  });
});

// @vitest-environment jsdom
import type { OpenRooms } from '@mafia/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import Home from '../src/screens/home';
import Play from '../src/screens/play';
import { ageOf, timeAgo } from '../src/screens/play/model';

/** Issue 26 point 5: /play, the lobby of open games. */

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NOW = 1_800_000_000_000;
const LIST: OpenRooms = {
  now: NOW,
  rooms: [
    { code: 'K7QX2M', preset: 'classic', seats: 10, taken: 3, language: 'ru', createdAt: NOW - 5 * 60_000 - 10_000 },
    { code: 'ABCD23', preset: 'short', seats: 4, taken: 1, language: 'en', createdAt: NOW - 20_000 },
    { code: 'ZZZZ99', preset: 'sport', seats: 10, taken: 0, createdAt: NOW - 3 * 3_600_000 },
  ],
};

function LobbyStub() {
  return <p>lobby of {useParams().code}</p>;
}

function renderPlay(fetchImpl: typeof fetch, lang: 'ru' | 'en', refreshMs?: number) {
  localStorage.setItem('mafia.lang', lang);
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/play']}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/play" element={<Play http={{ fetch: fetchImpl }} refreshMs={refreshMs} />} />
          <Route path="/new" element={<p>create screen</p>} />
          <Route path="/r/:code" element={<LobbyStub />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('/play: the lobby of open games', () => {
  it('lists each open game in Russian: preset, seats taken (plural), language, age; a tap opens its lobby to take a seat', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, LIST));
    renderPlay(fetchImpl, 'ru');
    const list = await screen.findByTestId('open-rooms');
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/rooms/open');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Открытые игры');
    const classic = within(list).getByTestId('open-K7QX2M');
    expect(classic.textContent).toContain('Классическая');
    expect(classic.textContent).toContain('занято 3 из 10 мест');
    expect(classic.textContent).toContain('Русский');
    expect(classic.textContent).toContain('5 минут назад');
    const short = within(list).getByTestId('open-ABCD23');
    expect(short.textContent).toContain('занято 1 из 4 мест');
    expect(short.textContent).toContain('English');
    expect(short.textContent).toContain('только что');
    const sport = within(list).getByTestId('open-ZZZZ99');
    expect(sport.textContent).toContain('язык не указан');
    expect(sport.textContent).toContain('3 часа назад');
    // Newest first, as the server sends them.
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/r/K7QX2M', '/r/ABCD23', '/r/ZZZZ99']);
    fireEvent.click(classic);
    expect(await screen.findByText('lobby of K7QX2M')).toBeTruthy();
  });

  it('speaks English, with English plurals', async () => {
    renderPlay(vi.fn<typeof fetch>(async () => json(200, { now: NOW, rooms: [{ ...LIST.rooms[0]!, taken: 1, seats: 1 }, LIST.rooms[1]!] })), 'en');
    const list = await screen.findByTestId('open-rooms');
    expect(within(list).getByTestId('open-K7QX2M').textContent).toContain('1 of 1 seat taken');
    expect(within(list).getByTestId('open-K7QX2M').textContent).toContain('5 minutes ago');
    expect(within(list).getByTestId('open-ABCD23').textContent).toContain('1 of 4 seats taken');
    expect(within(list).getByTestId('open-ABCD23').textContent).toContain('just now');
  });

  it('an empty list says so and links to /new', async () => {
    renderPlay(vi.fn<typeof fetch>(async () => json(200, { now: NOW, rooms: [] })), 'ru');
    const empty = await screen.findByTestId('open-empty');
    expect(empty.textContent).toContain('Сейчас нет открытых игр.');
    fireEvent.click(within(empty).getByRole('link', { name: 'Создать игру' }));
    expect(await screen.findByText('create screen')).toBeTruthy();
  });

  it('asks again every few seconds; a failed round says why in the person’s language and keeps the last list', async () => {
    let answer: Response | Error = json(200, { now: NOW, rooms: [] });
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      if (answer instanceof Error) throw answer;
      return answer.clone();
    });
    renderPlay(fetchImpl, 'en', 20);
    await screen.findByTestId('open-empty');
    answer = json(200, LIST);
    await screen.findByTestId('open-K7QX2M');
    answer = new Error('offline');
    const alert = await screen.findByTestId('open-failed');
    expect(alert.textContent).toContain('The list did not refresh');
    expect(alert.textContent).not.toContain('offline');
    expect(screen.getByTestId('open-K7QX2M')).toBeTruthy();
    answer = json(200, { now: NOW, rooms: [LIST.rooms[1]!] });
    await waitFor(() => expect(screen.queryByTestId('open-K7QX2M')).toBeNull());
    expect(screen.getByTestId('open-ABCD23')).toBeTruthy();
    expect(screen.queryByTestId('open-failed')).toBeNull();
  });

  it('home links to /play', async () => {
    localStorage.setItem('mafia.lang', 'en');
    const i18n = createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/play" element={<p>play screen</p>} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Open games' }));
    expect(await screen.findByText('play screen')).toBeTruthy();
  });
});

describe('/play: how long ago', () => {
  it('counts on the server’s clock, and on from when the list was read', () => {
    const room = LIST.rooms[0]!;
    expect(ageOf(room, NOW, 5_000, 65_000)).toBe(5 * 60_000 + 10_000 + 60_000);
    expect(timeAgo('ru', 59_000, 'только что')).toBe('только что');
    expect(timeAgo('ru', 61 * 60_000, '')).toBe('1 час назад');
    expect(timeAgo('en', 2 * 60_000, '')).toBe('2 minutes ago');
    expect(timeAgo('en', 49 * 3_600_000, '')).toBe('2 days ago');
  });
});

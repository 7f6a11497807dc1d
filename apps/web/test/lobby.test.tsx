// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import Lobby from '../src/screens/lobby';
import { claimableSeats, cleanName, drawSeating, joinLink, randomBelow, shuffled } from '../src/screens/lobby/model';
import { FakeSocket } from './fakeSocket';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A fixed stream of 32-bit words (a linear congruential generator): draws that tests can repeat. */
function words(seed = 1) {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
}

const lobbyOf = (claimed: (string | null)[], more: Record<string, unknown> = {}) => ({
  room: 'room-1', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: claimed.length, claimed, started: false, ended: false, closed: false, ...more,
});

describe('lobby: the model', () => {
  it('builds the join link from the origin and the code', () => {
    expect(joinLink('https://mafia.example/', 'abcdef')).toBe('https://mafia.example/r/ABCDEF');
    expect(joinLink('http://localhost:3000', 'K7QX2M')).toBe('http://localhost:3000/r/K7QX2M');
  });

  it('draws integers without modulo bias: words past the last whole multiple are thrown away', () => {
    const seq = [0xffff_ffff, 0xffff_fffe, 7];
    let i = 0;
    // 2^32 mod 3 = 1: the word 0xffffffff is rejected, 0xfffffffe = 3 * 1431655764 + 2 → 2
    expect(randomBelow(3, () => seq[i++]!)).toBe(2);
    expect(i).toBe(2);
    expect(() => randomBelow(0, () => 0)).toThrow(RangeError);
    const w = words(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let k = 0; k < 6000; k++) counts[randomBelow(6, w)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });

  it('shuffles into a permutation, with crypto.getRandomValues by default', () => {
    const a = Array.from({ length: 20 }, (_, i) => i);
    const s = shuffled(a);
    expect([...s].sort((x, y) => x - y)).toEqual(a);
    expect(a).toEqual(Array.from({ length: 20 }, (_, i) => i)); // the input is left alone
    const orders = new Set(Array.from({ length: 20 }, () => shuffled(a).join(',')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('draws a distinct seat of 1..N for every claimed name, in table order', () => {
    const draw = drawSeating({ seats: 10, claimed: ['Anna', null, 'Boris', 'Vera', null, null, null, null, null, 'Gleb'] }, words(3));
    expect(draw.map((r) => r.name).sort()).toEqual(['Anna', 'Boris', 'Gleb', 'Vera']);
    expect(new Set(draw.map((r) => r.seat)).size).toBe(4);
    for (const r of draw) expect(r.seat).toBeGreaterThanOrEqual(1), expect(r.seat).toBeLessThanOrEqual(10);
    expect(draw.map((r) => r.seat)).toEqual([...draw.map((r) => r.seat)].sort((a, b) => a - b));
    expect(draw.find((r) => r.name === 'Boris')!.from).toBe(3);
    expect(drawSeating({ seats: 3, claimed: [null, null, null] }, words())).toEqual([]);
  });

  it('offers the free seats while the room takes claims; cleans names to what the server takes', () => {
    expect(claimableSeats(lobbyOf(['A', null, null]))).toEqual([2, 3]);
    expect(claimableSeats(lobbyOf(['A', null], { started: true }))).toEqual([2]);
    expect(claimableSeats(lobbyOf(['A', null], { ended: true }))).toEqual([]);
    expect(claimableSeats(lobbyOf(['A', null], { closed: true }))).toEqual([]);
    expect(cleanName('  Anna   Petrova ')).toBe('Anna Petrova');
    expect(cleanName('   ')).toBeNull();
    expect(cleanName('x'.repeat(60))).toBeNull();
    expect(cleanName('Ведущий')).toBeNull();
    expect(cleanName('An\u202Ena')).toBeNull();
  });
});

function setup(options: { host?: boolean; word?: () => number; lang?: 'ru' | 'en' } = {}) {
  if (options.host) localStorage.setItem('mafia.host.ABCDEF', 'the-host-key');
  localStorage.setItem('mafia.lang', options.lang ?? 'en');
  const sockets: FakeSocket[] = [];
  const room = {
    url: 'ws://test/ws',
    pingEveryMs: 0,
    socket: (url: string) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  };
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/r/abcdef']}>
        <Routes>
          <Route path="/r/:code" element={<Lobby room={room} origin="https://mafia.example" word={options.word} />} />
          <Route path="/r/:code/play" element={<p>player screen</p>} />
          <Route path="/r/:code/host" element={<p>host console</p>} />
          <Route path="/r/:code/table" element={<p>table screen</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return sockets;
}

describe('lobby: the page', () => {
  it('shows the code, a QR code of the join link, the seats live; a free seat → name → claim → the player screen', async () => {
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    expect(s.sent[0]).toMatchObject({ type: 'hello', room: 'ABCDEF', auth: { as: 'spectator' } });
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf(['Anna', null, null, null]), seq: 1, items: [], view: null, pending: [], timer: null }));

    expect(screen.getByTestId('room-code').textContent).toBe('ABCDEF');
    const qr = screen.getByTestId('qr');
    expect(qr.getAttribute('data-text')).toBe('https://mafia.example/r/ABCDEF');
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    // the same QR code the qrcode package draws for the link
    const expected = await QRCode.toString('https://mafia.example/r/ABCDEF', { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
    const paths = (html: string) => [...html.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]);
    expect(paths(expected).length).toBeGreaterThan(0);
    expect(paths(qr.innerHTML)).toEqual(paths(expected));

    expect((screen.getByTestId('seat-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('seat-1').getAttribute('aria-label')).toContain('Anna');
    expect(screen.getByTestId('claimed-count').textContent).toContain('1 of 4 seats taken');
    // someone else takes seat 2 meanwhile: the lobby follows
    act(() => s.receive({ type: 'update', seq: 2, items: [{ seq: 2, kind: 'claim', seat: 2, name: 'Boris' }], lobby: lobbyOf(['Anna', 'Boris', null, null]), view: null, pending: [], timer: null }));
    expect(screen.getByTestId('seat-2').getAttribute('aria-label')).toContain('Boris');
    expect((screen.getByTestId('seat-2') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('seat-3'));
    expect(screen.getByTestId('seat-3').getAttribute('aria-pressed')).toBe('true');
    const submit = screen.getByTestId('claim-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true); // no name yet
    fireEvent.change(screen.getByTestId('claim-name'), { target: { value: '  Vera ' } });
    fireEvent.click(submit);
    expect(s.last()).toMatchObject({ type: 'claim', room: 'ABCDEF', seat: 3, name: 'Vera' });
    act(() => s.receive({ type: 'welcome', you: { as: 'seat', seat: 3 }, token: 'tok-3', lobby: lobbyOf(['Anna', 'Boris', 'Vera', null]), seq: 3, items: [], view: null, pending: [], timer: null }));
    await screen.findByText('player screen');
    expect(JSON.parse(localStorage.getItem('mafia.seat.ABCDEF')!)).toEqual({ seat: 3, token: 'tok-3' });
  });

  it('a player draws his number: the claim asks the server for a random free seat and keeps the seat it got', async () => {
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf(['Anna', null, null, null]), seq: 1, items: [], view: null, pending: [], timer: null }));
    const draw = screen.getByTestId('claim-draw') as HTMLButtonElement;
    expect(draw.disabled).toBe(true); // no name yet
    fireEvent.change(screen.getByTestId('draw-name'), { target: { value: 'Oleg' } });
    fireEvent.click(draw);
    expect(s.last()).toMatchObject({ type: 'claim', room: 'ABCDEF', seat: 'draw', name: 'Oleg' });
    act(() => s.receive({ type: 'welcome', you: { as: 'seat', seat: 4 }, token: 'tok-4', lobby: lobbyOf(['Anna', null, null, 'Oleg']), seq: 2, items: [], view: null, pending: [], timer: null }));
    await screen.findByText('player screen');
    expect(JSON.parse(localStorage.getItem('mafia.seat.ABCDEF')!)).toEqual({ seat: 4, token: 'tok-4' });
  });

  it('claim_after_start_asks_for_the_seat_code_the_host_shows_in_russian_and_english', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const sockets = setup({ lang });
      const s = sockets[0]!;
      act(() => s.open());
      act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf(['Anna', null, 'Vera', null], { started: true }), seq: 3, items: [], view: null, pending: [], timer: null }));
      // No draw after the start: a seat is named, with its code.
      expect(screen.queryByTestId('claim-draw')).toBeNull();
      fireEvent.click(screen.getByTestId('seat-2'));
      fireEvent.change(screen.getByTestId('claim-name'), { target: { value: 'Gleb' } });
      const submit = screen.getByTestId('claim-submit') as HTMLButtonElement;
      expect(submit.disabled).toBe(true); // no code yet
      expect(screen.getByText(lang === 'ru' ? /попросите у Ведущего код этого места/ : /ask the host for this seat's code/)).toBeTruthy();
      fireEvent.change(screen.getByTestId('claim-seat-code'), { target: { value: '042 137' } });
      fireEvent.click(submit);
      expect(s.last()).toMatchObject({ type: 'claim', room: 'ABCDEF', seat: 2, name: 'Gleb', seatCode: '042137', key: expect.any(String) });
      act(() => s.receive({ type: 'error', code: 'bad-seat-code', message: 'wrong code for seat 2' }));
      expect((await screen.findByTestId('lobby-error')).textContent).toContain(lang === 'ru' ? 'Неверный код места' : 'Wrong seat code');
      cleanup();
      localStorage.clear();
    }
  });

  it('a name the server would refuse is said so before it is sent', () => {
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf([null, null]), seq: 0, items: [], view: null, pending: [], timer: null }));
    fireEvent.click(screen.getByTestId('seat-1'));
    fireEvent.change(screen.getByTestId('claim-name'), { target: { value: 'Host' } });
    expect(screen.getByTestId('claim-name-refused').textContent).toMatch(/cannot be used/);
    expect((screen.getByTestId('claim-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a claim whose answer was lost is sent again with its key when the page comes back', async () => {
    localStorage.setItem('mafia.claim.ABCDEF', JSON.stringify({ seat: 2, key: 'k'.repeat(32), name: 'Gleb' }));
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf([null, 'Gleb']), seq: 1, items: [], view: null, pending: [], timer: null }));
    await waitFor(() => expect(s.last()).toMatchObject({ type: 'claim', seat: 2, key: 'k'.repeat(32), name: 'Gleb' }));
    act(() => s.receive({ type: 'welcome', you: { as: 'seat', seat: 2 }, token: 'tok-2', lobby: lobbyOf([null, 'Gleb']), seq: 1, items: [], view: null, pending: [], timer: null }));
    await screen.findByText('player screen');
    expect(JSON.parse(localStorage.getItem('mafia.seat.ABCDEF')!)).toEqual({ seat: 2, token: 'tok-2' });
    expect(localStorage.getItem('mafia.claim.ABCDEF')).toBeNull();
  });

  it('shows a refused claim and stays', async () => {
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf([null, null]), seq: 0, items: [], view: null, pending: [], timer: null }));
    fireEvent.click(screen.getByTestId('seat-2'));
    fireEvent.change(screen.getByTestId('claim-name'), { target: { value: 'Gleb' } });
    fireEvent.click(screen.getByTestId('claim-submit'));
    act(() => s.receive({ type: 'error', code: 'seat-taken', message: 'seat 2 is taken' }));
    expect((await screen.findByTestId('lobby-error')).textContent).toContain('This seat is taken.');
    expect(screen.queryByText('player screen')).toBeNull();
    expect(localStorage.getItem('mafia.seat.ABCDEF')).toBeNull();
  });

  it('a device that holds a seat is sent to its player screen, not offered another seat', () => {
    localStorage.setItem('mafia.seat.ABCDEF', JSON.stringify({ seat: 2, token: 't' }));
    const sockets = setup();
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: lobbyOf([null, 'Me', null]), seq: 1, items: [], view: null, pending: [], timer: null }));
    expect((screen.getByTestId('seat-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Open my player screen' }).getAttribute('href')).toBe('/r/ABCDEF/play');
  });

  it('the host sees who claimed, releases a seat, draws seats, starts → the console', async () => {
    const sockets = setup({ host: true, word: words(11) });
    const s = sockets[0]!;
    act(() => s.open());
    expect(s.sent[0]).toMatchObject({ type: 'hello', auth: { as: 'host', key: 'the-host-key' } });
    act(() => s.receive({ type: 'welcome', you: { as: 'host' }, lobby: lobbyOf(['Anna', 'Boris', null, 'Vera']), seq: 3, items: [], view: null, pending: [], timer: null }));
    const panel = screen.getByTestId('host-panel');
    expect(within(panel).getByTestId('release-1').textContent).toBe('Release seat 1 (Anna)');
    expect(within(panel).queryByTestId('release-3')).toBeNull();
    expect(screen.getByTestId('open-table').getAttribute('href')).toBe('/r/ABCDEF/table');

    fireEvent.click(screen.getByTestId('release-2'));
    expect(s.last()).toMatchObject({ type: 'release', seat: 2 });
    act(() => s.receive({ type: 'update', seq: 4, items: [{ seq: 4, kind: 'release', seat: 2 }], lobby: lobbyOf(['Anna', null, null, 'Vera']), view: null, pending: [], timer: null, ack: s.last().id }));
    await waitFor(() => expect(screen.queryByTestId('release-2')).toBeNull());

    fireEvent.click(screen.getByTestId('draw-seats'));
    const rows = within(screen.getByTestId('draw-result')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const seats = rows.map((r) => Number(r.getAttribute('data-seat')));
    expect(new Set(seats).size).toBe(2);
    expect(seats).toEqual(drawSeating(lobbyOf(['Anna', null, null, 'Vera']), words(11)).map((r) => r.seat));
    expect(rows.map((r) => r.textContent!.replace(/ → seat \d+$/, '')).sort()).toEqual(['Anna', 'Vera']);
    rows.forEach((r, i) => expect(r.textContent).toBe(`${r.textContent!.split(' → ')[0]} → seat ${seats[i]}`));

    fireEvent.click(screen.getByTestId('host-start'));
    const start = s.last();
    expect(start).toMatchObject({ type: 'start' });
    act(() => s.receive({ type: 'update', seq: 5, items: [], lobby: lobbyOf(['Anna', null, null, 'Vera'], { started: true }), view: { phase: { kind: 'night', n: 1 }, seats: [] }, pending: [], timer: null, ack: start.id }));
    await screen.findByText('host console');
  });

  it('the host claims a seat on a second connection, keeping the host one', async () => {
    const sockets = setup({ host: true });
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'welcome', you: { as: 'host' }, lobby: lobbyOf([null, null, null]), seq: 0, items: [], view: null, pending: [], timer: null }));
    fireEvent.click(screen.getByTestId('seat-1'));
    fireEvent.change(screen.getByTestId('claim-name'), { target: { value: 'Host Player' } });
    fireEvent.click(screen.getByTestId('claim-submit'));
    const second = sockets[1]!;
    expect(sockets[0]!.sent.filter((m) => m.type === 'claim')).toEqual([]);
    act(() => second.open());
    expect(second.sent[0]).toMatchObject({ type: 'claim', seat: 1, name: 'Host Player' });
    act(() => second.receive({ type: 'welcome', you: { as: 'seat', seat: 1 }, token: 'tok-1', lobby: lobbyOf(['Host Player', null, null]), seq: 1, items: [], view: null, pending: [], timer: null }));
    await screen.findByText('player screen');
    expect(second.readyState).toBe(3);
    expect(localStorage.getItem('mafia.host.ABCDEF')).toBe('the-host-key');
    expect(JSON.parse(localStorage.getItem('mafia.seat.ABCDEF')!)).toMatchObject({ seat: 1, token: 'tok-1' });
  });

  it('the creator of an online room enters as its admin: the room controls, no host panel, his own seat on a second connection', async () => {
    localStorage.setItem('mafia.admin.ABCDEF', 'the-admin-key');
    const sockets = setup();
    const s = sockets[0]!;
    act(() => s.open());
    expect(s.sent[0]).toMatchObject({ type: 'hello', auth: { as: 'admin', key: 'the-admin-key' } });
    act(() => s.receive({ type: 'welcome', you: { as: 'admin' }, lobby: lobbyOf([null, 'Boris', 'Vera'], { mode: 'online' }), seq: 2, items: [], view: null, pending: [], timer: null }));
    expect(screen.queryByTestId('host-panel')).toBeNull();
    expect(within(screen.getByTestId('admin-panel')).getByTestId('admin-release-2').textContent).toBe('Free seat 2 (Boris)');
    fireEvent.click(screen.getByTestId('seat-1'));
    fireEvent.change(screen.getByTestId('claim-name'), { target: { value: 'Creator' } });
    fireEvent.click(screen.getByTestId('claim-submit'));
    const second = sockets[1]!;
    act(() => second.open());
    expect(second.sent[0]).toMatchObject({ type: 'claim', seat: 1, name: 'Creator' });
    act(() => second.receive({ type: 'welcome', you: { as: 'seat', seat: 1 }, token: 'tok-1', lobby: lobbyOf(['Creator', 'Boris', 'Vera'], { mode: 'online' }), seq: 3, items: [], view: null, pending: [], timer: null }));
    await screen.findByText('player screen');
    expect(localStorage.getItem('mafia.admin.ABCDEF')).toBe('the-admin-key');
  });

  it('says so when there is no such room', async () => {
    const sockets = setup();
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'error', code: 'no-room', message: 'no room ABCDEF' }));
    expect(await screen.findByText('There is no room with this code')).toBeTruthy();
    expect(screen.queryByTestId('host-panel')).toBeNull();
  });

  it('every button has an accessible name', () => {
    const sockets = setup({ host: true });
    act(() => sockets[0]!.open());
    act(() => sockets[0]!.receive({ type: 'welcome', you: { as: 'host' }, lobby: lobbyOf(['Anna', null]), seq: 1, items: [], view: null, pending: [], timer: null }));
    fireEvent.click(screen.getByTestId('draw-seats'));
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('aria-label') ?? b.textContent).toMatch(/\S/);
  });
});

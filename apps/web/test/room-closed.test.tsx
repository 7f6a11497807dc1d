// @vitest-environment jsdom
import { pendingDecisions, project, seatNo } from '@mafia/engine';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { RoomClient, type RoomState } from '../src/net/client';
import { Speaker } from '../src/narrator/speaker';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { TableScreen } from '../src/screens/table/TableScreen';
import { newGame, until } from './classicGame';
import { FakeSocket, FakeTimers } from './fakeSocket';
import { lobbyOf } from './typed';

/**
 * Issue 23 point 6: the host's (or room admin's) close reaches every phone and the TV as «Комната
 * закрыта», and they stop at once: the client neither reconnects nor pings, and no timer, night
 * step or narrator goes on.
 */

afterEach(cleanup);

const LOBBY = lobbyOf({ room: 'r1', mode: 'app', claimed: Array<string>(10).fill('P'), started: true });
const NIGHT = { kind: 'night' as const, started: 100_000, deadline: 145_000, steps: [100_000, 115_000, 130_000] };

function client() {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const c = new RoomClient({
    code: 'ABCDEF', auth: { as: 'spectator' }, url: 'ws://test/ws',
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    backoff: { initialMs: 100, maxMs: 1000 }, pingEveryMs: 1000, pongTimeoutMs: 0,
    now: () => timers.now, random: () => 0.5, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout,
  });
  return { c, sockets, timers };
}

describe('closing a room', () => {
  it('stops the client at once: no reconnect, no ping, its taps in flight refused', async () => {
    const { c, sockets, timers } = client();
    c.connect();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: LOBBY, seq: 5, items: [], view: null, pending: [], timer: NIGHT });
    const trip = c.tap(4, 0);
    sockets[0]!.receive({ type: 'update', seq: 6, items: [{ seq: 6, kind: 'close' }], lobby: { ...LOBBY, closed: true }, view: null, pending: [], timer: null });
    expect(c.getState()).toMatchObject({ status: 'closed', lobby: { closed: true }, timer: null });
    await expect(trip).rejects.toMatchObject({ code: 'room-closed' });
    const sent = sockets[0]!.sent.length;
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toHaveLength(sent);
    c.reconnectNow();
    expect(sockets).toHaveLength(1);
  });

  it('a client that comes back to a closed room stops after its welcome', () => {
    const { c, sockets, timers } = client();
    c.connect();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'welcome', you: { as: 'spectator' }, lobby: { ...LOBBY, closed: true }, seq: 6, items: [], view: null, pending: [], timer: null });
    expect(c.getState().status).toBe('closed');
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('the phone shows «Комната закрыта» and nothing of the night goes on', async () => {
    const g = until(newGame(), 'night', 2);
    const i18n = createI18n();
    await i18n.changeLanguage('ru');
    const state: RoomState = {
      status: 'closed', you: { as: 'seat', seat: 4 }, lobby: { ...LOBBY, closed: true },
      view: project(g.state, { kind: 'seat', seat: seatNo(4) }), pending: pendingDecisions(g.state).filter((p) => p.seat === 4), timer: null,
      seq: 6, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
    };
    render(
      <I18nextProvider i18n={i18n}>
        <PlayerScreen code="ABCDEF" state={state} send={() => Promise.resolve(1)} now={101_000} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('room-closed').textContent).toContain('Комната закрыта');
    expect(screen.queryByTestId('night-step')).toBeNull();
    expect(screen.queryByTestId('act-submit')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('the TV shows "Room closed" and its narrator falls silent at once', async () => {
    const g = until(newGame(), 'night', 2);
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    // A real, unlocked speaker on a silent synth, with what the screen says (or stops) recorded.
    const speaker = new Speaker({ speak: () => {}, cancel: () => {}, getVoices: () => [] }, (text) => ({ text, lang: '', voice: null, rate: 1 }));
    speaker.unlock();
    const say = vi.spyOn(speaker, 'say').mockImplementation(() => {});
    const cancel = vi.spyOn(speaker, 'cancel').mockImplementation(() => {});
    const open: RoomState = {
      status: 'open', you: { as: 'spectator' }, lobby: LOBBY, view: project(g.state, { kind: 'spectator' }), pending: [], timer: NIGHT,
      seq: 5, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
    };
    const ui = (s: RoomState) => (
      <I18nextProvider i18n={i18n}>
        <TableScreen code="ABCDEF" state={s} speaker={speaker} now={() => 101_000} />
      </I18nextProvider>
    );
    const r = render(ui(open));
    expect(screen.queryByTestId('room-closed')).toBeNull();
    const said = say.mock.calls.length;
    r.rerender(ui({ ...open, status: 'closed', lobby: { ...LOBBY, closed: true }, timer: null, seq: 6 }));
    expect(screen.getByTestId('room-closed').textContent).toContain('Room closed');
    expect(screen.queryByTestId('step')).toBeNull();
    expect(cancel).toHaveBeenCalled();
    expect(say.mock.calls.length).toBe(said);
  });
});

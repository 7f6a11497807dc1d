// @vitest-environment jsdom
/**
 * Issue 25: the client checks every frame against the protocol's schema. A frame that is not a
 * server message is a refusal shown to the person in his language, not a crash and not a state
 * half taken in; a message type this client does not know (a newer server's) is ignored.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { RoomClient } from '../src/net/client';
import { RoomStatus } from '../src/ui/RoomStatus';
import { FakeSocket } from './fakeSocket';

afterEach(cleanup);

const LOBBY = { room: 'r1', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: 4, claimed: [null, null, null, null], started: false, game: 1, ended: false, closed: false };
const welcome = { type: 'welcome', you: { as: 'spectator' }, lobby: LOBBY, seq: 2, items: [], view: null, pending: [], timer: null };

function openClient() {
  const sockets: FakeSocket[] = [];
  const client = new RoomClient({
    code: 'ABCDEF', auth: { as: 'spectator' }, url: 'ws://test/ws', pingEveryMs: 0, pongTimeoutMs: 0,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  client.connect();
  sockets[0]!.open();
  sockets[0]!.receive(welcome);
  return { client, sock: sockets[0]! };
}

describe('a bad server frame', () => {
  it('bad_frame_becomes_an_error_and_changes_nothing_else', () => {
    const { client, sock } = openClient();
    const before = client.getState();
    expect(() => sock.receive({ type: 'update', seq: 'three', items: [], view: null, pending: [], timer: null })).not.toThrow();
    const after = client.getState();
    expect(after.lastError).toMatchObject({ code: 'bad-server-message', path: 'seq' });
    expect({ ...after, lastError: null }).toEqual({ ...before, lastError: null });
    expect(after.status).toBe('open');
  });

  it('a_frame_missing_a_field_or_with_a_wrong_log_item_is_refused', () => {
    const { client, sock } = openClient();
    sock.receive({ type: 'welcome', you: { as: 'spectator' }, seq: 3, items: [], view: null, pending: [], timer: null });
    expect(client.getState()).toMatchObject({ seq: 2, lastError: { code: 'bad-server-message', path: 'lobby' } });
    sock.receive({ type: 'update', seq: 3, items: [{ seq: 3, kind: 'claim', seat: 0, name: 'Anna' }], view: null, pending: [], timer: null });
    expect(client.getState()).toMatchObject({ seq: 2, log: [], lastError: { code: 'bad-server-message', path: 'items.0.seat' } });
    sock.onmessage?.({ data: '{"v":1,"type":"pong","now":"soon"}' });
    expect(client.getState()).toMatchObject({ clockOffset: 0, lastError: { code: 'bad-server-message', path: 'now' } });
  });

  it('a_good_frame_after_a_bad_one_is_taken_in', () => {
    const { client, sock } = openClient();
    sock.receive({ type: 'update', seq: null });
    sock.receive({ type: 'update', seq: 3, items: [{ seq: 3, kind: 'claim', seat: 1, name: 'Anna' }], view: null, pending: [], timer: null });
    expect(client.getState()).toMatchObject({ seq: 3, log: [{ seq: 3, kind: 'claim', seat: 1, name: 'Anna' }] });
  });

  it('an_unknown_message_type_is_ignored', () => {
    const { client, sock } = openClient();
    const before = client.getState();
    sock.receive({ type: 'fromTheFuture', anything: 1 });
    expect(client.getState()).toBe(before);
  });

  it.each([
    ['ru', 'Сервер прислал непонятное сообщение.'],
    ['en', 'The server sent a message this app does not understand.'],
  ] as const)('the_bad_frame_is_shown_in_words_%s', async (lng, words) => {
    const { client, sock } = openClient();
    sock.receive({ type: 'welcome', you: { as: 'nobody' }, lobby: LOBBY, seq: 3, items: [], view: null, pending: [], timer: null });
    const i18n = createI18n();
    await i18n.changeLanguage(lng);
    render(
      <I18nextProvider i18n={i18n}>
        <RoomStatus state={client.getState()} />
      </I18nextProvider>,
    );
    const notice = screen.getByTestId('room-error');
    expect(notice.getAttribute('data-code')).toBe('bad-server-message');
    expect(notice.textContent).toContain(words);
  });
});

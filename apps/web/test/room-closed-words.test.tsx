// @vitest-environment jsdom
/**
 * The look at 360×740 (issue 23 leftovers): once a room is closed, the header of every screen says
 * «Комната закрыта», not «Нет связи» (nothing is wrong with the connection: the room is over); and
 * in an app or online room, where nobody is the Ведущий, the closed screen says its creator closed it.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { Lobby } from '@mafia/protocol';
import type { RoomState } from '../src/net/client';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { TableScreen } from '../src/screens/table/TableScreen';
import { lobbyOf } from './typed';

afterEach(cleanup);

const closed = (mode: Lobby['mode']): RoomState => ({
  status: 'closed', you: { as: 'spectator' }, lobby: lobbyOf({ room: 'r1', mode, claimed: Array<string>(10).fill('P'), started: true, closed: true }), view: null, pending: [], timer: null,
  seq: 6, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
});

async function i18n(lng: 'ru' | 'en') {
  const i = createI18n();
  await i.changeLanguage(lng);
  return i;
}

describe('a closed room in words', () => {
  it('the_header_says_the_room_is_closed_not_disconnected', async () => {
    const i = await i18n('ru');
    render(
      <I18nextProvider i18n={i}>
        <TableScreen code="ABCDEF" state={closed('human')} speaker={null} now={() => 0} />
      </I18nextProvider>,
    );
    const header = document.querySelector('.status')!;
    expect(header.textContent).toBe('Комната закрыта');
    expect(header.getAttribute('data-room-closed')).toBe('true');
    expect(screen.getByTestId('room-closed').textContent).toContain('Ведущий закрыл комнату');
  });

  it('an_online_room_names_its_creator_not_a_host_in_both_languages', async () => {
    for (const [lng, who, not] of [['ru', 'Создатель комнаты закрыл её', 'Ведущ'], ['en', 'The room\'s creator closed it', 'host']] as const) {
      const i = await i18n(lng);
      render(
        <I18nextProvider i18n={i}>
          <PlayerScreen code="ABCDEF" state={{ ...closed('online'), you: { as: 'seat', seat: 3 } as RoomState['you'] }} send={() => Promise.resolve(1)} now={0} />
        </I18nextProvider>,
      );
      const text = screen.getByTestId('room-closed').textContent ?? '';
      expect(text).toContain(who);
      expect(text).not.toContain(not);
      expect(document.querySelector('.status')!.textContent).toBe(lng === 'ru' ? 'Комната закрыта' : 'Room closed');
      cleanup();
    }
  });
});

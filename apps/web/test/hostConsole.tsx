/** Test helper: the host console rendered in Russian on a view and log, with the commands it sends collected. */
import type { Command, GameView } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole, type HostActions } from '../src/screens/host/Console';

export async function showConsole(view: GameView, log: readonly LogItem[], pending: RoomState['pending'] = []): Promise<Command[]> {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const sent: Command[] = [];
  const actions: HostActions = {
    command: (c) => {
      sent.push(c);
      return Promise.resolve(sent.length);
    },
    timer: () => Promise.resolve(0),
    start: () => Promise.resolve(0),
  };
  const state: RoomState = {
    status: 'open', you: { as: 'host' }, lobby: null, view, pending, timer: null, seq: log.length, lastError: null, log: [...log],
    unacked: [], clockOffset: 0, attempt: 0,
  };
  render(
    <I18nextProvider i18n={i18n}>
      <HostConsole state={state} actions={actions} />
    </I18nextProvider>,
  );
  return sent;
}

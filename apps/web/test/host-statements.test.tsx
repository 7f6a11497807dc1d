// @vitest-environment jsdom
/** Issue 27: at a human host's table the host marks what the speaker says, from his console. */
import type { Command } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { HostGame } from './hostGame';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the host marks statements', () => {
  it('the_host_enters_the_speakers_claim_and_the_engine_takes_it', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
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
      status: 'open', you: { as: 'host' }, lobby: null, view: g.view, pending: [], timer: null, seq: g.log.length, lastError: null, log: [...g.log],
      unacked: [], clockOffset: 0, attempt: 0,
    };
    render(<I18nextProvider i18n={i18n}><HostConsole state={state} actions={actions} /></I18nextProvider>);
    const speaker = g.view.day!.speaker!;
    expect(screen.getByTestId('say').textContent).toContain(`Заявление игрока № ${speaker}`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-suspect'));
    });
    const other = speaker === 5 ? 6 : 5;
    await act(async () => {
      fireEvent.click(screen.getByTestId(`say-seat-${other}`));
    });
    expect(screen.getByTestId('say-submit').textContent).toBe(`Сказать: «Подозреваю № ${other}»`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('say-submit'));
    });
    expect(sent).toEqual([{ type: 'statement', by: speaker, statement: { kind: 'suspect', target: other } }]);
    // The host's command: the engine takes it for the speaker.
    g.run(sent[0]!);
    expect(g.view.said).toEqual([{ day: 1, by: speaker, statement: { kind: 'suspect', target: other } }]);
  });
});

// @vitest-environment jsdom
import type { You } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole } from '../src/screens/host/Console';
import { TableScreen } from '../src/screens/table/TableScreen';
import { HostGame } from './hostGame';
import { SpectatorGame } from './tableGame';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function inLanguage(lng: 'ru' | 'en', node: ReactNode) {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

/** The host's state at the end of a game. */
function hostAtEnd(): RoomState {
  const g = new HostGame();
  g.run({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
  return {
    status: 'open', you: { as: 'host' }, lobby: null, view: g.view, pending: g.pending, timer: null, seq: g.log.length,
    lastError: null, log: g.log, unacked: [], clockOffset: 0, attempt: 0,
  };
}

/** A request that stays out until the test lets it answer. */
function held() {
  let calls = 0;
  let answer: (v: number) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const next = () => {
    calls++;
    return new Promise<number>((res, rej) => {
      answer = res;
      fail = rej;
    });
  };
  return { next, calls: () => calls, answer: (v: number) => answer(v), fail: (e: unknown) => fail(e) };
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('the next game with the same table', () => {
  it('host_console_offers_the_next_game_at_the_end_and_a_double_tap_sends_it_once', async () => {
    const req = held();
    await inLanguage('ru', <HostConsole state={hostAtEnd()} actions={{ command: async () => 0, timer: async () => 0, start: async () => 0, nextGame: req.next }} />);
    const button = screen.getByTestId('next-game');
    expect(button.textContent).toBe('Новая игра с теми же местами');
    await click(button);
    await click(button);
    expect(req.calls()).toBe(1);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => req.answer(5));
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('a_refusal_is_shown_in_words_of_the_language', async () => {
    const req = held();
    await inLanguage('ru', <HostConsole state={hostAtEnd()} actions={{ command: async () => 0, timer: async () => 0, start: async () => 0, nextGame: req.next }} />);
    await click(screen.getByTestId('next-game'));
    await act(async () => req.fail({ code: 'game-not-over', message: 'the next game can start only when this one has ended' }));
    expect(screen.getByTestId('next-game-error').textContent).toBe('Игра ещё не закончилась.');
  });

  it('no_button_while_the_game_runs', async () => {
    const g = new HostGame();
    const state: RoomState = { ...hostAtEnd(), view: g.view, pending: g.pending, log: g.log };
    await inLanguage('en', <HostConsole state={state} actions={{ command: async () => 0, timer: async () => 0, start: async () => 0, nextGame: async () => 0 }} />);
    expect(screen.queryByTestId('next-game')).toBeNull();
  });

  it('the_table_screen_shows_it_to_the_room_admin_only_never_to_a_spectator', async () => {
    const ended = new SpectatorGame().host().run({ type: 'override', action: { kind: 'endGame', winner: 'town' } }).state();
    await inLanguage('en', <TableScreen code="K7QX2M" state={ended} speaker={null} nextGame={async () => 0} />);
    expect(screen.queryByTestId('next-game')).toBeNull();
    cleanup();
    const admin: You = { as: 'admin' };
    await inLanguage('en', <TableScreen code="K7QX2M" state={{ ...ended, you: admin }} speaker={null} nextGame={async () => 0} />);
    expect(screen.getByTestId('next-game').textContent).toBe('New game, same seats');
  });
});

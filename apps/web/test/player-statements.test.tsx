// @vitest-environment jsdom
/**
 * Issue 27: a person makes statements with buttons during his own speech, and every screen shows
 * what was said in the clubs' words. A real classic game (seat 4 is the Commissar).
 */
import { pendingDecisions, project, seatNo, type Command, type Game } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newGame, run, until } from './classicGame';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { statementOf, toggleSaySeat, emptyDraft, type SayDraft } from '../src/screens/player/statementDraft';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function stateOf(g: Game, seat: number, mode: RoomMode): RoomState {
  return {
    status: 'open', you: { as: 'seat', seat }, lobby: lobbyOf({ mode, started: true, ended: false }),
    view: project(g.state, { kind: 'seat', seat: seatNo(seat) }), pending: pendingDecisions(g.state).filter((p) => p.seat === seat),
    timer: null, seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
}

function show(state: RoomState) {
  localStorage.setItem('mafia.lang', 'ru');
  const send = vi.fn((_cmd: Command) => Promise.resolve(1));
  const i18n = createI18n();
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={state} send={send} tap={() => Promise.resolve(1)} now={0} />
    </I18nextProvider>,
  );
  const rerender = (s: RoomState) => utils.rerender(
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={s} send={send} tap={() => Promise.resolve(1)} now={0} />
    </I18nextProvider>,
  );
  return { send, rerender };
}

/** Day 1 with seat 4 (the Commissar) speaking. */
function commissarSpeaks(): Game {
  let g = until(newGame(), 'day', 1);
  const speaker = (x: Game) => x.state.day!.speakers[x.state.day!.speakerIndex];
  for (let k = 0; k < 20 && speaker(g) !== 4; k++) g = run(g, { type: 'endSpeech' });
  expect(speaker(g)).toBe(4);
  return g;
}

describe('statements on the phone', () => {
  it('the_speaker_claims_with_buttons_the_engine_takes_it_and_every_phone_shows_it_in_russian', () => {
    const g = commissarSpeaks();
    const { send, rerender } = show(stateOf(g, 4, 'app'));
    fireEvent.click(screen.getByTestId('say-claim'));
    expect((screen.getByTestId('say-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('say-role'), { target: { value: 'commissar' } });
    expect(screen.getByTestId('say-submit').textContent).toBe('Сказать: «Я — Комиссар»');
    fireEvent.click(screen.getByTestId('say-submit'));
    const cmd = send.mock.calls[0][0];
    expect(cmd).toEqual({ type: 'statement', by: 4, statement: { kind: 'claim', role: 'commissar' } });
    // The engine takes it; the next state shows it on his phone and on another's.
    const after = run(g, cmd, 4);
    rerender(stateOf(after, 4, 'app'));
    expect(screen.getByTestId('said-line').textContent).toBe('№ 4: «Я — Комиссар»');
    cleanup();
    show(stateOf(after, 7, 'app'));
    expect(screen.getByTestId('said-line').textContent).toBe('№ 4: «Я — Комиссар»');
    // Not his turn: no buttons to say anything.
    expect(screen.queryByTestId('say')).toBeNull();
  });

  it('a_check_names_the_seat_the_colour_and_the_night', () => {
    const g = commissarSpeaks();
    const { send } = show(stateOf(g, 4, 'online'));
    fireEvent.click(screen.getByTestId('say-checked'));
    fireEvent.click(screen.getByTestId('say-seat-2'));
    fireEvent.click(screen.getByTestId('say-black'));
    expect(screen.getByTestId('say-submit').textContent).toBe('Сказать: «Проверил № 2 в ночь 1: чёрный»');
    fireEvent.click(screen.getByTestId('say-submit'));
    const cmd = send.mock.calls[0][0];
    expect(cmd).toEqual({ type: 'statement', by: 4, statement: { kind: 'checked', target: 2, night: 1, color: 'black' } });
    expect(() => run(g, cmd, 4)).not.toThrow();
  });

  it('at_a_human_hosts_table_the_phone_has_no_statement_buttons', () => {
    show(stateOf(commissarSpeaks(), 4, 'human'));
    expect(screen.queryByTestId('say')).toBeNull();
  });

  it('a_version_keeps_the_last_three_seats_tapped', () => {
    let d: SayDraft = { ...emptyDraft(1), kind: 'version' };
    for (const s of [2, 3, 5, 8]) d = toggleSaySeat(d, s);
    expect(statementOf(d)).toEqual({ kind: 'version', seats: [3, 5, 8] });
    expect(statementOf(toggleSaySeat(d, 5))).toEqual({ kind: 'version', seats: [3, 8] });
    expect(statementOf({ ...emptyDraft(1), kind: 'suspect' })).toBeNull();
  });
});

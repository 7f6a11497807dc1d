// @vitest-environment jsdom
import { pendingDecisions, project, seatNo, type Command, type Game } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { newGame, until } from './classicGame';
import { lobbyOf } from './typed';

/**
 * Issue 23 point 1 on the phone: with a human host the phone shows the step he opened, whatever the
 * clock says; the actor's «Принято» shows only once the server acknowledged the act (a refusal
 * shows why and lets him tap again; a lost connection says the act is not recorded yet); a decoy
 * sends a tap the server records, and reads the same words at the same moments. Seats: 1 Don, 2–3
 * mafia, 4 Commissar.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const STARTS = [100_000, 115_000, 130_000];
/** A human host's night: the clock is on step 1 (index 0), the host opened `step`. */
const hosted = (step: number) => ({ kind: 'night' as const, started: 100_000, deadline: 145_000, steps: STARTS, step, stepAt: 100_000 });

function stateOf(g: Game, seat: number, timer: RoomState['timer'], status: RoomState['status'] = 'open'): RoomState {
  return {
    status, you: { as: 'seat', seat },
    lobby: lobbyOf({ claimed: [], started: true }),
    view: project(g.state, { kind: 'seat', seat: seatNo(seat) }), pending: pendingDecisions(g.state).filter((p) => p.seat === seat), timer,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
}

/** A promise the test settles itself: the server's answer. */
function deferred() {
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

async function show(state: RoomState) {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const answer = deferred();
  const tapped = deferred();
  const send = vi.fn((_c: Command) => answer.promise);
  const tap = vi.fn((_by: number, _step: number) => tapped.promise);
  const ui = (s: RoomState) => (
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={s} send={send} tap={tap} now={101_000} />
    </I18nextProvider>
  );
  const r = render(ui(state));
  return { send, tap, answer, tapped, rerender: (s: RoomState) => r.rerender(ui(s)) };
}

const night2 = () => until(newGame(), 'night', 2);
const button = () => screen.getByTestId('act-submit') as HTMLButtonElement;
const tap = async (seat: number) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(`seat-${seat}`));
  });
  await act(async () => {
    fireEvent.click(button());
  });
};
const settle = (f: () => void) => act(async () => {
  f();
  await Promise.resolve();
});

describe('the phone at night with a human host', () => {
  it('shows the host\'s step, not the clock\'s: the Don checks at step 2 while the clock is on step 1', async () => {
    const r = await show(stateOf(night2(), 1, hosted(1)));
    expect(screen.getByTestId('night-step').dataset.step).toBe('1');
    expect(screen.getByTestId('night-step').textContent).toContain('Шаг 2 из 3');
    await tap(7);
    expect(r.send).toHaveBeenCalledWith({ type: 'act', by: 1, act: 'check', target: 7 });
    expect(r.tap).not.toHaveBeenCalled();
  });

  it('says «Принято» only once the server acknowledged the act', async () => {
    const g = night2();
    const r = await show(stateOf(g, 4, hosted(2)));
    await tap(2);
    expect(r.send).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('Отправляем…');
    expect(button().disabled).toBe(true);
    expect(screen.queryByTestId('answer-where')).toBeNull();
    // The update that acks it no longer lists the act as pending: the phone still says it was recorded.
    await settle(() => {
      r.rerender({ ...stateOf(g, 4, hosted(2)), pending: [] });
      r.answer.resolve(7);
    });
    expect(button().textContent).toBe('Принято');
    expect(screen.getByTestId('answer-where')).toBeTruthy();
  });

  it('a refusal shows why in the player\'s language and lets him tap again', async () => {
    const r = await show(stateOf(night2(), 4, hosted(2)));
    await tap(2);
    await settle(() => r.answer.reject({ code: 'already-acted', message: 'already acted', id: 'x' }));
    expect(screen.getByTestId('act-error').textContent).toBe('Этот ход этой ночью уже сделан.');
    expect(button().textContent).toBe('Подтвердить');
    expect(button().disabled).toBe(false);
    expect(screen.queryByText('Принято')).toBeNull();
  });

  it('a lost connection says the act is not recorded yet, and never «Принято»', async () => {
    const g = night2();
    const r = await show(stateOf(g, 4, hosted(2)));
    await tap(2);
    r.rerender(stateOf(g, 4, hosted(2), 'connecting'));
    expect(screen.getByTestId('act-offline').textContent).toContain('ещё не записан');
    expect(button().textContent).toBe('Отправляем…');
  });

  it('a decoy sends its seat\'s tap of the step, says «Отправляем…» until the server acks it, then «Принято», never «Отмечено»', async () => {
    // The Commissar's phone at the mafia's step: the same grid and button; the tap is recorded as a decoy.
    const r = await show(stateOf(night2(), 4, hosted(0)));
    await tap(2);
    expect(r.send).not.toHaveBeenCalled();
    expect(r.tap).toHaveBeenCalledTimes(1);
    expect(r.tap).toHaveBeenCalledWith(4, 0);
    expect(button().textContent).toBe('Отправляем…');
    expect(button().disabled).toBe(true);
    expect(screen.queryByTestId('answer-where')).toBeNull();
    await settle(() => r.tapped.resolve(9));
    expect(button().textContent).toBe('Принято');
    expect(screen.queryByText('Отмечено')).toBeNull();
    // The same words after the answer as an actor's phone: they tell no one who checks.
    expect(screen.getByTestId('answer-where')).toBeTruthy();
  });

  it('a civilian\'s phone reads exactly what an actor\'s reads, at every step of the night: «Принято» after the ack, never «Отмечено»', async () => {
    const g = night2();
    const civilian = g.state.roles.indexOf('civilian') + 1;
    for (const step of [0, 1, 2]) {
      cleanup();
      const r = await show(stateOf(g, civilian, hosted(step)));
      await tap(civilian === 1 ? 2 : 1);
      expect(r.tap).toHaveBeenLastCalledWith(civilian, step);
      expect(button().textContent).toBe('Отправляем…');
      await settle(() => r.tapped.resolve(3));
      expect(button().textContent).toBe('Принято');
      expect(document.body.textContent).not.toContain('Отмечено');
    }
  });

  it('a refused decoy shows why in the player\'s language and frees the button, as an act\'s refusal does', async () => {
    const r = await show(stateOf(night2(), 4, hosted(0)));
    await tap(2);
    await settle(() => r.tapped.reject({ code: 'not-night', message: 'a night tap is only possible at night', id: 'x' }));
    expect(screen.getByTestId('act-error').textContent).toBe('Это делается только ночью.');
    expect(button().textContent).toBe('Подтвердить');
    expect(button().disabled).toBe(false);
    expect(screen.queryByText('Принято')).toBeNull();
  });

  it('a decoy while the connection is down says it is not recorded yet, as an act does', async () => {
    const g = night2();
    const r = await show(stateOf(g, 4, hosted(0)));
    await tap(2);
    r.rerender(stateOf(g, 4, hosted(0), 'connecting'));
    expect(screen.getByTestId('act-offline').textContent).toContain('ещё не записан');
    expect(button().textContent).toBe('Отправляем…');
  });
});

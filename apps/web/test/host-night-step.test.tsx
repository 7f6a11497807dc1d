// @vitest-environment jsdom
import type { Command, SeatNo } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { actsByStep } from '../src/screens/host/nightRecord';
import { HostGame, S, hostStateOf } from './hostGame';

/**
 * Issue 23 point 1: the host's console sends the step he opens (every phone follows it), takes the
 * server's step when it comes back, and lists under each step the acts that came in for it, from a
 * phone or entered by the host.
 */

afterEach(cleanup);

/** Night 2 of the ten-seat classic table (mafia 2, 8; Don 5; Commissar 3). */
function nightTwo(): HostGame {
  const g = new HostGame();
  g.run({ type: 'endNight' });
  for (let i = 0; i < 10; i++) g.run({ type: 'endSpeech' });
  return g;
}

/** Runs `cmd` as if seat `by` sent it from his phone (the log item names the seat). */
function fromPhone(g: HostGame, cmd: Command & { by: SeatNo }): void {
  g.run(cmd);
  const last = g.log[g.log.length - 1]!;
  g.log[g.log.length - 1] = { ...last, by: cmd.by } as typeof last;
}

const night = (step?: number): RoomState['timer'] => ({ kind: 'night', started: 1_000, deadline: 46_000, steps: [1_000, 16_000, 31_000], ...(step !== undefined ? { step, stepAt: 1_000 } : {}) });

async function show(g: HostGame, timer: RoomState['timer']) {
  const i18n = createI18n();
  await i18n.changeLanguage('ru');
  const opened: number[] = [];
  const actions: HostActions = {
    command: () => Promise.resolve(1),
    timer: () => Promise.resolve(1),
    start: () => Promise.resolve(0),
    openStep: (n) => {
      opened.push(n);
      return Promise.resolve(1);
    },
  };
  const ui = (t: RoomState['timer']) => (
    <I18nextProvider i18n={i18n}>
      <HostConsole state={hostStateOf(g, t)} actions={actions} />
    </I18nextProvider>
  );
  const r = render(ui(timer));
  return { opened, rerender: (t: RoomState['timer']) => r.rerender(ui(t)) };
}

describe('the console\'s night step and record', () => {
  it('sends the step the host opens and shows the server\'s step once it comes back', async () => {
    const g = nightTwo();
    const { opened, rerender } = await show(g, night(0));
    expect(screen.getAllByTestId('night-step').at(-1)!.dataset.step).toBe('0');
    await act(async () => {
      fireEvent.click(screen.getByTestId('step-next'));
    });
    expect(opened).toEqual([1]);
    expect(screen.getAllByTestId('night-step').at(-1)!.dataset.step).toBe('1');
    // The server's step (another console of the same host, a reload) wins.
    rerender(night(2));
    expect(screen.getAllByTestId('night-step').at(-1)!.dataset.step).toBe('2');
  });

  it('lists each act under its own step, from a phone or entered by the host', async () => {
    const g = nightTwo();
    fromPhone(g, { type: 'act', by: S(5), act: 'check', target: S(3) });
    g.run({ type: 'act', by: S(3), act: 'check', target: S(8) });
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(7) });
    await show(g, night(1));
    const mafia = screen.getByTestId('recorded-step-0');
    const don = screen.getByTestId('recorded-step-1');
    const commissar = screen.getByTestId('recorded-step-2');
    expect(don.dataset.current).toBe('true');
    expect(don.textContent).toContain('Шаг 2 (Дон): 1 ход');
    expect(within(don).getByText(/№ 5 проверка → № 3/).dataset.from).toBe('phone');
    expect(don.textContent).toContain('с телефона');
    expect(within(commissar).getByText(/№ 3 проверка → № 8/).dataset.from).toBe('host');
    expect(commissar.textContent).toContain('ввёл Ведущий');
    expect(mafia.textContent).toContain('№ 2 выстрел → № 7');
    expect(mafia.dataset.count).toBe('1');
  });

  it('groups by the actor\'s own step (the Don\'s check is not the Commissar\'s) and starts again after an undo', () => {
    const g = nightTwo();
    fromPhone(g, { type: 'act', by: S(5), act: 'check', target: S(3) });
    expect(actsByStep(g.view, g.log).map((l) => l.map((a) => `${a.by}:${a.from}`))).toEqual([[], ['5:phone'], []]);
    g.run({ type: 'undo', count: 1 });
    expect(actsByStep(g.view, g.log).flat()).toEqual([]);
  });

  it('never lists a decoy tap as an act (issue 23): the server sends the host none, and a tap item in a log is no act for the record or for undo', () => {
    const g = nightTwo();
    fromPhone(g, { type: 'act', by: S(5), act: 'check', target: S(3) });
    const seq = g.log[g.log.length - 1]!.seq + 1;
    const log = [...g.log, { seq, kind: 'tap' as const, seat: 4, night: 2, step: 1 }];
    expect(actsByStep(g.view, log).map((l) => l.map((a) => `${a.by}:${a.from}`))).toEqual([[], ['5:phone'], []]);
    g.run({ type: 'undo', count: 1 });
    expect(actsByStep(g.view, [...log, ...g.log.slice(-1)]).flat()).toEqual([]);
  });
});

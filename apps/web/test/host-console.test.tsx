// @vitest-environment jsdom
import type { Command } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { HostGame, S, hostStateOf } from './hostGame';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** Records what the console sends. */
function fakeActions() {
  const sent: (Command | { timer: number })[] = [];
  const actions: HostActions = {
    command: (cmd) => {
      sent.push(cmd);
      return Promise.resolve(sent.length);
    },
    timer: (add) => {
      sent.push({ timer: add });
      return Promise.resolve(sent.length);
    },
    start: () => Promise.resolve(0),
  };
  return { sent, actions };
}

async function show(g: HostGame, timer: RoomState['timer'] = null, lng = 'ru') {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  const { sent, actions } = fakeActions();
  const r = render(
    <I18nextProvider i18n={i18n}>
      <HostConsole state={hostStateOf(g, timer)} actions={actions} />
    </I18nextProvider>,
  );
  const rerender = () =>
    r.rerender(
      <I18nextProvider i18n={i18n}>
        <HostConsole state={hostStateOf(g, timer)} actions={actions} />
      </I18nextProvider>,
    );
  return { sent, rerender };
}

/** Night 2 of the ten-seat classic table. */
function nightTwo(): HostGame {
  const g = new HostGame();
  g.run({ type: 'endNight' });
  for (let i = 0; i < 10; i++) g.run({ type: 'endSpeech' });
  return g;
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('host console (render, fake state)', () => {
  it('a_paused_clock_stands_still_on_the_host_console', async () => {
    const g = nightTwo();
    const now = Date.now();
    // Stopped 10 s ago with 20 s left: the console shows those 20 s, not the 10 s a running clock would.
    await show(g, { kind: 'night', started: now - 20_000, deadline: now + 10_000, pausedAt: now - 10_000 });
    const timer = within(screen.getByTestId('timer')).getByRole('timer');
    expect(timer.dataset.paused).toBe('true');
    expect(timer.textContent).toBe('0:20');
  });

  it('lists_the_free_seats_with_their_codes_on_the_host_console', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    const { actions } = fakeActions();
    render(
      <I18nextProvider i18n={i18n}>
        <HostConsole state={{ ...hostStateOf(new HostGame()), seatCodes: [{ seat: 7, code: '305118' }] }} actions={actions} />
      </I18nextProvider>,
    );
    const panel = screen.getByTestId('seat-codes');
    expect(within(panel).getByText('Code of the free seat')).toBeTruthy();
    expect(screen.getByTestId('seat-code-7').textContent).toBe('Seat 7305118');
  });

  it('night: reads the step, enters an act for a seat, moves through the steps, ends the night', async () => {
    const g = nightTwo();
    const now = Date.now();
    const { sent } = await show(g, { kind: 'night', started: now, deadline: now + 30_000 });
    const phase = screen.getByTestId('phase');
    expect(phase.dataset.phase).toBe('night');
    expect(phase.dataset.n).toBe('2');
    expect(screen.getByTestId('host-line').textContent).toContain('Просыпается мафия.');
    expect(screen.getByTestId('host-line').textContent).toContain('Мафия делает свой выбор.');
    // Every role is shown to the host.
    expect(screen.getByTestId('seat-5').getAttribute('aria-label')).toContain('Дон');
    // The target grid: seat 7 for the first mafia seat (2).
    const grid = screen.getByTestId('act-target');
    const seven = within(grid).getByTestId('seat-7');
    await click(seven);
    expect(screen.getByTestId('seat-7').getAttribute('aria-pressed')).toBe('true');
    await click(screen.getByTestId('act-submit'));
    expect(sent).toEqual([{ type: 'act', by: 2, act: 'kill', target: 7 }]);
    // Record the same shot for every mafia seat of the step.
    await click(screen.getByTestId('seat-7'));
    await click(screen.getByTestId('act-submit-all'));
    expect(sent.slice(1)).toEqual([
      { type: 'act', by: 2, act: 'kill', target: 7 }, { type: 'act', by: 5, act: 'kill', target: 7 }, { type: 'act', by: 8, act: 'kill', target: 7 },
    ]);
    // Next step: the Don.
    await click(screen.getByTestId('step-next'));
    expect(screen.getByTestId('host-line').textContent).toBe('Просыпается Дон.Дон ищет Комиссара: кого вы проверяете? Покажите номер.Дон засыпает.');
    expect(screen.getByTestId('act-actor-5')).toBeTruthy();
    // The timer buttons and the primary next step.
    await click(screen.getByTestId('timer-plus'));
    await click(screen.getByTestId('timer-minus'));
    expect(screen.getByTestId('timer').dataset.kind).toBe('night');
    const next = screen.getByTestId('host-next');
    expect(next.dataset.command).toBe('endNight');
    await click(next);
    expect(sent.slice(4)).toEqual([{ timer: 10 }, { timer: -10 }, { type: 'endNight' }]);
  });

  it('records shown from the log; the morning names who left', async () => {
    const g = nightTwo();
    g.run({ type: 'act', by: S(3), act: 'check', target: S(5) });
    await show(g);
    expect(screen.getByTestId('act-recorded').textContent).toContain('№ 3 проверка → № 5 (Дон)');
    cleanup();
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(7) }, { type: 'act', by: S(5), act: 'kill', target: S(7) }, { type: 'act', by: S(8), act: 'kill', target: S(7) }, { type: 'endNight' });
    await show(g);
    expect(screen.getByTestId('phase').dataset.phase).toBe('day');
    expect(screen.getByTestId('morning-died').dataset.seats).toBe('7');
    expect(screen.getByTestId('host-line').textContent).toContain('Этой ночью игру покинул: № 7.');
    expect(screen.getByTestId('host-line').textContent).toContain('Игрок № 7, ваше последнее слово.');
    expect(screen.getByTestId('host-next').dataset.command).toBe('endLastWords');
  });

  it('day: «Принято» nominates for the speaker; fouls and undo', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    const now = Date.now();
    const { sent } = await show(g, { kind: 'speech', started: now, deadline: now + 60_000 }, 'en');
    expect(screen.getByTestId('host-line').textContent).toContain('Player No. 1, your word.');
    const accept = screen.getByTestId('nominate-accept') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    await click(screen.getByTestId('seat-4'));
    expect(accept.disabled).toBe(false);
    await click(accept);
    await click(screen.getByTestId('foul-3'));
    await click(screen.getByTestId('undo'));
    await click(screen.getByTestId('host-next'));
    expect(sent).toEqual([{ type: 'nominate', by: 1, target: 4 }, { type: 'foul', seat: 3 }, { type: 'undo', count: 1 }, { type: 'endSpeech' }]);
  });

  it('vote: tapping a seat votes for the candidate being counted; leftover votes shown', async () => {
    const g = nightTwo();
    g.run({ type: 'endNight' });
    g.run({ type: 'nominate', by: S(2), target: S(6) }, { type: 'endSpeech' }, { type: 'nominate', by: S(3), target: S(4) });
    while (g.view.day!.stage !== 'vote') g.run({ type: 'endSpeech' });
    g.run({ type: 'vote', by: S(1), target: S(6) });
    const { sent } = await show(g);
    expect(screen.getByTestId('vote-left').dataset.n).toBe('9');
    expect(screen.getByTestId('host-line').textContent).toContain('Голосуем за игрока № 6.');
    expect(screen.getByTestId('seat-1').getAttribute('aria-pressed')).toBe('true');
    await click(screen.getByTestId('seat-9'));
    await click(screen.getByTestId('vote-candidate-4'));
    expect(screen.getByTestId('host-line').textContent).toContain('Голосуем за игрока № 4: все, кто не проголосовал, голосуют за него.');
    await click(screen.getByTestId('seat-10'));
    await click(screen.getByTestId('host-next'));
    expect(sent).toEqual([{ type: 'vote', by: 9, target: 6 }, { type: 'vote', by: 10, target: 4 }, { type: 'closeVote' }]);
  });

  it('the end: the winner and every role', async () => {
    const g = nightTwo();
    g.run({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
    await show(g, null, 'en');
    expect(screen.getByTestId('phase').dataset.phase).toBe('ended');
    expect(screen.getByTestId('winner').dataset.winner).toBe('town');
    expect(screen.getByTestId('winner').textContent).toBe('Winner: the town');
    expect(screen.getByTestId('all-roles').textContent).toContain('Commissar');
    expect(screen.queryByTestId('host-next')).toBeNull();
  });
});

describe('host console: best move (sport)', () => {
  it('the first victim names three seats; the host records them', async () => {
    const g = new HostGame('sport');
    g.run({ type: 'endNight' });
    for (let i = 0; i < 10; i++) g.run({ type: 'endSpeech' });
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(7) }, { type: 'act', by: S(5), act: 'kill', target: S(7) }, { type: 'act', by: S(8), act: 'kill', target: S(7) }, { type: 'endNight' });
    expect(g.pending.some((p) => p.kind === 'bestMove' && p.seat === 7)).toBe(true);
    const { sent } = await show(g, null, 'en');
    const submit = screen.getByTestId('best-move-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    for (const s of [2, 5, 9]) await click(screen.getByTestId(`seat-${s}`));
    expect(submit.disabled).toBe(false);
    await click(submit);
    expect(sent).toEqual([{ type: 'bestMove', by: 7, named: [2, 5, 9] }]);
    // The engine takes it.
    g.run(sent[0] as Command);
    expect(g.view.bestMove).toEqual({ by: 7, named: [2, 5, 9] });
  });
});

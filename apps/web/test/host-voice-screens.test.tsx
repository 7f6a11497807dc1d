// @vitest-environment jsdom
/**
 * Issue 23 point 5 on the screens: the night panel says when every act of a step is in; a player
 * giving his last word sees it alone, the spectator's «наблюдайте молча» only after it; the human
 * host's console speaks its lines on a switch (kept in localStorage); the card pause of a next game
 * on the phone and the table screen.
 */
import { pendingDecisions, project, seatNo, type Command, type Game } from '@mafia/engine';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { Speaker, type SynthLike, type UtteranceLike } from '../src/narrator/speaker';
import { HostConsole, type HostActions } from '../src/screens/host/Console';
import { VOICE_KEY } from '../src/screens/host/voice';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { TableScreen } from '../src/screens/table/TableScreen';
import { newGame, run, until } from './classicGame';
import { HostGame, nightTwo, S, hostStateOf } from './hostGame';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

class FakeSynth implements SynthLike {
  said: string[] = [];
  speak(u: UtteranceLike): void {
    if (u.text) this.said.push(u.text);
  }
  cancel(): void {}
  getVoices() {
    return [];
  }
}

const actions: HostActions = { command: () => Promise.resolve(1), timer: () => Promise.resolve(1), start: () => Promise.resolve(0) };

async function host(g: HostGame, lng: 'ru' | 'en' = 'ru', timer: RoomState['timer'] = null) {
  const i18n = createI18n();
  await i18n.changeLanguage(lng);
  const synth = new FakeSynth();
  const voice = new Speaker(synth, (text) => ({ text, lang: '', voice: null, rate: 1 }));
  const ui = () => (
    <I18nextProvider i18n={i18n}>
      {/* A client's log is a new array on each update (HostGame's grows in place). */}
      <HostConsole state={{ ...hostStateOf(g, timer), log: [...g.log] }} actions={actions} voice={voice} />
    </I18nextProvider>
  );
  const r = render(ui());
  return { synth, voice, rerender: () => r.rerender(ui()) };
}

describe('the night panel', () => {
  it('says_every_act_is_in_once_the_step_is_complete_never_before', async () => {
    const g = nightTwo();
    const { rerender } = await host(g);
    // The mafia's step with its shot still open: no status line at all.
    expect(screen.queryByTestId('step-status')).toBeNull();
    // Each shooter's shot in turn: while one is still owed, nothing is said.
    const shooters = () => pendingDecisions(g.game.state).filter((p) => p.kind === 'act' && p.acts.includes('kill')).map((p) => p.seat);
    expect(shooters().length).toBeGreaterThan(1);
    for (const by of shooters()) {
      expect(screen.queryByTestId('step-status')).toBeNull();
      g.run({ type: 'act', by, act: 'kill', target: S(1) });
      rerender();
    }
    const status = screen.getByTestId('step-status');
    expect(status.dataset.done).toBe('true');
    expect(status.textContent).toBe('Все действия этого шага получены.');
    expect(document.body.textContent).not.toContain('никто не действует');
  });

  it('says_nobody_acts_only_when_nobody_does', async () => {
    // Night 1 (introduction): nobody acts in any step.
    await host(new HostGame(), 'en');
    const status = screen.getByTestId('step-status');
    expect(status.dataset.done).toBe('false');
    expect(status.textContent).toMatch(/nobody acts/i);
  });
});

function seatState(g: Game, seat: number, timer: RoomState['timer'] = null): RoomState {
  return {
    status: 'open', you: { as: 'seat', seat },
    lobby: lobbyOf({ started: true }),
    view: project(g.state, { kind: 'seat', seat: seatNo(seat) }), pending: pendingDecisions(g.state).filter((p) => p.seat === seat),
    timer, seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
}

function phone(state: RoomState, lng: 'ru' | 'en' = 'ru') {
  const i18n = createI18n();
  void i18n.changeLanguage(lng);
  const send = vi.fn((_c: Command) => Promise.resolve(1));
  const ui = (s: RoomState) => (
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={s} send={send} now={1_000} />
    </I18nextProvider>
  );
  const r = render(ui(state));
  return { rerender: (s: RoomState) => r.rerender(ui(s)) };
}

describe('the last word on the leaving player\'s phone', () => {
  it('shows_the_last_word_alone_then_the_spectator_text', () => {
    // Night 2 the mafia shoot seat 7 (seat 1 Don, 2 and 3 mafia in classicGame).
    let g = until(newGame(), 'night', 2);
    for (const by of [1, 2, 3]) g = run(g, { type: 'act', by: seatNo(by), act: 'kill', target: seatNo(7) } as Command);
    g = run(g, { type: 'endNight' });
    expect(g.state.day?.stage).toBe('lastWords');
    const { rerender } = phone(seatState(g, 7));
    expect(document.body.textContent).toContain('Ваше последнее слово');
    expect(screen.queryByTestId('spectator-banner')).toBeNull();
    expect(document.body.textContent).not.toContain('наблюдайте молча');
    g = run(g, { type: 'endLastWords' });
    rerender(seatState(g, 7));
    expect(screen.getByTestId('spectator-banner').textContent).toBe('Вы выбыли из игры: наблюдайте молча');
    expect(document.body.textContent).not.toContain('Ваше последнее слово');
  });
});

describe('the card pause of a next game', () => {
  const cards = { kind: 'cards' as const, started: 0, deadline: 20_000 };

  it('the_phone_shows_the_card_and_the_pause_not_the_night_step', () => {
    phone(seatState(newGame(), 2, cards));
    expect(screen.getByTestId('card-pause').textContent).toContain('посмотрите свою новую карту');
    expect(screen.queryByTestId('night-step')).toBeNull();
  });

  it('the_table_screen_shows_the_pause', () => {
    const g = newGame();
    const state: RoomState = { ...seatState(g, 1, cards), you: { as: 'spectator' }, view: project(g.state, { kind: 'spectator' }), pending: [] };
    const i18n = createI18n();
    void i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <TableScreen code="ABCDEF" state={state} speaker={null} now={() => 1_000} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('card-pause').textContent).toBe('Look at your cards');
    expect(screen.queryByTestId('step')).toBeNull();
  });

  it('the_host_console_shows_the_pause_step_before_the_night', async () => {
    await host(new HostGame(), 'ru', cards);
    expect([...screen.getByTestId('host-line').querySelectorAll('p')].map((p) => p.dataset.key)).toEqual(['cardPause']);
  });
});

describe('the host console speaks its lines', () => {
  it('off_by_default_on_by_the_switch_kept_in_local_storage_in_the_ui_language', async () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    const first = await host(g, 'en');
    const box = screen.getByTestId('host-voice') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(first.synth.said).toEqual([]);
    await act(async () => fireEvent.click(box));
    expect(localStorage.getItem(VOICE_KEY)).toBe('on');
    expect(first.voice.lang).toBe('en-US');
    expect(first.synth.said).toEqual(['The city wakes up.', 'Good morning.', 'Nobody died tonight. A good morning indeed.', 'Player No. 1, your word.']);
    // A new moment: only its new line is said.
    g.run({ type: 'endSpeech' });
    act(() => first.rerender());
    expect(first.synth.said.at(-1)).toBe('Player No. 2, your word.');
    expect(first.synth.said).toHaveLength(5);
    cleanup();

    // Next visit: the switch is still on; the browser wants one tap before it speaks.
    const second = await host(g, 'ru');
    expect((screen.getByTestId('host-voice') as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('host-voice-unlock')));
    expect(second.voice.lang).toBe('ru-RU');
    expect(second.synth.said).toEqual(['Игрок № 2, ваше слово.']);
    // Off: nothing more is said.
    await act(async () => fireEvent.click(screen.getByTestId('host-voice')));
    expect(localStorage.getItem(VOICE_KEY)).toBe('off');
    g.run({ type: 'endSpeech' });
    act(() => second.rerender());
    expect(second.synth.said).toEqual(['Игрок № 2, ваше слово.']);
  });
});

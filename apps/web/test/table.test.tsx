// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, setLanguage } from '../src/i18n';
import { resources } from '../src/i18n/resources';
import type { RoomState } from '../src/net/client';
import { Speaker, type SynthLike, type UtteranceLike } from '../src/narrator/speaker';
import { TableScreen } from '../src/screens/table/TableScreen';
import { SpectatorGame } from './tableGame';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

class FakeSynth implements SynthLike {
  said: string[] = [];
  cancels = 0;
  speak(u: UtteranceLike): void {
    this.said.push(u.text);
  }
  cancel(): void {
    this.cancels++;
  }
  getVoices() {
    return [];
  }
}

function setup(state: RoomState, opts: { lang?: 'en' | 'ru'; speech?: boolean; now?: number } = {}) {
  const clock = { now: opts.now ?? 1_000_000 };
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(opts.lang === 'ru' ? 'ru-RU' : 'en-US');
  const i18n = createI18n();
  const synth = new FakeSynth();
  const speaker = opts.speech === false ? null : new Speaker(synth, (text) => ({ text, lang: '', voice: null, rate: 1 }));
  const now = () => clock.now;
  const ui = (s: RoomState) => (
    <I18nextProvider i18n={i18n}>
      <TableScreen code="K7QX2M" state={s} speaker={speaker} now={now} />
    </I18nextProvider>
  );
  const r = render(ui(state));
  return { synth, speaker, i18n, clock, rerender: (s: RoomState) => r.rerender(ui(s)) };
}

/** Every role name of both languages, as words: none may appear on a spectator's table mid-game. */
const ROLE_NAMES = [...Object.values(resources.en.common.roles), ...Object.values(resources.ru.common.roles)];
function rolesShown(): string[] {
  const text = document.body.textContent ?? '';
  const labels = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ');
  return ROLE_NAMES.filter((r) => new RegExp(`(^|[^\\p{L}])${r}($|[^\\p{L}])`, 'iu').test(`${text} ${labels}`));
}

describe('the table screen', () => {
  it('shows the vote: phase, step, timer, nominees, tally, seats — and no role anywhere in the DOM', () => {
    const g = new SpectatorGame().toVote();
    g.now = Date.now();
    g.run({ type: 'vote', by: 1, target: 8 }, 1).run({ type: 'vote', by: 2, target: 7 }, 2).run({ type: 'vote', by: 3, target: 8 }, 3);
    const state = g.state();
    expect(state.view!.seats.some((s) => s.role !== undefined)).toBe(false);
    setup(state);
    const phase = screen.getByTestId('phase');
    expect(phase.dataset.phase).toBe('day');
    expect(phase.dataset.n).toBe('1');
    expect(phase.textContent).toBe('Day 1');
    expect(screen.getByTestId('step').textContent).toBe('Vote');
    expect(screen.getByTestId('timer').dataset.kind).toBe('vote');
    expect(within(screen.getByTestId('timer')).getByRole('timer').textContent).toBe('1:00');
    expect(screen.getByTestId('nominees').textContent).toContain('player 7 (by 1)');
    expect(screen.getByTestId('nominees').textContent).toContain('player 8 (by 2)');
    expect(screen.getByTestId('tally-7').dataset.votes).toBe('1');
    expect(screen.getByTestId('tally-8').dataset.votes).toBe('2');
    expect(screen.getByTestId('tally-8').textContent).toContain('voted by 1, 3');
    for (let n = 1; n <= 10; n++) expect(screen.getByTestId(`seat-${n}`)).toBeTruthy();
    expect(screen.queryByTestId('speaker')).toBeNull();
    expect(screen.queryByTestId('winner')).toBeNull();
    expect(rolesShown()).toEqual([]);
    expect(document.querySelector('[data-role]')).toBeNull();
    for (const b of screen.getAllByRole('button')) expect(b.getAttribute('aria-label') ?? b.textContent).toMatch(/\S/);
  });

  it('at night names the step being called, but no seat holds a role', () => {
    const g = new SpectatorGame();
    setup(g.state(), { now: g.now + 12_000 });
    expect(screen.getByTestId('phase').dataset.phase).toBe('night');
    expect(screen.getByTestId('step').textContent).toBe('Step 2 of 3: Don');
    for (let n = 1; n <= 10; n++) {
      const seat = screen.getByTestId(`seat-${n}`);
      const words = `${seat.textContent} ${seat.getAttribute('aria-label')}`;
      expect(ROLE_NAMES.filter((r) => words.includes(r))).toEqual([]);
    }
  });

  it('in the morning shows the news and whose word it is, in Russian', () => {
    const g = new SpectatorGame().toVote();
    for (let s = 1; s <= 10; s++) g.run({ type: 'vote', by: s, target: s <= 6 ? 7 : 8 }, s);
    g.host(); // last words → night 2
    for (const m of [1, 2, 6]) g.run({ type: 'act', by: m, act: 'kill', target: 5 }, m);
    g.host(); // the morning
    g.host(); // the victim's last words are over
    setup(g.state(), { lang: 'ru' });
    expect(screen.getByTestId('phase').textContent).toBe('День 2');
    expect(screen.getByTestId('news').textContent).toContain('Этой ночью игру покинул игрок 5');
    expect(screen.getByTestId('news').dataset.died).toBe('5');
    expect(screen.getByTestId('speaker').textContent).toBe('Говорит игрок 2');
    expect(screen.getByTestId('speaker').dataset.seat).toBe('2');
    expect(screen.getByTestId('seat-5').dataset.state).toBe('dead');
    expect(screen.getByTestId('seat-7').dataset.state).toBe('dead');
    expect(screen.getByTestId('seat-2').dataset.state).toBe('selected'); // the speaker stands out
    expect(screen.getByTestId('seat-3').dataset.state).toBe('alive');
  });

  it('shows the winner at the end, with the roles the server then opens', () => {
    const g = new SpectatorGame().host().run({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
    setup(g.state());
    expect(screen.getByTestId('phase').dataset.phase).toBe('ended');
    expect(screen.getByTestId('winner').dataset.winner).toBe('town');
    expect(screen.getByTestId('winner').textContent).toContain('The town wins');
    expect(screen.getByTestId('seat-1').textContent).toContain('Don');
  });

  it('before the start: phase lobby, the code and the seats; waiting for players only while a seat is free', () => {
    const state = new SpectatorGame().state();
    const open = { ...state.lobby!, started: false, claimed: ['Anna', ...Array(9).fill(null)] };
    const { rerender } = setup({ ...state, lobby: open, view: null, timer: null, log: [] });
    expect(screen.getByTestId('phase').dataset.phase).toBe('lobby');
    expect(screen.getByTestId('table-code').textContent).toBe('K7QX2M');
    expect(screen.getByTestId('table-waiting').textContent).toBe('Waiting for players. Free seats: 9');
    const heading = screen.getByTestId('phase').textContent;
    rerender({ ...state, lobby: { ...open, claimed: Array.from({ length: 10 }, (_, i) => `P${i + 1}`) }, view: null, timer: null, log: [] });
    expect(screen.getByTestId('table-waiting').textContent).toBe('Everyone is seated: the game starts soon.');
    // The heading stops waiting too.
    expect(screen.getByTestId('phase').textContent).toBe('Everyone is seated');
    expect(heading).not.toBe('Everyone is seated');
    // A spectator's table has no room controls.
    expect(screen.queryByTestId('admin-panel')).toBeNull();
  });
});

describe('the narrator on the table screen', () => {
  it('app room: on by default; speaks after the tap that enables sound, and shows the line', () => {
    const g = new SpectatorGame();
    const before = g.state();
    const { synth, rerender } = setup({ ...before, view: null, timer: null });
    const toggle = screen.getByTestId('narrator-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('narrator-unlock'));
    expect(synth.said).toEqual(['Sound on']);
    expect(screen.queryByTestId('narrator-unlock')).toBeNull();
    act(() => rerender(before));
    expect(synth.said).toEqual(['Sound on', 'The city falls asleep', 'The mafia wakes up']);
    expect(screen.getByTestId('narrator-line').textContent).toBe('The city falls asleep. The mafia wakes up');
    // The server ends the night: the step still called is put to sleep, then the morning.
    g.host();
    act(() => rerender(g.state()));
    expect(synth.said.slice(3)).toEqual(['The mafia falls asleep', 'The city wakes up', 'Last night nobody was killed', 'Your word, player 1']);
  });

  it('paces the night by the clock alone: each step called in its slice, on the screen\'s tick', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const g = new SpectatorGame();
    const { synth, clock, rerender } = setup({ ...g.state(), view: null, timer: null }, { now: g.now });
    fireEvent.click(screen.getByTestId('narrator-unlock'));
    act(() => rerender(g.state()));
    expect(synth.said.slice(1)).toEqual(['The city falls asleep', 'The mafia wakes up']);
    expect(screen.getByTestId('step').textContent).toBe('Step 1 of 3: Mafia, Don');
    clock.now += 10_000;
    act(() => vi.advanceTimersByTime(250));
    expect(synth.said.slice(3)).toEqual(['The mafia falls asleep', 'The Don wakes up']);
    expect(synth.cancels).toBe(2);
    expect(screen.getByTestId('step').textContent).toBe('Step 2 of 3: Don');
    clock.now += 20_000;
    act(() => vi.advanceTimersByTime(250));
    expect(synth.said.slice(5)).toEqual(['The Don falls asleep', 'The Commissar wakes up', 'The Commissar falls asleep']);
  });

  it('while the clock is stopped the night\'s step stands still, on the screen and in the narrator', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const g = new SpectatorGame();
    const { synth, clock, rerender } = setup({ ...g.state(), view: null, timer: null }, { now: g.now });
    fireEvent.click(screen.getByTestId('narrator-unlock'));
    const paused = { ...g.state(), timer: { ...g.timer!, pausedAt: g.now + 2_000 } };
    act(() => rerender(paused));
    expect(screen.getByTestId('step').textContent).toBe('Step 1 of 3: Mafia, Don');
    const said = synth.said.length;
    clock.now += 25_000;
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('step').textContent).toBe('Step 1 of 3: Mafia, Don');
    expect(synth.said.length).toBe(said);
    expect(screen.getByRole('timer').dataset.paused).toBe('true');
  });

  it('a screen opened mid-game joins in silently: the welcome\'s phase is not said, the next change is', () => {
    const g = new SpectatorGame();
    const { synth, rerender, clock } = setup({ ...g.state(), you: null, status: 'connecting', view: null, timer: null, lobby: null }, { now: g.now + 1_000 });
    act(() => rerender(g.state()));
    fireEvent.click(screen.getByTestId('narrator-unlock'));
    expect(synth.said).toEqual(['Sound on']);
    expect(screen.queryByTestId('narrator-line')).toBeNull();
    clock.now = g.now + 10_000;
    g.host();
    act(() => rerender(g.state()));
    expect(synth.said.slice(1)).toEqual(['The mafia falls asleep', 'The city wakes up', 'Last night nobody was killed', 'Your word, player 1']);
  });

  it('human room: off by default (the host at the table speaks); the toggle turns it on and unlocks sound', () => {
    const g = new SpectatorGame();
    const { synth, rerender } = setup({ ...g.state('human'), view: null, timer: null });
    const toggle = screen.getByTestId('narrator-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('narrator-unlock')).toBeNull();
    act(() => rerender(g.state('human')));
    expect(synth.said).toEqual([]);
    // The lines are still shown.
    expect(screen.getByTestId('narrator-line').textContent).toBe('The city falls asleep. The mafia wakes up');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(synth.said).toEqual(['Sound on']);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(synth.cancels).toBeGreaterThan(0);
  });

  it('without speech synthesis the toggle is disabled and says why', () => {
    setup(new SpectatorGame().state(), { speech: false });
    expect((screen.getByTestId('narrator-toggle') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/cannot speak/)).toBeTruthy();
  });

  it('speaks Russian in a Russian UI', async () => {
    const g = new SpectatorGame();
    const { synth, rerender, i18n } = setup({ ...g.state(), view: null, timer: null }, { lang: 'ru' });
    fireEvent.click(screen.getByTestId('narrator-unlock'));
    act(() => rerender(g.state()));
    expect(synth.said).toEqual(['Звук включён', 'Город засыпает', 'Просыпается мафия']);
    await act(() => setLanguage(i18n, 'en'));
  });
});

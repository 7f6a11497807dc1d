// @vitest-environment jsdom
import { pendingDecisions, project, seatNo, type Command, type Game, type Pending } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newGame, ROLES, run, until } from './classicGame';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { secrets } from '../src/net/secrets';
import Player from '../src/screens/player';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { lobbyOf } from './typed';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});


const NIGHT = { kind: 'night' as const, started: 100_000, deadline: 130_000 }; // 3 steps of 10 s
/** The state a RoomClient of seat `seat` holds: what the server sends that seat only. */
function stateOf(g: Game, seat: number, mode: RoomMode = 'human', pending?: Pending[]): RoomState {
  const view = project(g.state, { kind: 'seat', seat: seatNo(seat) });
  return {
    status: 'open', you: { as: 'seat', seat },
    lobby: lobbyOf({ mode, started: true, ended: g.state.phase.kind === 'ended' }),
    view, pending: pending ?? pendingDecisions(g.state).filter((p) => p.seat === seat),
    timer: g.state.phase.kind === 'night' ? NIGHT : null,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
}

function show(state: RoomState, now = NIGHT.started + 1) {
  const send = vi.fn((_cmd: Command) => Promise.resolve(1));
  const tap = () => Promise.resolve(1);
  const i18n = createI18n();
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <PlayerScreen code="ABCDEF" state={state} send={send} tap={tap} now={now} />
    </I18nextProvider>,
  );
  const rerender = (s: RoomState, n = now) =>
    utils.rerender(
      <I18nextProvider i18n={i18n}>
        <PlayerScreen code="ABCDEF" state={s} send={send} tap={tap} now={n} />
      </I18nextProvider>,
    );
  return { ...utils, send, rerender };
}

/** Plays a night step on one phone: tap seat 7, confirm. Returns the step's HTML before and after. */
function playStep(state: RoomState, now: number) {
  const r = show(state, now);
  const section = () => screen.getByTestId('night-step');
  const before = section().outerHTML;
  fireEvent.click(screen.getByTestId('seat-7'));
  const picked = section().outerHTML;
  fireEvent.click(screen.getByTestId('act-submit'));
  const after = section().outerHTML;
  const sent = r.send.mock.calls.map((c) => c[0]);
  cleanup();
  return { before, picked, after, sent };
}

describe('player screen: the role card', () => {
  it('the role is not in the DOM until the card is held (pointer), and gone on release', () => {
    const { container } = show(stateOf(until(newGame(), 'night', 2), 2));
    expect(screen.queryByTestId('role-name')).toBeNull();
    expect(container.innerHTML).not.toContain('data-role');
    expect(screen.queryByTestId('partners')).toBeNull();
    const card = screen.getByTestId('role-card');
    fireEvent.pointerDown(card);
    expect(screen.getByTestId('role-name').getAttribute('data-role')).toBe('mafia');
    expect(screen.getByTestId('role-team').getAttribute('data-team')).toBe('mafia');
    expect(screen.getByTestId('partners').textContent).toContain('Seat 1: Don');
    expect(screen.getByTestId('partners').textContent).toContain('Seat 3: Mafia');
    fireEvent.pointerUp(card);
    expect(screen.queryByTestId('role-name')).toBeNull();
    expect(screen.queryByTestId('partners')).toBeNull();
    fireEvent.pointerDown(card);
    fireEvent.pointerLeave(card);
    expect(screen.queryByTestId('role-name')).toBeNull();
  });

  it('a mafioso killed while holding his card no longer sees his partners (nothing kept from before)', () => {
    const g = until(newGame(), 'night', 2);
    const { rerender } = show(stateOf(g, 2));
    fireEvent.pointerDown(screen.getByTestId('role-card'));
    expect(screen.getByTestId('partners')).toBeTruthy();
    let h = g;
    for (const s of [1, 2, 3]) h = run(h, { type: 'act', by: seatNo(s), act: 'kill', target: seatNo(2) }, s);
    h = until(h, 'day', 2);
    rerender(stateOf(h, 2));
    // His last word first, without «наблюдайте молча» beside it (issue 23 point 5).
    expect(screen.queryByTestId('spectator-banner')).toBeNull();
    expect(screen.getByTestId('role-name').getAttribute('data-role')).toBe('mafia'); // his own card stays
    expect(screen.queryByTestId('partners')).toBeNull();
    expect(document.body.textContent).not.toContain('Don');
  });

  it('holding Space or Enter shows it; letting go hides it', () => {
    show(stateOf(until(newGame(), 'day', 1), 4));
    const card = screen.getByTestId('role-card');
    fireEvent.keyDown(card, { key: ' ' });
    expect(screen.getByTestId('role-name').getAttribute('data-role')).toBe('commissar');
    expect(screen.getByTestId('role-name').textContent).toBe('Commissar');
    fireEvent.keyUp(card, { key: ' ' });
    expect(screen.queryByTestId('role-name')).toBeNull();
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(screen.getByTestId('role-name')).toBeTruthy();
    fireEvent.blur(card);
    expect(screen.queryByTestId('role-name')).toBeNull();
  });

  it("shows the Commissar's own answers inside the held card only", () => {
    let g = until(newGame(), 'night', 2);
    g = run(g, { type: 'act', by: seatNo(4), act: 'check', target: seatNo(2) }, 4);
    g = until(g, 'day', 2);
    show(stateOf(g, 4));
    expect(screen.queryByTestId('results')).toBeNull();
    fireEvent.pointerDown(screen.getByTestId('role-card'));
    expect(screen.getByTestId('results').textContent).toContain('Night 2: seat 2 — mafia');
    cleanup();
    show(stateOf(g, 5)); // a civilian has no answers
    fireEvent.pointerDown(screen.getByTestId('role-card'));
    expect(screen.queryByTestId('results')).toBeNull();
  });
});

describe('player screen: the night (R-NIGHT-4)', () => {
  it("a civilian's night screen has the same controls as the mafia's, and only the mafia's sends", () => {
    const g = until(newGame(), 'night', 2);
    const at = NIGHT.started + 1; // step 0: the mafia's shot
    const mafia = playStep(stateOf(g, 2), at);
    const civilian = playStep(stateOf(g, 5), at);
    expect(civilian.before).toBe(mafia.before);
    expect(civilian.picked).toBe(mafia.picked);
    expect(civilian.after).toBe(mafia.after);
    // Both wait for the server alike (issue 23: «Accepted» only once the act is recorded).
    expect(mafia.after).toContain('Sending…');
    expect(mafia.sent).toEqual([{ type: 'act', by: 2, act: 'kill', target: 7 }]);
    expect(civilian.sent).toEqual([]);
  });

  it("at the Commissar's step his screen and a mafioso's are the same too", () => {
    const g = until(newGame(), 'night', 2);
    const at = NIGHT.started + 25_000; // step 2
    const commissar = playStep(stateOf(g, 4), at);
    const mafia = playStep(stateOf(g, 3), at);
    expect(mafia.before).toBe(commissar.before);
    expect(mafia.after).toBe(commissar.after);
    expect(commissar.sent).toEqual([{ type: 'act', by: 4, act: 'check', target: 7 }]);
    expect(mafia.sent).toEqual([]);
  });

  it('every phone steps through every night step by time alone', async () => {
    const g = until(newGame(), 'night', 2);
    const { rerender } = show(stateOf(g, 5), NIGHT.started + 1);
    const step = () => screen.getByTestId('night-step').getAttribute('data-step');
    expect(step()).toBe('0');
    expect(screen.getByTestId('phase').getAttribute('data-phase')).toBe('night');
    expect(screen.getByTestId('phase').getAttribute('data-n')).toBe('2');
    expect(screen.getByTestId('night-step').textContent).toContain('Step 1 of 3');
    fireEvent.click(screen.getByTestId('seat-3'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('act-submit'));
    });
    // A civilian's decoy: recorded as his tap and acked, so the same «Accepted» as an act (issue 23).
    expect(screen.getByTestId('act-submit').textContent).toBe('Accepted');
    rerender(stateOf(g, 5), NIGHT.started + 10_000);
    expect(step()).toBe('1');
    expect(screen.getByTestId('act-submit').textContent).toBe('Confirm'); // a new step starts afresh
    expect((screen.getByTestId('act-submit') as HTMLButtonElement).disabled).toBe(true);
    rerender(stateOf(g, 5), NIGHT.started + 20_000);
    expect(step()).toBe('2');
  });

  it('a_paused_timer_stands_still_on_the_phone', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const g = until(newGame(), 'night', 2);
      const at = NIGHT.started + 5_000; // 5 s into step 1 of 3, 25 s of the night left
      vi.setSystemTime(at);
      const paused = { ...stateOf(g, 5), timer: { ...NIGHT, pausedAt: at } };
      const { rerender } = show(paused, at);
      const read = () => ({
        step: screen.getByTestId('night-step').getAttribute('data-step'),
        clocks: screen.getAllByRole('timer').map((el) => el.textContent),
      });
      const before = read();
      expect(before).toEqual({ step: '0', clocks: ['0:25', '0:05'] });
      expect(screen.getAllByRole('timer')[0]!.dataset.paused).toBe('true');
      expect(screen.getByTestId('paused').textContent).toContain('Paused');
      // A minute later on every clock: still the same step and the same time left.
      vi.setSystemTime(at + 60_000);
      act(() => vi.advanceTimersByTime(1_000));
      rerender(paused, at + 60_000);
      expect(read()).toEqual(before);
      // Resumed: the notice goes, the clock runs again.
      rerender({ ...paused, timer: NIGHT }, NIGHT.started + 15_000);
      expect(screen.queryByTestId('paused')).toBeNull();
      expect(screen.getByTestId('night-step').getAttribute('data-step')).toBe('1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a dead seat is a silent spectator: no night controls', () => {
    let g = until(newGame(), 'night', 2);
    for (const s of [1, 2, 3]) g = run(g, { type: 'act', by: seatNo(s), act: 'kill', target: seatNo(5) }, s);
    g = until(g, 'night', 3);
    show(stateOf(g, 5));
    expect(screen.getByTestId('spectator-banner')).toBeTruthy();
    expect(screen.queryByTestId('act-submit')).toBeNull();
    // He still sees which step is called (public), with no grid and no button.
    expect(screen.getByTestId('night-step').getAttribute('data-step')).toBe('0');
    expect(screen.queryByTestId('seat-1')).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });
});

describe('player screen: the day', () => {
  it('during his own speech the player nominates by tapping a seat; end-speech only in app/online rooms', () => {
    const g = until(newGame(), 'day', 1);
    const { send } = show(stateOf(g, 1, 'human'));
    expect(screen.getByTestId('speaker').textContent).toBe('Your speech');
    expect(screen.queryByTestId('end-speech')).toBeNull();
    expect((screen.getByTestId('nominate-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('seat-5'));
    expect(screen.getByTestId('seat-5').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('nominate-submit'));
    expect(send).toHaveBeenCalledWith({ type: 'nominate', by: 1, target: 5 });
    cleanup();
    const app = show(stateOf(g, 1, 'app'));
    fireEvent.click(screen.getByTestId('end-speech'));
    expect(app.send).toHaveBeenCalledWith({ type: 'endSpeech' });
    cleanup();
    show(stateOf(g, 2, 'app'));
    expect(screen.getByTestId('speaker').textContent).toBe('Seat 1 is speaking');
    expect(screen.queryByTestId('end-speech')).toBeNull();
    expect(screen.queryByTestId('nominate-submit')).toBeNull();
    expect((screen.getByTestId('seat-5') as HTMLButtonElement).disabled).toBe(true);
  });

  it('votes by tapping a candidate (candidate-N or seat-N), then vote-submit; shows own fouls', () => {
    let g = until(newGame(), 'day', 1);
    g = run(g, { type: 'nominate', by: seatNo(1), target: seatNo(5) }, 1);
    g = run(g, { type: 'foul', seat: seatNo(3) });
    g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'nominate', by: seatNo(2), target: seatNo(7) }, 2);
    while (g.state.day?.stage !== 'vote') g = run(g, { type: 'endSpeech' });
    const { send } = show(stateOf(g, 3));
    expect(screen.getByTestId('fouls').getAttribute('data-fouls')).toBe('1');
    const candidates = g.state.day!.candidates;
    const first = candidates[0]!;
    fireEvent.click(screen.getByTestId(`candidate-${first}`));
    expect(screen.getByTestId(`candidate-${first}`).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('vote-submit'));
    expect(send).toHaveBeenCalledWith({ type: 'vote', by: 3, target: first });
    // A seat that is not a candidate is shown disabled and not taken; a candidate's seat button is.
    expect(screen.getByTestId('seat-9').getAttribute('data-state')).toBe('disabled');
    expect(screen.getByTestId(`seat-${first}`).getAttribute('data-state')).not.toBe('disabled');
    fireEvent.click(screen.getByTestId('seat-9'));
    expect((screen.getByTestId('vote-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId(`seat-${first}`));
    expect((screen.getByTestId('vote-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('online_the_phone_tells_the_nights_news_the_nominations_and_the_open_votes_as_the_table_screen_would', () => {
    localStorage.setItem('mafia.lang', 'ru');
    let g = until(newGame(), 'day', 1);
    g = run(g, { type: 'nominate', by: seatNo(1), target: seatNo(5) }, 1);
    g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'nominate', by: seatNo(2), target: seatNo(7) }, 2);
    const news = { seq: 1, kind: 'events' as const, by: 'app' as const, events: [{ type: 'NightResolved', n: 1, died: [], results: [], useful: [] }] } as unknown as RoomState['log'][number];
    const speeches = show({ ...stateOf(g, 3, 'online'), log: [news] });
    expect(screen.getByTestId('news').textContent).toBe('Этой ночью никто не погиб');
    expect(screen.getByTestId('nominees').textContent).toContain('игрок 5 (выставил 1)');
    expect(screen.getByTestId('nominees').textContent).toContain('игрок 7 (выставил 2)');
    speeches.unmount();
    while (g.state.day?.stage !== 'vote') g = run(g, { type: 'endSpeech' });
    const [first, second] = g.state.day!.candidates;
    g = run(g, { type: 'vote', by: seatNo(4), target: first! }, 4);
    g = run(g, { type: 'vote', by: seatNo(6), target: first! }, 6);
    g = run(g, { type: 'vote', by: seatNo(8), target: second! }, 8);
    const voting = show(stateOf(g, 3, 'online'));
    expect(screen.getByTestId(`tally-${first}`).dataset.votes).toBe('2');
    expect(screen.getByTestId(`tally-${first}`).textContent).toBe(`Игрок ${first}: 2 — голосовали 4, 6`);
    expect(screen.getByTestId(`tally-${second}`).textContent).toBe(`Игрок ${second}: 1 — голосовали 8`);
    voting.unmount();
    // At a human host's table (and with the app's table screen) the room hears it: not on the phone.
    show(stateOf(g, 3, 'human'));
    expect(screen.queryByTestId('table-news')).toBeNull();
  });

  it('the lift vote, the best move and the last word', () => {
    const g = until(newGame(), 'day', 1);
    const lift = show(stateOf(g, 6, 'human', [{ kind: 'liftVote', seat: seatNo(6) }]));
    fireEvent.click(screen.getByTestId('lift-yes'));
    fireEvent.click(screen.getByTestId('lift-no'));
    expect(lift.send.mock.calls.map((c) => c[0])).toEqual([{ type: 'liftVote', by: 6, leave: true }, { type: 'liftVote', by: 6, leave: false }]);
    cleanup();
    const best = show(stateOf(g, 6, 'human', [{ kind: 'bestMove', seat: seatNo(6) }]));
    for (const s of [2, 3, 4]) fireEvent.click(screen.getByTestId(`seat-${s}`));
    expect(screen.getByTestId('best-move-submit').textContent).toContain('3/3');
    fireEvent.click(screen.getByTestId('best-move-submit'));
    expect(best.send).toHaveBeenCalledWith({ type: 'bestMove', by: 6, named: [2, 3, 4] });
    cleanup();
    const s = stateOf(g, 6, 'online');
    // Seat 6's view during his last word carries the engine's own-turn effect, as projected.
    const lastWords = { ...s, view: { ...s.view!, day: { ...s.view!.day!, stage: 'lastWords' as const, speaker: null, lastWords: [seatNo(6)] }, ownTurn: 'endLastWords' as const } };
    const lw = show(lastWords);
    fireEvent.click(screen.getByTestId('end-last-words'));
    expect(lw.send).toHaveBeenCalledWith({ type: 'endLastWords' });
  });
});

describe("player screen: the Rake's choice, name in blood, the dying note", () => {
  it('picks one of the candidates and sends the command of the pending decision', () => {
    const g = until(newGame(), 'day', 1);
    const cases = [
      { pending: { kind: 'rakeTake' as const, seat: seatNo(6), candidates: [seatNo(2), seatNo(3)] }, id: 'rake-take-submit', cmd: { type: 'rakeTakes', by: 6, target: 3 } },
      { pending: { kind: 'blood' as const, seat: seatNo(6), candidates: [seatNo(2), seatNo(3)] }, id: 'blood-submit', cmd: { type: 'blood', by: 6, target: 3 } },
      { pending: { kind: 'dyingNote' as const, seat: seatNo(6), candidates: [seatNo(2), seatNo(3)] }, id: 'dying-note-submit', cmd: { type: 'dyingNote', by: 6, named: 3 } },
    ];
    for (const c of cases) {
      const r = show(stateOf(g, 6, 'human', [c.pending]));
      expect((screen.getByTestId(c.id) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('seat-9')); // not a candidate
      expect((screen.getByTestId(c.id) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByTestId('seat-3'));
      fireEvent.click(screen.getByTestId(c.id));
      expect(r.send.mock.calls.map((x) => x[0])).toEqual([c.cmd]);
      cleanup();
    }
  });
});

describe('player screen: the eliminated player', () => {
  it('by day he watches: banner, no controls, every seat button disabled', () => {
    let g = until(newGame(), 'night', 2);
    for (const s of [1, 2, 3]) g = run(g, { type: 'act', by: seatNo(s), act: 'kill', target: seatNo(5) }, s);
    g = until(g, 'day', 2);
    // First his last word: in an app/online room he may end it himself.
    expect(g.state.day?.stage).toBe('lastWords');
    const lw = show(stateOf(g, 5, 'online'));
    fireEvent.click(screen.getByTestId('end-last-words'));
    expect(lw.send).toHaveBeenCalledWith({ type: 'endLastWords' });
    cleanup();
    g = run(g, { type: 'endLastWords' });
    expect(g.state.day?.stage).toBe('speeches');
    const { container } = show(stateOf(g, 5, 'online'));
    expect(screen.getByTestId('spectator-banner')).toBeTruthy();
    expect(screen.getByTestId('phase').getAttribute('data-phase')).toBe('day');
    for (const id of ['nominate-submit', 'vote-submit', 'end-speech', 'lift-yes', 'best-move-submit']) expect(screen.queryByTestId(id)).toBeNull();
    for (let s = 1; s <= 10; s++) expect((screen.getByTestId(`seat-${s}`) as HTMLButtonElement).disabled).toBe(true);
    // The only enabled buttons are the card and the language switch.
    const enabled = [...container.querySelectorAll('button')].filter((b) => !b.disabled).map((b) => b.getAttribute('data-testid') ?? 'lang');
    expect(enabled.sort()).toEqual(['lang', 'lang', 'role-card']);
  });
});

describe('player screen: the end', () => {
  it('shows the winner and every role', () => {
    let g = newGame();
    g = run(g, { type: 'override', action: { kind: 'endGame', winner: 'town' } });
    show(stateOf(g, 5));
    expect(screen.getByTestId('phase').getAttribute('data-phase')).toBe('ended');
    expect(screen.getByTestId('winner').getAttribute('data-winner')).toBe('town');
    expect(screen.getByTestId('winner').textContent).toBe('Winner: the town');
    ROLES.forEach((r, i) => expect(screen.getByTestId(`end-role-${i + 1}`).getAttribute('data-role')).toBe(r));
  });

  it('every button has an accessible name, in Russian too', async () => {
    const { container } = show(stateOf(until(newGame(), 'night', 2), 2));
    for (const b of container.querySelectorAll('button')) expect(b.getAttribute('aria-label') ?? b.textContent).toMatch(/\S/);
    cleanup();
    localStorage.setItem('mafia.lang', 'ru');
    show(stateOf(until(newGame(), 'night', 2), 2));
    expect(screen.getByTestId('act-submit').textContent).toBe('Подтвердить');
    fireEvent.pointerDown(screen.getByTestId('role-card'));
    expect(screen.getByTestId('role-name').textContent).toBe('Мафия');
  });
});

describe('player route', () => {
  function route() {
    const i18n = createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/r/ABCDEF/play']}>
          <Routes>
            <Route path="/r/:code" element={<p>lobby screen</p>} />
            <Route path="/r/:code/play" element={<Player />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
  }

  it('sends a device without a seat to the lobby', () => {
    route();
    expect(screen.getByText('lobby screen')).toBeTruthy();
  });

  it('with a stored seat it stays and connects as that seat', async () => {
    const sent: string[] = [];
    class FakeWS {
      static OPEN = 1;
      readyState = 0;
      onopen: ((e: unknown) => void) | null = null;
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onclose: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      constructor(readonly url: string) {
        setTimeout(() => {
          this.readyState = 1;
          this.onopen?.({});
        }, 0);
      }
      send(d: string) {
        sent.push(d);
      }
      close() {
        this.readyState = 3;
      }
    }
    vi.stubGlobal('WebSocket', FakeWS);
    secrets().setSeat('ABCDEF', 4, 'tok');
    route();
    expect(screen.queryByText('lobby screen')).toBeNull();
    expect(screen.getByTestId('phase').getAttribute('data-phase')).toBe('lobby');
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(sent.map((s) => JSON.parse(s))[0]).toMatchObject({ type: 'hello', room: 'ABCDEF', auth: { as: 'seat', seat: 4, token: 'tok' } });
    vi.unstubAllGlobals();
  });
});


describe('the seat screen before the start', () => {
  const waiting = (mode: RoomMode, claimed: (string | null)[]): RoomState => ({
    status: 'open', you: { as: 'seat', seat: 1 }, lobby: lobbyOf({ mode, claimed }),
    view: null, pending: [], timer: null, seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  });
  const render1 = (s: RoomState, lang: 'ru' | 'en' = 'ru') => {
    localStorage.setItem('mafia.lang', lang);
    return render(
      <I18nextProvider i18n={createI18n()}>
        <PlayerScreen code="ABCDEF" state={s} send={vi.fn()} joinOrigin="https://mafia.club.test" />
      </I18nextProvider>,
    );
  };

  it('online_while_seats_are_free_the_phone_shows_the_code_and_the_link_to_send_on', async () => {
    render1(waiting('online', ['Анна', 'Борис', ...Array.from({ length: 8 }, () => null)]));
    // Its own chunk (the QR code's library), loaded when first shown; the renders below find it loaded.
    const invite = await screen.findByTestId('invite');
    expect(invite.textContent).toContain('Свободно ещё 8 мест: отправьте ссылку тем, кто играет с вами.');
    expect(screen.getByTestId('room-code').textContent).toBe('ABCDEF');
    expect(invite.textContent).toContain('https://mafia.club.test/r/ABCDEF');
    expect(invite.textContent).toContain('Скопировать ссылку');
    cleanup();
    render1(waiting('online', ['Анна', ...Array.from({ length: 8 }, () => 'Бот'), null]), 'en');
    expect((await screen.findByTestId('invite')).textContent).toContain('1 seat is still free: send the link to the people you play with.');
    cleanup();
    render1(waiting('online', ['Анна', ...Array.from({ length: 9 }, () => 'Бот')]));
    expect(screen.queryByTestId('invite'), 'every seat taken: nobody to invite').toBeNull();
    cleanup();
    // At a table the players are in the room: the lobby's screen (and the TV) show the code.
    render1(waiting('app', ['Анна', ...Array.from({ length: 9 }, () => null)]));
    expect(screen.queryByTestId('invite')).toBeNull();
  });
});

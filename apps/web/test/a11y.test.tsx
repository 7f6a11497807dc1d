// @vitest-environment jsdom
/**
 * Issue 5: "every button has an accessible name". One real classic game, played by the engine's
 * own next steps; at every step the host console, the table screen and three phones (the Don, the
 * Commissar, a civilian) are rendered from exactly what the server would send each of them, and
 * every button, input and select on them must have an accessible name.
 */
import { createGame, nextHostCommand, pendingDecisions, project, seatNo, transition, type Command, type Game, type Viewer } from '@mafia/engine';
import { RandomBot } from '@mafia/bots';
import { cleanup, render } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../src/i18n';
import type { RoomState } from '../src/net/client';
import { HostConsole } from '../src/screens/host/Console';
import { PlayerScreen } from '../src/screens/player/PlayerScreen';
import { TableScreen } from '../src/screens/table/TableScreen';
import { lobbyOf } from './typed';

afterEach(cleanup);

const ROLES = ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
const T0 = 1_000_000;

function stateFor(g: Game, viewer: Viewer): RoomState {
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const pending = viewer.kind === 'spectator' ? [] : pendingDecisions(g.state).filter((p) => seat === null || p.seat === seat);
  const timer = g.state.phase.kind === 'ended' ? null : { kind: g.state.phase.kind === 'night' ? 'night' as const : 'speech' as const, started: T0, deadline: T0 + 30_000 };
  const state: RoomState = {
    status: 'open',
    you: viewer.kind === 'seat' ? { as: 'seat', seat: viewer.seat } : viewer.kind === 'host' ? { as: 'host' } : { as: 'spectator' },
    lobby: lobbyOf({ mode: 'app', claimed: ROLES.map((_, i) => `P${i + 1}`), started: true, ended: g.state.phase.kind === 'ended' }),
    view: project(g.state, viewer), pending, timer,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  };
  return state;
}

/**
 * A control's accessible name depends on its own markup, a wrapping <label>, the `hidden`/`style` of
 * its ancestors (visibility is inherited; there is no stylesheet in this DOM) and, through ids, on
 * other elements. A control without ids is keyed by all of those; its name is computed once per key
 * (jsdom's getComputedStyle makes a name cost milliseconds, and a whole game renders ~10,000
 * controls, most of them the same from step to step). A control with an id or an id reference is
 * never cached.
 */
const nameCache = new Map<string, string>();
function nameOf(el: Element): string {
  if (el.id !== '' || el.querySelector('[id]') !== null || /aria-(labelledby|describedby|owns)/.test(el.outerHTML)) return computeAccessibleName(el);
  const chain: string[] = [];
  for (let a = el.parentElement; a; a = a.parentElement) chain.push(`${a.tagName}|${a.getAttribute('hidden') ?? ''}|${a.getAttribute('style') ?? ''}|${a.getAttribute('aria-hidden') ?? ''}`);
  const key = `${el.outerHTML}\n${el.closest('label')?.outerHTML ?? ''}\n${chain.join('/')}`;
  let name = nameCache.get(key);
  if (name === undefined) nameCache.set(key, (name = computeAccessibleName(el)));
  return name;
}

/** Every control of the page without an accessible name, described for the failure message. */
function unnamedControls(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button, input, select, textarea, [role="button"]')]
    .filter((el) => nameOf(el).trim() === '')
    .map((el) => el.outerHTML.slice(0, 120));
}

/** One real classic game, played by the engine's own next steps: every state it goes through. */
function wholeGame(): Game[] {
  const t = createGame({ preset: 'classic', roles: ROLES, seed: 3 });
  if (!t.ok) throw new Error(t.error.message);
  let g = t.game;
  const states = [g];
  const bots = ROLES.map((_, i) => new RandomBot(seatNo(i + 1), 11 + i));
  for (let step = 0; step < 600 && g.state.phase.kind !== 'ended'; step++) {
    // The seats decide as random bots from their own views; when nobody has a move, the host moves on.
    let next: { cmd: Command; by: Viewer } | null = null;
    for (const p of pendingDecisions(g.state)) {
      const c = bots[p.seat - 1]!.decide(() => project(g.state, { kind: 'seat', seat: p.seat }), p);
      if (c !== null) { next = { cmd: c, by: { kind: 'seat', seat: p.seat } }; break; }
    }
    const hostCmd = nextHostCommand(g.state);
    if (!next && !hostCmd) break;
    const moved = transition(g, next?.cmd ?? hostCmd!, (next?.by ?? { kind: 'host' }) as never);
    if (!moved.ok) throw new Error(`${moved.error.code}: ${moved.error.message}`);
    g = moved.game;
    states.push(g);
  }
  return states;
}

const GAME = wholeGame();
const actions = { command: vi.fn(() => Promise.resolve(1)), timer: vi.fn(() => Promise.resolve(1)), start: vi.fn(() => Promise.resolve(1)) };
/** The screens checked: the host console, the table screen and three phones (the Don, the Commissar, a civilian). */
const SCREENS: readonly [string, (g: Game) => ReactElement][] = [
  ['host', (g) => <HostConsole state={stateFor(g, { kind: 'host' })} actions={actions} />],
  ['table', (g) => <TableScreen code="ABCDEF" state={stateFor(g, { kind: 'spectator' })} speaker={null} now={() => T0 + 1} />],
  ...[1, 4, 7].map((seat): [string, (g: Game) => ReactElement] => [`seat ${seat}`, (g) => <PlayerScreen code="ABCDEF" state={stateFor(g, { kind: 'seat', seat: seatNo(seat) })} send={vi.fn(() => Promise.resolve(1))} now={T0 + 1} />]),
];
/** Each screen renders ~120 states: a minute or more on a loaded machine. */
const SCREEN_TIMEOUT_MS = 240_000;

describe('accessible names on every screen (issue 5)', () => {
  it('the_game_replayed_here_goes_through_nights_speeches_a_vote_and_the_end', () => {
    const g = GAME.at(-1)!;
    expect(g.state.phase.kind, JSON.stringify({ phase: g.state.phase, stage: g.state.day?.stage, alive: g.state.alive })).toBe('ended');
    const phases = new Set(GAME.map((x) => `${x.state.phase.kind}/${x.state.day?.stage ?? ''}`));
    for (const k of ['night/', 'day/speeches', 'day/vote', 'ended/']) expect([...phases]).toContain(k);
  });

  for (const [name, screen] of SCREENS) {
    it(`every_control_of_the_${name.replace(' ', '_')}_screen_has_an_accessible_name_through_a_whole_game`, async () => {
      const i18n = createI18n();
      await i18n.changeLanguage('ru');
      let controls = 0;
      for (const g of GAME) {
        const r = render(<I18nextProvider i18n={i18n}>{screen(g)}</I18nextProvider>);
        const where = `${name}, ${g.state.phase.kind} ${'n' in g.state.phase ? g.state.phase.n : ''} ${g.state.day?.stage ?? ''}`;
        expect(unnamedControls(r.container), where).toEqual([]);
        controls += r.container.querySelectorAll('button, input, select, textarea, [role="button"]').length;
        r.unmount();
      }
      expect(controls, 'controls checked').toBeGreaterThan(GAME.length);
    }, SCREEN_TIMEOUT_MS);
  }
});

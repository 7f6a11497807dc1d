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

afterEach(cleanup);

const ROLES = ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
const T0 = 1_000_000;

function stateFor(g: Game, viewer: Viewer): RoomState {
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const pending = viewer.kind === 'spectator' ? [] : pendingDecisions(g.state).filter((p) => seat === null || p.seat === seat);
  const timer = g.state.phase.kind === 'ended' ? null : { kind: g.state.phase.kind === 'night' ? 'night' as const : 'speech' as const, started: T0, deadline: T0 + 30_000 };
  return {
    status: 'open',
    you: viewer.kind === 'seat' ? { as: 'seat', seat: viewer.seat } : viewer.kind === 'host' ? { as: 'host' } : { as: 'spectator' },
    lobby: { room: 'r', code: 'ABCDEF', preset: 'classic', mode: 'app', seats: 10, claimed: ROLES.map((_, i) => `P${i + 1}`), started: true, ended: g.state.phase.kind === 'ended', closed: false },
    view: project(g.state, viewer), pending, timer,
    seq: 1, lastError: null, log: [], unacked: [], clockOffset: 0, attempt: 0,
  } as unknown as RoomState;
}

/** Every control of the page without an accessible name, described for the failure message. */
function unnamedControls(root: HTMLElement): string[] {
  return [...root.querySelectorAll('button, input, select, textarea, [role="button"]')]
    .filter((el) => computeAccessibleName(el).trim() === '')
    .map((el) => el.outerHTML.slice(0, 120));
}

describe('accessible names on every screen (issue 5)', () => {
  it('every_control_of_the_host_table_and_player_screens_has_an_accessible_name_through_a_whole_game', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('ru');
    const actions = { command: vi.fn(() => Promise.resolve(1)), timer: vi.fn(() => Promise.resolve(1)), start: vi.fn(() => Promise.resolve(1)) };
    const t = createGame({ preset: 'classic', roles: ROLES, seed: 3 });
    if (!t.ok) throw new Error(t.error.message);
    let g = t.game;
    const checked = new Set<string>();
    const bots = ROLES.map((_, i) => new RandomBot(seatNo(i + 1), 11 + i));
    for (let step = 0; step < 600; step++) {
      const screens: [string, ReactElement][] = [
        ['host', <HostConsole state={stateFor(g, { kind: 'host' })} actions={actions} />],
        ['table', <TableScreen code="ABCDEF" state={stateFor(g, { kind: 'spectator' })} speaker={null} now={() => T0 + 1} />],
        ...[1, 4, 7].map((seat): [string, ReactElement] => [`seat ${seat}`, <PlayerScreen code="ABCDEF" state={stateFor(g, { kind: 'seat', seat: seatNo(seat) })} send={vi.fn(() => Promise.resolve(1))} now={T0 + 1} />]),
      ];
      for (const [name, ui] of screens) {
        const r = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
        const where = `${name}, ${g.state.phase.kind} ${'n' in g.state.phase ? g.state.phase.n : ''} ${g.state.day?.stage ?? ''}`;
        expect(unnamedControls(r.container), where).toEqual([]);
        checked.add(`${name}/${g.state.phase.kind}/${g.state.day?.stage ?? ''}`);
        r.unmount();
      }
      if (g.state.phase.kind === 'ended') break;
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
    }
    expect(g.state.phase.kind, JSON.stringify({ phase: g.state.phase, stage: g.state.day?.stage, alive: g.state.alive })).toBe('ended');
    // The game went through nights, speeches, a vote and the end on every screen.
    for (const k of ['host/night/', 'table/day/speeches', 'seat 7/day/vote', 'seat 1/ended/']) expect([...checked]).toContain(k);
  });
});

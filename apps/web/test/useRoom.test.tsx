// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { useRoom } from '../src/net/useRoom';
import { RoomStatus, usePhaseLabel } from '../src/ui';
import { FakeSocket } from './fakeSocket';

afterEach(() => cleanup());

const sockets: FakeSocket[] = [];
const options = { url: 'ws://test/ws', pingEveryMs: 0, socket: (url: string) => {
  const s = new FakeSocket(url);
  sockets.push(s);
  return s;
} };
const AUTH = { as: 'spectator' } as const;

function Probe() {
  const { state } = useRoom('abcdef', AUTH, options);
  const phase = usePhaseLabel(state.view);
  return (
    <div>
      <RoomStatus state={state} />
      <p data-testid="phase">{phase}</p>
    </div>
  );
}

describe('useRoom', () => {
  it('connects on mount, renders each state, closes on unmount', () => {
    const i18n = createI18n();
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    const s = sockets[sockets.length - 1]!;
    act(() => s.open());
    expect(s.sent[0]).toMatchObject({ type: 'hello', room: 'ABCDEF', auth: { as: 'spectator' } });
    const lobby = { room: 'r', code: 'ABCDEF', preset: 'classic', mode: 'human', seats: 10, claimed: [], started: true, ended: false, closed: false };
    act(() => s.receive({ type: 'welcome', you: { as: 'spectator' }, lobby, seq: 12, items: [], view: { phase: { kind: 'night', n: 2 }, seats: [] }, pending: [], timer: null }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
    expect(screen.getByTestId('phase').textContent).toBe('Night 2');
    unmount();
    expect(s.readyState).toBe(3);
  });
});

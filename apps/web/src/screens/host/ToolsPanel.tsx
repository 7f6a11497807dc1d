import type { Command, GameView } from '@mafia/engine';
import { useState } from 'react';
import { Button } from '../../ui';
import { SeatSelect } from './SeatSelect';
import type { Tx } from './types';
import { parseSeat } from '../seat';

/** The host's tools: undo, and overrides (eliminate, revive, end the game), each confirmed first. */
export function ToolsPanel({ t, view, busy, send }: { t: Tx; view: GameView; busy: boolean; send: (c: Command) => void }) {
  const [seat, setSeat] = useState<number>(1);
  const [winner, setWinner] = useState<'town' | 'mafia' | 'draw'>('town');
  const target = view.seats[seat - 1];
  const confirm = () => globalThis.confirm?.(t('tools.confirm')) ?? true;
  return (
    <section className="card stack" aria-label={t('tools.title')}>
      <strong>{t('tools.title')}</strong>
      <Button data-testid="undo" disabled={busy} onClick={() => send({ type: 'undo', count: 1 })}>
        {t('tools.undo')}
      </Button>
      {view.phase.kind !== 'ended' ? (
        <>
          <div className="row">
            <SeatSelect label={t('tools.seat')} testId="override-seat" view={view} seat={seat} onChange={setSeat} />
            <Button data-testid="override-eliminate" disabled={busy || !target?.alive} onClick={() => confirm() && send({ type: 'override', action: { kind: 'eliminate', seat: parseSeat(seat) } })}>
              {t('tools.eliminate')}
            </Button>
            <Button data-testid="override-revive" disabled={busy || target?.alive !== false} onClick={() => confirm() && send({ type: 'override', action: { kind: 'revive', seat: parseSeat(seat) } })}>
              {t('tools.revive')}
            </Button>
          </div>
          <div className="row">
            <label className="field">
              <span>{t('tools.winner')}</span>
              <select className="input" data-testid="override-winner" value={winner} onChange={(e) => setWinner(e.target.value as typeof winner)}>
                {(['town', 'mafia', 'draw'] as const).map((w) => (
                  <option key={w} value={w}>
                    {t(`winners.${w}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button data-testid="override-end" variant="danger" disabled={busy} onClick={() => confirm() && send({ type: 'override', action: { kind: 'endGame', winner } })}>
              {t('tools.endGame')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

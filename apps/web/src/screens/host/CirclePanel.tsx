import type { Command, GameView } from '@mafia/engine';
import { useState } from 'react';
import { Button } from '../../ui';
import type { Tx } from './types';
import { circleChoice, type SetupOf } from './logic';
import { parseSeat } from '../seat';

/**
 * R-VOTE-8 (presets voting `circular`): before the first ballot of the day the host chooses where
 * the voting circle starts and whether it goes up or down in seat numbers (`circle`).
 */
export function CirclePanel({ t, view, setup, busy, send }: { t: Tx; view: GameView; setup: SetupOf | null; busy: boolean; send: (c: Command) => void }) {
  const now = circleChoice(view, setup);
  const alive: number[] = view.seats.filter((s) => s.alive).map((s) => s.seat as number);
  const [picked, setPicked] = useState<number | null>(null);
  if (!now || alive.length === 0) return null;
  const from = picked !== null && alive.includes(picked) ? picked : alive.includes(now.from) ? now.from : alive[0]!;
  const circle = (dir: 'up' | 'down') => send({ type: 'circle', from: parseSeat(from), dir });
  return (
    <section className="card stack" data-testid="circle" aria-label={t('circle.title')}>
      <strong>{t('circle.title')}</strong>
      <span data-testid="circle-current" data-from={now.from} data-dir={now.dir}>
        {t('circle.current', { from: now.from, dir: t(`circle.dir.${now.dir}`) })}
      </span>
      <label className="field">
        <span>{t('circle.from')}</span>
        <select className="input" data-testid="circle-from" value={from} onChange={(e) => setPicked(Number(e.target.value))}>
          {alive.map((s) => (
            <option key={s} value={s}>
              {s} {view.seats[s - 1]?.name ?? ''}
            </option>
          ))}
        </select>
      </label>
      <div className="row">
        <Button data-testid="circle-up" disabled={busy} onClick={() => circle('up')}>
          {t('circle.up', { from })}
        </Button>
        <Button data-testid="circle-down" disabled={busy} onClick={() => circle('down')}>
          {t('circle.down', { from })}
        </Button>
      </div>
    </section>
  );
}

import type { Command, GameView, RoleId } from '@mafia/engine';
import { useState } from 'react';
import { Button } from '../../ui';
import type { Tx } from './types';
import { isFiim, penaltySeats, type FiimRecord } from './fiim';
import type { SetupOf } from './logic';
import { parseSeat } from '../seat';

/** R-FIIM-12: the reasons the host gives a removal (fouls and technical fouls remove by count). */
const REASONS = ['disqualified', 'left'] as const;

/**
 * Every seat with its fouls, and the host's foul and removal buttons where the engine takes them
 * (fiim.ts penaltySeats). In `fiim` a removal asks its reason and, with option techFouls `yes`, a
 * technical foul has its own button and count; other presets keep the plain foul and removal.
 */
export function SeatsPanel({ t, view, setup, record, busy, send, roleName }: {
  t: Tx; view: GameView; setup: SetupOf | null; record: FiimRecord; busy: boolean; send: (c: Command) => void; roleName: (r: RoleId | undefined) => string;
}) {
  const fiim = isFiim(setup);
  const tech = fiim && setup?.options.techFouls === 'yes';
  const open = penaltySeats(view, setup, record.final);
  // The seat whose removal waits for its reason (fiim).
  const [asking, setAsking] = useState<number | null>(null);
  const remove = (seat: number) => {
    if (fiim) return setAsking(seat);
    if (globalThis.confirm?.(t('seats.removeConfirm', { seat })) ?? true) send({ type: 'remove', seat: parseSeat(seat) });
  };
  return (
    <section className="card stack" aria-label={t('seats.title')}>
      <strong>{t('seats.title')}</strong>
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0, gap: 6 }}>
        {view.seats.map((s) => {
          const why = record.removed[s.seat - 1];
          return (
            <li key={s.seat} className="row" data-testid={`seat-row-${s.seat}`} data-alive={s.alive} style={{ gap: 8, opacity: s.alive ? 1 : 0.85 }}>
              {/* An eliminated seat: struck out and dimmed only so far that its muted text keeps 4.5:1 (0.55 took it to 2.8:1). */}
              <span style={{ minWidth: 28, fontWeight: 700, textDecoration: s.alive ? undefined : 'line-through' }}>{s.seat}</span>
              <span style={{ flex: 1 }}>
                {s.name} · {roleName(s.role)}
                {s.alive ? '' : ` · ${t('seats.dead')}`}
                {fiim && why ? ` · ${t('seats.removedFor', { reason: t(`history.reason.${why}`) })}` : ''}
              </span>
              <span data-testid={`fouls-${s.seat}`} data-n={s.fouls} className="muted">
                {t('seats.fouls', { n: s.fouls })}
              </span>
              {tech ? (
                <span data-testid={`tech-fouls-${s.seat}`} data-n={record.techFouls[s.seat - 1]} className="muted">
                  {t('seats.techFouls', { n: record.techFouls[s.seat - 1] })}
                </span>
              ) : null}
              {open.has(s.seat) ? (
                <>
                  <Button data-testid={`foul-${s.seat}`} label={t('seats.foul', { seat: s.seat, n: s.fouls })} disabled={busy} onClick={() => send({ type: 'foul', seat: s.seat })}>
                    +1
                  </Button>
                  {tech ? (
                    <Button data-testid={`tech-foul-${s.seat}`} label={t('seats.techFoul', { seat: s.seat, n: record.techFouls[s.seat - 1] })} disabled={busy} onClick={() => send({ type: 'techFoul', seat: s.seat })}>
                      {t('seats.techFoulShort')}
                    </Button>
                  ) : null}
                  <Button data-testid={`remove-${s.seat}`} variant="danger" label={t('seats.remove', { seat: s.seat })} disabled={busy} onClick={() => remove(s.seat)}>
                    ✕
                  </Button>
                </>
              ) : null}
              {asking === s.seat && open.has(s.seat) ? (
                // The whole width of the row, under the seat: the removal's reason, or no removal.
                <div className="row" role="group" aria-label={t('seats.reasonTitle', { seat: s.seat })} data-testid={`remove-reason-${s.seat}`} style={{ flexBasis: '100%' }}>
                  <span>{t('seats.reasonTitle', { seat: s.seat })}</span>
                  {REASONS.map((reason) => (
                    <Button key={reason} data-testid={`remove-${reason}-${s.seat}`} variant="danger" disabled={busy} onClick={() => {
                      setAsking(null);
                      send({ type: 'remove', seat: s.seat, reason });
                    }}>
                      {t(`seats.reason.${reason}`)}
                    </Button>
                  ))}
                  <Button data-testid={`remove-cancel-${s.seat}`} variant="ghost" onClick={() => setAsking(null)}>
                    {t('seats.cancel')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

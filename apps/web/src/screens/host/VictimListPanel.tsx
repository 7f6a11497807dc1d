import type { Command, GameView } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { useState } from 'react';
import { Button, SeatGrid, type SeatInfo } from '../../ui';
import { toggleSeat } from '../decisions';
import type { Tx } from './types';
import { recordedVictimList, victimListOpen, type SetupOf } from './logic';
import { parseSeats } from '../seat';

/**
 * R-MOD victim-list: on night 1 the mafia show the host an ordered list of up to three victims; the
 * host taps them in order and records it (`victimList`). A host aid only: it never fires by itself.
 */
export function VictimListPanel({ t, view, setup, log, busy, send }: { t: Tx; view: GameView; setup: SetupOf | null; log: readonly LogItem[]; busy: boolean; send: (c: Command) => void }) {
  const [picked, setPicked] = useState<number[]>([]);
  if (!victimListOpen(view, setup)) return null;
  const recorded = recordedVictimList(log);
  const seats: SeatInfo[] = view.seats.map((s) => {
    const k = picked.indexOf(s.seat);
    return { seat: s.seat, name: s.name, state: !s.alive ? 'disabled' : k >= 0 ? 'selected' : 'alive', ...(k >= 0 ? { note: `${k + 1}` } : {}) };
  });
  const list = picked.join(', ');
  return (
    <section className="card stack" data-testid="victim-list" aria-label={t('victimList.title')}>
      <strong>{t('victimList.title')}</strong>
      <span className="muted">{t('victimList.hint')}</span>
      <SeatGrid label={t('victimList.grid')} seats={seats} testIdPrefix="victim-list-seat" onSelect={(s) => setPicked((p) => toggleSeat(p, s, 3))} />
      <span data-testid="victim-list-order" data-seats={list.replace(/ /g, '')}>
        {picked.length > 0 ? t('victimList.order', { list }) : t('victimList.orderNone')}
      </span>
      <div className="row">
        <Button data-testid="victim-list-submit" variant="primary" disabled={busy || picked.length === 0} onClick={() => send({ type: 'victimList', seats: parseSeats(picked) })}>
          {picked.length > 0 ? t('victimList.submit', { list }) : t('victimList.submitNone')}
        </Button>
        <Button data-testid="victim-list-clear" disabled={picked.length === 0} onClick={() => setPicked([])}>
          {t('victimList.clear')}
        </Button>
      </div>
      {recorded ? (
        <span data-testid="victim-list-recorded" data-seats={recorded.join(',')}>
          {t('victimList.recorded', { list: recorded.join(', ') })}
        </span>
      ) : null}
    </section>
  );
}

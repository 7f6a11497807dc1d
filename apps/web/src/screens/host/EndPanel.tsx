import type { GameView, RoleId } from '@mafia/engine';
import { useMemo } from 'react';
import type { RoomState } from '../../net/client';
import { describeEvent } from './history';
import { history } from './logic';
import type { Tx } from './types';

/** The end of the game: who won and every role. */
export function EndPanel({ t, view, roleName }: { t: Tx; view: GameView; roleName: (r: RoleId | undefined) => string }) {
  const w = view.winner;
  const label = w === null ? '' : w === 'town' || w === 'mafia' || w === 'draw' ? t(`winners.${w}`) : roleName(w as RoleId);
  return (
    <section className="card stack" aria-label={t('end.title')}>
      <strong data-testid="winner" data-winner={w ?? ''} style={{ fontSize: '1.5rem' }}>
        {t('end.winner', { winner: label })}
      </strong>
      {view.winners.length > 0 ? <span>{t('end.winners', { seats: view.winners.join(', ') })}</span> : null}
      <strong>{t('end.roles')}</strong>
      <ul data-testid="all-roles">
        {view.seats.map((s) => (
          <li key={s.seat} data-role={s.role ?? ''}>
            {s.seat}. {s.name} — {roleName(s.role)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The room's last entries, newest first, in words. */
export function HistoryPanel({ t, log }: { t: Tx; log: RoomState['log'] }) {
  const entries = useMemo(() => history(log, 8), [log]);
  const byName = (by: (typeof entries)[number]['by']) =>
    by === null ? '' : typeof by === 'number' ? t('history.by.seat', { seat: by }) : t(`history.by.${by}`);
  return (
    <section className="card stack" aria-label={t('history.title')} data-testid="history">
      <strong>{t('history.title')}</strong>
      {entries.length === 0 ? <span className="muted">{t('history.empty')}</span> : null}
      <ol reversed style={{ margin: 0, paddingLeft: 24 }}>
        {entries.map((e) => {
          const item = log.find((i) => i.seq === e.seq);
          let text = '';
          if (item?.kind === 'claim') text = t('history.claim', { seat: item.seat, name: item.name });
          else if (item?.kind === 'release') text = t('history.release', { seat: item.seat });
          else if (item?.kind === 'rename') text = t(item.held ? 'history.renameHeld' : 'history.rename', { seat: item.seat, name: item.name });
          else if (item?.kind === 'close') text = t('history.close');
          else if (item?.kind === 'timer') text = t('history.timer');
          else text = t('history.events', { by: byName(e.by), what: e.events.map((ev) => describeEvent(ev, t)).join('; ') || '—' });
          return (
            <li key={e.seq} value={e.seq}>
              {text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import type { Command, GameView } from '@mafia/engine';
import type { LogItem } from '@mafia/protocol';
import { useMemo } from 'react';
import { Button } from '../../ui';
import type { Tx } from './types';
import { widowSilenced } from './logic';
import { parseSeat } from '../seat';

/**
 * R-VOTE-11: the players the Black Widow silenced last night keep their vote unless they speak; the
 * host marks one who spoke (`silenceBroken`) and he loses his vote today. One button per such seat.
 */
export function SilencePanel({ t, view, log, busy, send }: { t: Tx; view: GameView; log: readonly LogItem[]; busy: boolean; send: (c: Command) => void }) {
  const { open, marked } = useMemo(() => widowSilenced(view, log), [view, log]);
  if (open.length === 0 && marked.length === 0) return null;
  return (
    <section className="card stack" data-testid="silence" aria-label={t('silence.title')}>
      <strong>{t('silence.title')}</strong>
      {open.length > 0 ? <span className="muted">{t('silence.hint')}</span> : null}
      {open.length > 0 ? (
        <div className="row">
          {open.map((seat) => (
            <Button key={seat} data-testid={`silence-broken-${seat}`} variant="danger" label={t('silence.brokenLabel', { seat })} disabled={busy} onClick={() => send({ type: 'silenceBroken', seat: parseSeat(seat) })}>
              {t('silence.broken', { seat })}
            </Button>
          ))}
        </div>
      ) : null}
      {marked.length > 0 ? (
        <span data-testid="silence-marked" data-seats={marked.join(',')}>
          {t('silence.marked', { seats: marked.join(', ') })}
        </span>
      ) : null}
    </section>
  );
}

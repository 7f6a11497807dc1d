import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from './api';
import { errorAt, ErrorText, errorElsewhere, useAction } from './errors';
import { formatDateTime, formatPoints } from './format';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** A penalty rule's name (seed 003) in the page's language; an unknown rule shows its id. */
export function ruleName(t: unknown, rule: string): string {
  return (t as Tx)(`rules.${rule}`, { ns: 'club', defaultValue: rule });
}

/**
 * Why the points were taken, in the page's language, from the rule and the numbers the server
 * kept with it (`params`); the server's English `reason` only for a rule this page does not know.
 */
export function reasonText(t: unknown, e: Pick<LedgerEntry, 'rule' | 'reason' | 'params'>): string {
  const tx = t as Tx;
  const p = e.params ?? {};
  switch (e.rule) {
    case 'late':
      return typeof p.minutes === 'number' ? tx('reasons.late', { ns: 'club', count: p.minutes }) : ruleName(t, e.rule);
    case 'left-early':
      return typeof p.unplayed === 'number' ? tx('reasons.left-early', { ns: 'club', played: p.played, planned: p.planned, count: p.unplayed }) : ruleName(t, e.rule);
    case 'late-decline':
      return typeof p.hours === 'number'
        ? tx(p.withdrawn ? 'reasons.late-decline-withdrawn' : 'reasons.late-decline', { ns: 'club', time: hoursAndMinutes(t, p.hours, typeof p.minutes === 'number' ? p.minutes : 0) })
        : ruleName(t, e.rule);
    default:
      return e.reason;
  }
}

/**
 * A time before the evening in words, «1 час 59 минут» (issue 24 point 5: not «1 час» for 1 h 59 min);
 * whole hours alone, minutes alone under an hour. Entries from before minutes were kept give hours.
 */
export function hoursAndMinutes(t: unknown, hours: number, minutes: number): string {
  const tx = t as Tx;
  const parts: string[] = [];
  if (hours > 0) parts.push(tx('duration.hours', { ns: 'club', count: hours }));
  if (minutes > 0 || hours === 0) parts.push(tx('duration.minutes', { ns: 'club', count: minutes }));
  return parts.join(' ');
}

/**
 * Rating-points ledger entries: rule, points, who, the reason recorded; a cancelled one struck
 * through with its note (the ledger keeps both). An admin may cancel one with a note.
 */
export function Ledger({ entries, admin, onChanged, showWho = true }: {
  readonly entries: readonly LedgerEntry[];
  readonly admin: boolean;
  readonly onChanged?: () => void;
  readonly showWho?: boolean;
}) {
  const { t, i18n } = useTranslation('club');
  if (entries.length === 0) return <p className="muted">{t('ledger.empty')}</p>;
  return (
    <ul className="club-list" aria-label={t('ledger.title')}>
      {entries.map((e) => (
        <li key={e.id} data-testid={`ledger-${e.id}`} data-cancelled={e.cancelledAt ? 'true' : 'false'}>
          <div className={e.cancelledAt ? 'club-struck' : undefined}>
            <span className="club-points">{formatPoints(e.points, i18n.language)}</span> · {ruleName(t, e.rule)}
            {showWho && <> · {e.nickname ?? '—'}</>}
          </div>
          <div className="muted" style={{ fontSize: '0.85rem' }}>
            {formatDateTime(e.createdAt, i18n.language)} · {reasonText(t, e)}
          </div>
          {e.cancelledAt ? (
            <div className="muted">
              {t('ledger.cancelled', { note: e.cancelNote ?? '' })}
            </div>
          ) : (
            admin && <CancelEntry entry={e} onDone={onChanged} />
          )}
        </li>
      ))}
    </ul>
  );
}

function CancelEntry({ entry, onDone }: { readonly entry: LedgerEntry; readonly onDone?: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const [note, setNote] = useState('');
  const act = useAction();
  const id = `cancel-note-${entry.id}`;
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const ok = await act.run(() => api.cancelEntry(entry.id, note.trim()));
    if (ok) onDone?.();
  };
  return (
    <form className="row" onSubmit={submit} style={{ marginTop: 8 }}>
      <label htmlFor={id} className="visually-hidden">
        {t('ledger.note', { nickname: entry.nickname ?? '—' })}
      </label>
      <input id={id} className="input" style={{ flex: '1 1 140px', minWidth: 0 }} value={note} maxLength={500} required placeholder={t('ledger.notePlaceholder')} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" variant="danger" disabled={act.busy || note.trim() === ''}>
        {t('ledger.cancel')}
      </Button>
      <ErrorText error={errorAt(act.error, 'note') ?? errorElsewhere(act.error, ['note'])} />
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { stepKey } from './compile';
import type { DayDraft, NominationDraft, SheetDraft } from './draft';
import { FieldNote } from './FieldNote';
import { SeatPick, SeatsText } from './SeatPick';

interface Props {
  readonly sheet: SheetDraft;
  readonly i: number;
  readonly day: DayDraft;
  readonly onChange: (d: DayDraft) => void;
}

/** The candidates of a day, in the order they were put up. */
export function candidates(day: DayDraft): string[] {
  return [...new Set(day.nominations.map((x) => x.target).filter((x) => /^\d+$/.test(x)))];
}

/** A day: the best move, nominations in order, votes per candidate, the re-vote and the lift vote, fouls and removals. */
export function Day({ sheet, i, day, onChange }: Props) {
  const { t } = useTranslation('club');
  const n = sheet.seats.length;
  const setNom = (k: number, x: NominationDraft) => onChange({ ...day, nominations: day.nominations.map((y, j) => (j === k ? x : y)) });
  const cands = candidates(day);
  const ballots = (which: 'votes' | 'revote', label: string) => (
    <div className="stack" style={{ gap: 4 }}>
      <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
        {cands.map((c) => (
          <SeatsText key={c} label={t(label as 'paper.votesFor', { seat: c })} value={day[which]?.[c] ?? ''} field={stepKey(i, which)} onChange={(v) => onChange({ ...day, [which]: { ...day[which], [c]: v } })} />
        ))}
      </div>
      <FieldNote field={stepKey(i, which)} />
    </div>
  );
  return (
    <fieldset className="card stack" style={{ gap: 8 }} data-testid={`paper-day-${day.n}`}>
      <legend>{t('paper.day', { n: day.n })}</legend>
      {day.n === 1 && (
        <>
          <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
            <SeatPick label={t('paper.bestMoveBy')} value={day.bestMoveBy} seats={n} field={stepKey(i, 'bestMove')} onChange={(v) => onChange({ ...day, bestMoveBy: v })} />
            <SeatsText label={t('paper.bestMove')} value={day.bestMove} field={stepKey(i, 'bestMove')} onChange={(v) => onChange({ ...day, bestMove: v })} />
          </div>
          <FieldNote field={stepKey(i, 'bestMove')} />
        </>
      )}
      <h4 style={{ margin: 0 }}>{t('paper.nominations')}</h4>
      {day.nominations.map((x, k) => (
        <div key={k} className="stack" style={{ gap: 4 }}>
          <div className="row" style={{ gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <SeatPick label={t('paper.nominatedBy', { k: k + 1 })} value={x.by} seats={n} field={stepKey(i, `nom.${k}`)} onChange={(v) => setNom(k, { ...x, by: v })} />
            <SeatPick label={t('paper.nominee', { k: k + 1 })} value={x.target} seats={n} field={stepKey(i, `nom.${k}`)} onChange={(v) => setNom(k, { ...x, target: v })} />
            <button type="button" className="btn" onClick={() => onChange({ ...day, nominations: day.nominations.filter((_, j) => j !== k) })}>
              {t('paper.removeRow')}
            </button>
          </div>
          <FieldNote field={stepKey(i, `nom.${k}`)} />
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange({ ...day, nominations: [...day.nominations, { by: '', target: '' }] })}>
        {t('paper.addNomination')}
      </button>
      <FieldNote field={stepKey(i, 'nominations')} />
      {cands.length > 1 && ballots('votes', 'paper.votesFor')}
      {cands.length > 1 && (
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={day.revote !== null} onChange={(e) => onChange({ ...day, revote: e.target.checked ? {} : null })} />
          {t('paper.revote')}
        </label>
      )}
      {day.revote !== null && ballots('revote', 'paper.revoteFor')}
      {cands.length > 1 && (
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={day.lift !== null} onChange={(e) => onChange({ ...day, lift: e.target.checked ? '' : null })} />
          {t('paper.liftVote')}
        </label>
      )}
      {day.lift !== null && <SeatsText label={t('paper.liftFor')} value={day.lift} field={stepKey(i, 'lift')} onChange={(v) => onChange({ ...day, lift: v })} />}
      <FieldNote field={stepKey(i, 'lift')} />
      <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
        <SeatsText label={t('paper.fouls')} value={day.fouls} field={stepKey(i, 'fouls')} onChange={(v) => onChange({ ...day, fouls: v })} />
        <SeatsText label={t('paper.removed')} value={day.removed} field={stepKey(i, 'removed')} onChange={(v) => onChange({ ...day, removed: v })} />
      </div>
      <FieldNote field={stepKey(i, 'fouls')} />
      <FieldNote field={stepKey(i, 'removed')} />
      <FieldNote field={stepKey(i)} />
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { stepKey } from './compile';
import type { DayDraft } from './draft';
import { FieldNote } from './FieldNote';
import { SeatPick, SeatsText } from './SeatPick';

interface Props {
  readonly i: number;
  readonly seats: number;
  readonly day: DayDraft;
  /** The preset's voting: the lift vote is sequential voting's; the circle, circular voting's. */
  readonly voting: string;
  /** The day's nominees, in the order they were put up. */
  readonly cands: readonly string[];
  readonly onChange: (d: DayDraft) => void;
}

/**
 * The day's vote: votes per nominee, then as many re-vote rounds as the rules hold (a tie → tie
 * speeches → re-vote, R-VOTE-6; repeated while the tie narrows, R-SPORT-5), then the vote to lift all.
 */
export function Votes({ i, seats, day, cands, voting, onChange }: Props) {
  const { t } = useTranslation('club');
  const setRound = (k: number, c: string, v: string) => onChange({ ...day, revotes: day.revotes.map((r, j) => (j === k ? { ...r, [c]: v } : r)) });
  const row = (field: string, label: (c: string) => string, value: (c: string) => string, set: (c: string, v: string) => void, short?: (c: string) => string) => (
    <div className="stack" style={{ gap: 4 }}>
      <div className="paper-row">
        {cands.map((c) => (
          <SeatsText key={c} narrow label={label(c)} short={short?.(c)} value={value(c)} field={field} onChange={(v) => set(c, v)} />
        ))}
      </div>
      <FieldNote field={field} />
    </div>
  );
  const circle = day.circle ?? { from: '', dir: 'up' as const };
  return (
    <>
      {voting === 'circular' && (
        <>
          <div className="paper-row">
            <SeatPick label={t('paper.circleFrom')} value={circle.from} seats={seats} field={stepKey(i, 'circle')} onChange={(v) => onChange({ ...day, circle: { ...circle, from: v } })} />
            <label className="field" style={{ flex: '2 1 10rem' }}>
              <span>{t('paper.circleDir')}</span>
              <select className="input" value={circle.dir} onChange={(e) => onChange({ ...day, circle: { ...circle, dir: e.target.value === 'down' ? 'down' : 'up' } })}>
                <option value="up">{t('paper.circleUp')}</option>
                <option value="down">{t('paper.circleDown')}</option>
              </select>
            </label>
          </div>
          <FieldNote field={stepKey(i, 'circle')} />
        </>
      )}
      {row(stepKey(i, 'votes'), (c) => t('paper.votesFor', { seat: c }), (c) => day.votes[c] ?? '', (c, v) => onChange({ ...day, votes: { ...day.votes, [c]: v } }))}
      {day.revotes.map((r, k) => (
        <div key={k} className="stack" style={{ gap: 4 }} data-testid={`paper-revote-${k + 1}`}>
          <div className="row" style={{ gap: 8, justifyContent: 'space-between', alignItems: 'center' }}>
            <h4>{t('paper.revoteRound', { k: k + 1 })}</h4>
            {k === day.revotes.length - 1 && (
              <button type="button" className="btn paper-x" aria-label={t('paper.removeRevote', { k: k + 1 })} onClick={() => onChange({ ...day, revotes: day.revotes.slice(0, -1) })}>
                ✕
              </button>
            )}
          </div>
          {row(stepKey(i, `revote.${k}`), (c) => t('paper.revoteFor', { k: k + 1, seat: c }), (c) => r[c] ?? '', (c, v) => setRound(k, c, v), (c) => t('paper.forSeat', { seat: c }))}
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange({ ...day, revotes: [...day.revotes, {}] })}>
        {t('paper.addRevote')}
      </button>
      <FieldNote field={stepKey(i, 'revote')} />
      {(voting === 'sequential' || day.lift !== null) && (
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={day.lift !== null} onChange={(e) => onChange({ ...day, lift: e.target.checked ? '' : null })} />
          {t('paper.liftVote')}
        </label>
      )}
      {day.lift !== null && <SeatsText label={t('paper.liftFor')} value={day.lift} field={stepKey(i, 'lift')} onChange={(v) => onChange({ ...day, lift: v })} />}
      <FieldNote field={stepKey(i, 'lift')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { stepKey } from './compile';
import type { DayDraft, NominationDraft, SheetDraft } from './draft';
import { FieldNote } from './FieldNote';
import { Morning } from './Morning';
import { Penalties } from './Penalties';
import { SeatPick } from './SeatPick';
import { Votes } from './Votes';

/** What the form shows of a day besides nominations and votes (decided by the preset and the nights before). */
export interface DayShow {
  readonly emergency: boolean;
  readonly bestMove: boolean;
  readonly blood: boolean;
  readonly fiim: boolean;
  readonly techFouls: boolean;
  /** The preset's voting: `sequential` (nominees, R-VOTE-3), `two-stage` (R-VOTE-7) or `circular` (R-VOTE-8). */
  readonly voting: string;
  /** The seats in the game when the day starts (every one a candidate where nobody is nominated). */
  readonly alive: readonly number[];
}

interface Props {
  readonly sheet: SheetDraft;
  readonly i: number;
  readonly day: DayDraft;
  readonly show: DayShow;
  readonly onChange: (d: DayDraft) => void;
}

/** The candidates of a day, in the order they were put up. */
export function candidates(day: DayDraft): string[] {
  return [...new Set(day.nominations.map((x) => x.target).filter((x) => /^\d+$/.test(x)))];
}

/**
 * A day: the morning's best move and names in blood, nominations in order, votes per candidate, the
 * re-vote rounds and the lift vote, fouls and removals (and the referee's entries in `fiim`). A day
 * with no nominations, or whose vote a removal cancelled, simply has no votes.
 */
export function Day({ sheet, i, day, show, onChange }: Props) {
  const { t } = useTranslation('club');
  const n = sheet.seats.length;
  const setNom = (k: number, x: NominationDraft) => onChange({ ...day, nominations: day.nominations.map((y, j) => (j === k ? x : y)) });
  const sequential = show.voting === 'sequential';
  const noms = sequential || day.nominations.length > 0;
  // Two-stage and circular votes have no nominees: every player in the game may get votes.
  const cands = sequential ? candidates(day) : show.alive.map(String);
  return (
    <fieldset className="card stack paper-step" style={{ gap: 8 }} data-testid={`paper-day-${day.n}`}>
      <legend>{show.emergency ? t('paper.emergencyDay', { n: day.n }) : t('paper.day', { n: day.n })}</legend>
      {show.emergency && <p className="muted" style={{ margin: 0 }}>{t('paper.emergencyNote')}</p>}
      <Morning i={i} seats={n} day={day} onChange={onChange} bestMove={show.bestMove} blood={show.blood} />
      {noms && <h4>{t('paper.nominations')}</h4>}
      {noms && day.nominations.map((x, k) => (
        <div key={k} className="stack" style={{ gap: 4 }}>
          <div className="paper-row">
            <SeatPick label={t('paper.nominatedBy', { k: k + 1 })} value={x.by} seats={n} field={stepKey(i, `nom.${k}`)} onChange={(v) => setNom(k, { ...x, by: v })} />
            <SeatPick label={t('paper.nominee', { k: k + 1 })} value={x.target} seats={n} field={stepKey(i, `nom.${k}`)} onChange={(v) => setNom(k, { ...x, target: v })} />
            <button type="button" className="btn paper-x" aria-label={t('paper.removeRow')} onClick={() => onChange({ ...day, nominations: day.nominations.filter((_, j) => j !== k) })}>
              ✕
            </button>
          </div>
          <FieldNote field={stepKey(i, `nom.${k}`)} />
        </div>
      ))}
      {noms && (
        <button type="button" className="btn" onClick={() => onChange({ ...day, nominations: [...day.nominations, { by: '', target: '' }] })}>
          {t('paper.addNomination')}
        </button>
      )}
      <FieldNote field={stepKey(i, 'nominations')} />
      {sequential && cands.length === 0 && <p className="muted" style={{ margin: 0 }}>{t('paper.noNominations')}</p>}
      {cands.length > (sequential ? 1 : 0) && <Votes i={i} seats={n} day={day} cands={cands} voting={show.voting} onChange={onChange} />}
      <Penalties i={i} seats={n} value={day} onChange={(v) => onChange({ ...day, ...v })} isDay fiim={show.fiim} techFouls={show.techFouls} />
      <FieldNote field={stepKey(i)} />
    </fieldset>
  );
}

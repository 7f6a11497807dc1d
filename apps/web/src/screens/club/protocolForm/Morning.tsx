import { useTranslation } from 'react-i18next';
import { stepKey } from './compile';
import type { BloodDraft, DayDraft } from './draft';
import { FieldNote } from './FieldNote';
import { SeatPick, SeatsText } from './SeatPick';

interface Props {
  readonly i: number;
  readonly seats: number;
  readonly day: DayDraft;
  readonly onChange: (d: DayDraft) => void;
  /** Show the best move (R-SPORT-3, R-FIIM-4): the first night victim's three seats. */
  readonly bestMove: boolean;
  /** Show the names written in blood (the `name-in-blood` modification). */
  readonly blood: boolean;
}

/** The morning's entries of a day: the night victim's best move and the names written in blood. */
export function Morning({ i, seats, day, onChange, bestMove, blood }: Props) {
  const { t } = useTranslation('club');
  const rows = day.blood ?? [];
  const setRow = (k: number, b: BloodDraft) => onChange({ ...day, blood: rows.map((x, j) => (j === k ? b : x)) });
  return (
    <>
      {bestMove && (
        <>
          <div className="paper-row">
            <SeatPick label={t('paper.bestMoveBy')} value={day.bestMoveBy} seats={seats} field={stepKey(i, 'bestMove')} onChange={(v) => onChange({ ...day, bestMoveBy: v })} />
            <SeatsText label={t('paper.bestMove')} value={day.bestMove} field={stepKey(i, 'bestMove')} onChange={(v) => onChange({ ...day, bestMove: v })} />
          </div>
          <FieldNote field={stepKey(i, 'bestMove')} />
        </>
      )}
      {blood && (
        <>
          <h4>{t('paper.blood')}</h4>
          {rows.map((b, k) => (
            <div key={k} className="stack" style={{ gap: 4 }}>
              <div className="paper-row">
                <SeatPick label={t('paper.bloodVictim', { k: k + 1 })} value={b.victim} seats={seats} field={stepKey(i, `blood.${k}`)} onChange={(v) => setRow(k, { ...b, victim: v })} />
                <SeatPick label={t('paper.bloodSuspect', { k: k + 1 })} value={b.suspect} seats={seats} field={stepKey(i, `blood.${k}`)} onChange={(v) => setRow(k, { ...b, suspect: v })} />
                <button type="button" className="btn paper-x" aria-label={t('paper.removeRow')} onClick={() => onChange({ ...day, blood: rows.filter((_, j) => j !== k) })}>
                  ✕
                </button>
              </div>
              <FieldNote field={stepKey(i, `blood.${k}`)} />
            </div>
          ))}
          <button type="button" className="btn" onClick={() => onChange({ ...day, blood: [...rows, { victim: '', suspect: '' }] })}>
            {t('paper.addBlood')}
          </button>
          <FieldNote field={stepKey(i, 'blood')} />
        </>
      )}
    </>
  );
}

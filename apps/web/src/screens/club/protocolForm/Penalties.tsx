import { useTranslation } from 'react-i18next';
import { stepKey } from './compile';
import { emptyFiim, type FiimDraft } from './draft';
import { FieldNote, useFieldProps } from './FieldNote';
import { SeatPick, SeatsText } from './SeatPick';

/** The penalty parts of a night or a day. */
export interface PenaltyParts {
  readonly fouls?: string;
  readonly removed?: string;
  readonly fiim?: FiimDraft;
}

interface Props {
  readonly i: number;
  readonly seats: number;
  readonly value: PenaltyParts;
  readonly onChange: (v: PenaltyParts) => void;
  readonly isDay: boolean;
  /** The tournament fields of `fiim` (R-FIIM-11…16); technical fouls only with the option `techFouls`. */
  readonly fiim: boolean;
  readonly techFouls: boolean;
}

/**
 * Fouls and removals of a step and, in a `fiim` game, the referee's entries: technical fouls, who
 * left the table, a team defeat, extra points, and on a day the fouls and removals after the vote.
 */
export function Penalties({ i, seats, value, onChange, isDay, fiim, techFouls }: Props) {
  const { t } = useTranslation('club');
  const f = value.fiim ?? emptyFiim();
  const setF = (x: Partial<FiimDraft>) => onChange({ ...value, fiim: { ...f, ...x } });
  const text = (part: keyof FiimDraft, label: string) => (
    <SeatsText label={label} value={f[part]} field={stepKey(i, part)} onChange={(v) => setF({ [part]: v })} />
  );
  const notes = (parts: readonly string[]) => parts.map((p) => <FieldNote key={p} field={stepKey(i, p)} />);
  return (
    <div className="stack" style={{ gap: 4 }} data-testid={`paper-penalties-${i}`}>
      <div className="paper-row">
        <SeatsText label={t('paper.fouls')} value={value.fouls ?? ''} field={stepKey(i, 'fouls')} onChange={(v) => onChange({ ...value, fouls: v })} />
        <SeatsText label={fiim ? t('paper.disqualified') : t('paper.removed')} value={value.removed ?? ''} field={stepKey(i, 'removed')} onChange={(v) => onChange({ ...value, removed: v })} />
        {fiim && text('left', t('paper.left'))}
        {fiim && techFouls && text('techFouls', t('paper.techFouls'))}
      </div>
      {notes(['fouls', 'removed', 'left', 'techFouls'])}
      {fiim && isDay && (
        <>
          <div className="paper-row">
            {text('foulsAfter', t('paper.foulsAfter'))}
            {text('removedAfter', t('paper.removedAfter'))}
          </div>
          {notes(['foulsAfter', 'removedAfter'])}
        </>
      )}
      {fiim && (
        <>
          <div className="paper-row">
            <SeatPick label={t('paper.teamDefeat')} value={f.teamDefeat} seats={seats} field={stepKey(i, 'teamDefeat')} onChange={(v) => setF({ teamDefeat: v })} />
            <label className="field" style={{ flex: '1 1 10rem' }}>
              <span>{t('paper.extraPoints')}</span>
              <ExtraPoints i={i} value={f.extraPoints} onChange={(v) => setF({ extraPoints: v })} />
            </label>
          </div>
          {notes(['teamDefeat', 'extraPoints'])}
        </>
      )}
    </div>
  );
}

function ExtraPoints({ i, value, onChange }: { readonly i: number; readonly value: string; readonly onChange: (v: string) => void }) {
  const { t } = useTranslation('club');
  return <input className="input" value={value} placeholder={t('paper.extraPointsHint')} onChange={(e) => onChange(e.target.value)} {...useFieldProps(stepKey(i, 'extraPoints'))} />;
}

import { useTranslation } from 'react-i18next';
import { MISS } from './draft';
import { useFieldProps } from './FieldNote';

interface Props {
  readonly label: string;
  readonly value: string;
  readonly seats: number;
  readonly field: string;
  readonly onChange: (v: string) => void;
  /** Offer «Промах» (the mafia's shot). */
  readonly miss?: boolean;
}

/** A seat picked from 1–N ('' = not written). */
export function SeatPick({ label, value, seats, field, onChange, miss }: Props) {
  const { t } = useTranslation('club');
  const props = useFieldProps(field);
  return (
    <label className="field" style={{ flex: '1 1 6rem' }}>
      <span>{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)} {...props}>
        <option value="">—</option>
        {miss && <option value={MISS}>{t('paper.miss')}</option>}
        {Array.from({ length: seats }, (_, k) => (
          <option key={k} value={String(k + 1)}>
            {k + 1}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Seat numbers written as on paper («3 5 7»); `short`: the label shown, `label` then names the field
 * for screen readers; `narrow`: three to a row on a phone (a vote's ballots).
 */
export function SeatsText({ label, short, narrow, value, field, onChange }: { readonly label: string; readonly short?: string; readonly narrow?: boolean; readonly value: string; readonly field: string; readonly onChange: (v: string) => void }) {
  const props = useFieldProps(field);
  return (
    <label className="field" style={{ flex: narrow ? '1 1 5.5rem' : '1 1 7rem' }}>
      <span>{short ?? label}</span>
      <input className="input" inputMode="numeric" value={value} onChange={(e) => onChange(e.target.value)} {...(short ? { 'aria-label': label } : {})} {...props} />
    </label>
  );
}

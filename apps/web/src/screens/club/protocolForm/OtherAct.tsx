import { useTranslation } from 'react-i18next';
import { otherActs, stepKey, TWO_TARGETS } from './compile';
import type { ActDraft, SheetDraft } from './draft';
import { FieldNote, useFieldProps } from './FieldNote';
import { SeatPick } from './SeatPick';

interface Props {
  readonly sheet: SheetDraft;
  readonly i: number;
  readonly j: number;
  readonly act: ActDraft;
  /** Seats whose roles have acts of their own. */
  readonly actors: readonly number[];
  /** The roles of the preset (a guess names one of them). */
  readonly roles: readonly string[];
  readonly onChange: (a: ActDraft) => void;
  readonly onRemove: () => void;
}

/** Another role's night act: who, which ability, on whom (and whom else; and the role a guess names). */
export function OtherAct({ sheet, i, j, act: o, actors, roles, onChange, onRemove }: Props) {
  const { t } = useTranslation('club');
  const n = sheet.seats.length;
  const field = stepKey(i, `other.${j}`);
  const props = useFieldProps(field);
  return (
    <div className="stack" style={{ gap: 4 }}>
      <div className="paper-row">
        <label className="field" style={{ flex: '1 1 12rem' }}>
          <span>{t('paper.actBy')}</span>
          <select className="input" value={o.by} onChange={(e) => onChange({ ...o, by: e.target.value, act: otherActs(sheet.preset, sheet.seats[Number(e.target.value) - 1]?.role ?? '')[0] ?? '' })}>
            <option value="">—</option>
            {actors.map((s) => (
              <option key={s} value={String(s)}>
                {`${s} · ${t(`roles.${sheet.seats[s - 1]!.role}` as 'roles.don', { ns: 'common' })}`}
              </option>
            ))}
          </select>
        </label>
        <label className="field" style={{ flex: '1 1 12rem' }}>
          <span>{t('paper.act')}</span>
          <select className="input" value={o.act} onChange={(e) => onChange({ ...o, act: e.target.value })}>
            {otherActs(sheet.preset, sheet.seats[Number(o.by) - 1]?.role ?? '').map((a) => (
              <option key={a} value={a}>
                {t(`paper.acts.${a}` as 'paper.acts.heal', { defaultValue: a })}
              </option>
            ))}
          </select>
        </label>
        <SeatPick label={t('paper.target')} value={o.target} seats={n} field={field} onChange={(v) => onChange({ ...o, target: v })} />
        {TWO_TARGETS.includes(o.act) && <SeatPick label={t('paper.target2')} value={o.target2} seats={n} field={field} onChange={(v) => onChange({ ...o, target2: v })} />}
        {o.act === 'guess' && (
          <label className="field" style={{ flex: '1 1 8rem' }}>
            <span>{t('paper.guessRole')}</span>
            <select className="input" value={o.role ?? ''} onChange={(e) => onChange({ ...o, role: e.target.value })} {...props}>
              <option value="">—</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}` as 'roles.don', { ns: 'common', defaultValue: r })}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="btn paper-x" aria-label={t('paper.removeRow')} onClick={onRemove}>
          ✕
        </button>
      </div>
      <FieldNote field={field} />
    </div>
  );
}

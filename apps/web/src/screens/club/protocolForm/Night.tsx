import { useTranslation } from 'react-i18next';
import { checks, CHECKERS, otherActs, stepKey, TWO_TARGETS } from './compile';
import type { ActDraft, NightDraft, SheetDraft } from './draft';
import { FieldNote } from './FieldNote';
import { SeatPick } from './SeatPick';

interface Props {
  readonly sheet: SheetDraft;
  readonly i: number;
  readonly night: NightDraft;
  readonly onChange: (n: NightDraft) => void;
}

/** A night: the mafia's shot (or a miss), the Don's and the Commissar's checks, and the other roles' acts. */
export function Night({ sheet, i, night, onChange }: Props) {
  const { t } = useTranslation('club');
  const n = sheet.seats.length;
  const has = (roles: readonly string[]) => sheet.seats.some((s) => roles.includes(s.role) && checks(sheet.preset, s.role));
  const actors = sheet.seats.flatMap((s, k) => (otherActs(sheet.preset, s.role).length > 0 ? [k + 1] : []));
  const setOther = (j: number, o: ActDraft) => onChange({ ...night, others: night.others.map((x, k) => (k === j ? o : x)) });
  return (
    <fieldset className="card stack" style={{ gap: 8 }} data-testid={`paper-night-${night.n}`}>
      <legend>{t('paper.night', { n: night.n })}</legend>
      <div className="row" style={{ gap: 8, flexWrap: 'wrap' }}>
        <SeatPick label={t('paper.shot')} value={night.shot} seats={n} field={stepKey(i, 'shot')} miss onChange={(v) => onChange({ ...night, shot: v })} />
        {has(['don']) && <SeatPick label={t('paper.donCheck')} value={night.don} seats={n} field={stepKey(i, 'don')} onChange={(v) => onChange({ ...night, don: v })} />}
        {has(CHECKERS) && <SeatPick label={t('paper.commissarCheck')} value={night.commissar} seats={n} field={stepKey(i, 'commissar')} onChange={(v) => onChange({ ...night, commissar: v })} />}
      </div>
      <FieldNote field={stepKey(i, 'shot')} />
      <FieldNote field={stepKey(i, 'don')} />
      <FieldNote field={stepKey(i, 'commissar')} />
      {night.others.map((o, j) => (
        <div key={j} className="stack" style={{ gap: 4 }}>
          <div className="row" style={{ gap: 8, flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <label className="field" style={{ flex: '1 1 8rem' }}>
              <span>{t('paper.actBy')}</span>
              <select className="input" value={o.by} onChange={(e) => setOther(j, { ...o, by: e.target.value, act: otherActs(sheet.preset, sheet.seats[Number(e.target.value) - 1]?.role ?? '')[0] ?? '' })}>
                <option value="">—</option>
                {actors.map((s) => (
                  <option key={s} value={String(s)}>
                    {`${s} · ${t(`roles.${sheet.seats[s - 1]!.role}` as 'roles.don', { ns: 'common' })}`}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" style={{ flex: '1 1 8rem' }}>
              <span>{t('paper.act')}</span>
              <select className="input" value={o.act} onChange={(e) => setOther(j, { ...o, act: e.target.value })}>
                {otherActs(sheet.preset, sheet.seats[Number(o.by) - 1]?.role ?? '').map((a) => (
                  <option key={a} value={a}>
                    {t(`paper.acts.${a}` as 'paper.acts.heal', { defaultValue: a })}
                  </option>
                ))}
              </select>
            </label>
            <SeatPick label={t('paper.target')} value={o.target} seats={n} field={stepKey(i, `other.${j}`)} onChange={(v) => setOther(j, { ...o, target: v })} />
            {TWO_TARGETS.includes(o.act) && <SeatPick label={t('paper.target2')} value={o.target2} seats={n} field={stepKey(i, `other.${j}`)} onChange={(v) => setOther(j, { ...o, target2: v })} />}
            <button type="button" className="btn" onClick={() => onChange({ ...night, others: night.others.filter((_, k) => k !== j) })}>
              {t('paper.removeRow')}
            </button>
          </div>
          <FieldNote field={stepKey(i, `other.${j}`)} />
        </div>
      ))}
      {actors.length > 0 && (
        <button type="button" className="btn" onClick={() => onChange({ ...night, others: [...night.others, { by: '', act: '', target: '', target2: '' }] })}>
          {t('paper.addAct')}
        </button>
      )}
      <FieldNote field={stepKey(i)} />
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { checks, CHECKERS, otherActs, stepKey } from './compile';
import type { ActDraft, NightDraft, SheetDraft } from './draft';
import { FieldNote } from './FieldNote';
import { OtherAct } from './OtherAct';
import { Penalties } from './Penalties';
import { SeatPick } from './SeatPick';

interface Props {
  readonly sheet: SheetDraft;
  readonly i: number;
  readonly night: NightDraft;
  readonly roles: readonly string[];
  /** `fiim`: fouls, removals and the referee's entries given during the night (R-FIIM-11, R-FIIM-12). */
  readonly fiim: boolean;
  readonly techFouls: boolean;
  readonly onChange: (n: NightDraft) => void;
}

/** A night: the mafia's shot (or a miss), the Don's and the Commissar's checks, and the other roles' acts. */
export function Night({ sheet, i, night, roles, fiim, techFouls, onChange }: Props) {
  const { t } = useTranslation('club');
  const n = sheet.seats.length;
  const has = (rs: readonly string[]) => sheet.seats.some((s) => rs.includes(s.role) && checks(sheet.preset, s.role));
  const actors = sheet.seats.flatMap((s, k) => (otherActs(sheet.preset, s.role).length > 0 ? [k + 1] : []));
  const setOther = (j: number, o: ActDraft) => onChange({ ...night, others: night.others.map((x, k) => (k === j ? o : x)) });
  return (
    <fieldset className="card stack paper-step" style={{ gap: 8 }} data-testid={`paper-night-${night.n}`}>
      <legend>{t('paper.night', { n: night.n })}</legend>
      <div className="paper-row">
        <SeatPick label={t('paper.shot')} value={night.shot} seats={n} field={stepKey(i, 'shot')} miss onChange={(v) => onChange({ ...night, shot: v })} />
        {has(['don']) && <SeatPick label={t('paper.donCheck')} value={night.don} seats={n} field={stepKey(i, 'don')} onChange={(v) => onChange({ ...night, don: v })} />}
        {has(CHECKERS) && <SeatPick label={t('paper.commissarCheck')} value={night.commissar} seats={n} field={stepKey(i, 'commissar')} onChange={(v) => onChange({ ...night, commissar: v })} />}
      </div>
      <FieldNote field={stepKey(i, 'shot')} />
      <FieldNote field={stepKey(i, 'don')} />
      <FieldNote field={stepKey(i, 'commissar')} />
      {night.others.map((o, j) => (
        <OtherAct key={j} sheet={sheet} i={i} j={j} act={o} actors={actors} roles={roles} onChange={(x) => setOther(j, x)} onRemove={() => onChange({ ...night, others: night.others.filter((_, k) => k !== j) })} />
      ))}
      {actors.length > 0 && (
        <button type="button" className="btn" onClick={() => onChange({ ...night, others: [...night.others, { by: '', act: '', target: '', target2: '' }] })}>
          {t('paper.addAct')}
        </button>
      )}
      {fiim && <Penalties i={i} seats={n} value={night} onChange={(v) => onChange({ ...night, ...v })} isDay={false} fiim techFouls={techFouls} />}
      <FieldNote field={stepKey(i)} />
    </fieldset>
  );
}

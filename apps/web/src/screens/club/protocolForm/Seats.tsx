import { useTranslation } from 'react-i18next';
import { withSeat, type SheetDraft } from './draft';
import { FieldNote, useFieldProps } from './FieldNote';

interface Props {
  readonly sheet: SheetDraft;
  readonly onChange: (sheet: SheetDraft) => void;
  readonly members: readonly string[];
  readonly roles: readonly string[];
}

/** The seats 1–N: the player (a member picked by nickname, or a guest typed by name) and his role. */
export function Seats({ sheet, onChange, members, roles }: Props) {
  const { t } = useTranslation('club');
  return (
    <fieldset className="stack" style={{ gap: 8 }}>
      <legend className="club-h">{t('paper.seats')}</legend>
      <datalist id="paper-members">
        {members.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {sheet.seats.map((_, k) => (
        <SeatRow key={k} k={k} sheet={sheet} onChange={onChange} roles={roles} />
      ))}
      <FieldNote field="seats" />
    </fieldset>
  );
}

function SeatRow({ k, sheet, onChange, roles }: { readonly k: number; readonly sheet: SheetDraft; readonly onChange: (s: SheetDraft) => void; readonly roles: readonly string[] }) {
  const { t } = useTranslation('club');
  const s = sheet.seats[k]!;
  const nameProps = useFieldProps(`seat.${k}.name`);
  const roleProps = useFieldProps(`seat.${k}.role`);
  const seat = k + 1;
  return (
    <div className="stack" style={{ gap: 4 }} data-testid={`paper-seat-${seat}`}>
      <div className="row" style={{ gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <strong style={{ minWidth: 24 }}>{seat}</strong>
        <input
          className="input"
          style={{ flex: '1 1 10rem' }}
          list={s.guest ? undefined : 'paper-members'}
          aria-label={t('paper.name', { seat })}
          value={s.name}
          onChange={(e) => onChange(withSeat(sheet, k, { ...s, name: e.target.value }))}
          {...nameProps}
        />
        <label className="row" style={{ gap: 4 }}>
          <input type="checkbox" checked={s.guest} onChange={(e) => onChange(withSeat(sheet, k, { ...s, guest: e.target.checked }))} aria-label={t('paper.guestOf', { seat })} />
          {t('paper.guest')}
        </label>
        <select className="input" style={{ flex: '1 1 12rem' }} aria-label={t('paper.role', { seat })} value={s.role} onChange={(e) => onChange(withSeat(sheet, k, { ...s, role: e.target.value }))} {...roleProps}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}` as 'roles.don', { ns: 'common', defaultValue: r })}
            </option>
          ))}
        </select>
      </div>
      <FieldNote field={`seat.${k}.name`} />
      <FieldNote field={`seat.${k}.role`} />
    </div>
  );
}

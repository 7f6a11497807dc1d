import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EveningPage, EveningEdit } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { fromLocalInput, toLocalInput } from '../common/format';
import { ReasonForm } from './ReasonForm';

const FIELDS = ['startsAt', 'answerBy', 'place', 'capacity', 'weight', 'gamesPlanned'] as const;

/**
 * The evening page's corrections (admins): «Изменить вечер» (only what differs is sent) and
 * «Отменить вечер»; a cancelled evening says so (to everybody) and offers an admin «Вернуть вечер»
 * before its start (the invitations go out again, the answers start over).
 */
export function EveningCorrections({ page, admin, onChanged }: { readonly page: EveningPage; readonly admin: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('corrections');
  const { t: tc } = useTranslation('club');
  const api = useClubApi();
  const e = page.evening;
  const initial = { startsAt: toLocalInput(e.startsAt), answerBy: toLocalInput(e.answerBy), place: e.place, capacity: String(e.capacity), weight: String(e.weight), gamesPlanned: String(e.gamesPlanned) };
  const [f, setF] = useState(initial);
  if (e.cancelledAt) {
    return (
      <>
        <p className="card" role="status" data-testid="evening-cancelled">
          {t('evening.cancelled', { at: new Date(e.cancelledAt) })}
        </p>
        {admin && e.startsAt > Date.now() && (
          <ReasonForm summary={t('evening.restore')} confirm={t('evening.restoreConfirm')} hint={t('evening.restoreHint')} onSubmit={(r) => api.restoreEvening(e.id, r)} onDone={onChanged} testId="evening-restore" />
        )}
      </>
    );
  }
  if (!admin) return null;
  const edit = (reason: string) => {
    // Only the fields changed go: a time as epoch ms, the place trimmed, the rest as numbers.
    const changed = (k: (typeof FIELDS)[number]) => f[k] !== initial[k];
    const time = (k: 'startsAt' | 'answerBy') => (changed(k) ? { [k]: fromLocalInput(f[k]) ?? 0 } : {});
    const count = (k: 'capacity' | 'weight' | 'gamesPlanned') => (changed(k) ? { [k]: Number(f[k]) } : {});
    const out: EveningEdit = {
      reason, ...time('startsAt'), ...time('answerBy'), ...(changed('place') ? { place: f.place.trim() } : {}),
      ...count('capacity'), ...count('weight'), ...count('gamesPlanned'),
    };
    return api.editEvening(e.id, out);
  };
  return (
    <>
      <ReasonForm summary={t('evening.edit')} confirm={t('evening.save')} onSubmit={edit} onDone={onChanged} testId="evening-edit" fieldPaths={FIELDS}>
        {FIELDS.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`edit-${k}`}>{tc(`fields.${k}`)}</label>
            <input
              id={`edit-${k}`}
              className="input"
              type={k === 'startsAt' || k === 'answerBy' ? 'datetime-local' : k === 'place' ? 'text' : 'number'}
              step={k === 'weight' ? 'any' : undefined}
              value={f[k]}
              onChange={(ev) => setF({ ...f, [k]: ev.target.value })}
            />
          </div>
        ))}
      </ReasonForm>
      <ReasonForm summary={t('evening.cancel')} confirm={t('evening.cancelConfirm')} hint={t('evening.cancelHint')} onSubmit={(r) => api.cancelEvening(e.id, r)} onDone={onChanged} testId="evening-cancel" />
    </>
  );
}

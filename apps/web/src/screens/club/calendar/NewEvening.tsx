import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { fromLocalInput } from '../common/format';
import { CLUB_PRESETS } from '../common/presets';

const FIELDS = ['startsAt', 'answerBy', 'place', 'capacity', 'weight', 'preset', 'gamesPlanned'] as const;

/** «Новый вечер» (admins): POST /api/clubs/:clubId/evenings. */
export function NewEvening({ clubId, onCreated }: { readonly clubId: string; readonly onCreated: (id: string) => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [f, setF] = useState({ startsAt: '', answerBy: '', place: '', capacity: '20', weight: '1', preset: 'club', gamesPlanned: '3' });
  const set = (k: keyof typeof f) => (value: string) => setF({ ...f, [k]: value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const startsAt = fromLocalInput(f.startsAt);
    const answerBy = f.answerBy ? fromLocalInput(f.answerBy) : undefined;
    const made = await act.run(() =>
      api.createEvening(clubId, {
        // An unreadable date goes as NaN's stand-in 0: the server names the field (starts-in-past).
        startsAt: startsAt ?? 0,
        ...(answerBy !== undefined ? { answerBy: answerBy ?? 0 } : {}),
        place: f.place.trim(),
        capacity: Number(f.capacity),
        weight: Number(f.weight),
        preset: f.preset,
        gamesPlanned: Number(f.gamesPlanned),
      }),
    );
    if (made) onCreated(made.evening.id);
  };
  const err = (k: string) => errorAt(act.error, k);

  return (
    <ClubForm labelledBy="new-evening" title={t('calendar.newEvening')} onSubmit={submit}>
      <InputField id="ev-starts" label={t('fields.startsAt')} type="datetime-local" required value={f.startsAt} onValue={set('startsAt')} error={err('startsAt')} />
      <InputField id="ev-answer-by" label={t('fields.answerBy')} type="datetime-local" value={f.answerBy} onValue={set('answerBy')} hint={t('calendar.answerByHint')} error={err('answerBy')} />
      <InputField id="ev-place" label={t('fields.place')} required maxLength={200} value={f.place} onValue={set('place')} error={err('place')} />
      <div className="club-pair">
        <InputField id="ev-capacity" label={t('fields.capacity')} type="number" inputMode="numeric" min={1} max={500} step={1} required value={f.capacity} onValue={set('capacity')} error={err('capacity')} />
        <InputField id="ev-weight" label={t('fields.weight')} type="number" inputMode="decimal" step={0.1} required value={f.weight} onValue={set('weight')} error={err('weight')} />
      </div>
      <div className="club-pair">
        <div className="field">
          <label htmlFor="ev-preset">{t('fields.preset')}</label>
          <select id="ev-preset" className="input" value={f.preset} onChange={(e) => set('preset')(e.target.value)}>
            {CLUB_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`presets.${p}`, { ns: 'common' })}
              </option>
            ))}
          </select>
          <ErrorText error={err('preset')} />
        </div>
        <InputField id="ev-games" label={t('fields.gamesPlanned')} type="number" inputMode="numeric" min={1} max={50} step={1} required value={f.gamesPlanned} onValue={set('gamesPlanned')} error={err('gamesPlanned')} />
      </div>
      <SubmitButton label={t('calendar.create')} disabled={act.busy} error={errorElsewhere(act.error, FIELDS)} />
    </ClubForm>
  );
}

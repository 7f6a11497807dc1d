import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { fromLocalInput } from '../common/format';
import { CLUB_PRESETS } from '../common/presets';

const FIELDS = ['startsAt', 'answerBy', 'place', 'capacity', 'weight', 'preset', 'gamesPlanned'] as const;

/** «Новый вечер» (admins): POST /api/clubs/:clubId/evenings. */
export function NewEvening({ clubId, onCreated }: { readonly clubId: string; readonly onCreated: (id: string) => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [f, setF] = useState({ startsAt: '', answerBy: '', place: '', capacity: '20', weight: '1', preset: 'club', gamesPlanned: '3' });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

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
  const err = (k: string) => <ErrorText error={errorAt(act.error, k)} />;

  return (
    <form className="card club-form" onSubmit={submit} aria-labelledby="new-evening">
      <h2 id="new-evening" className="club-h">
        {t('calendar.newEvening')}
      </h2>
      <div className="field">
        <label htmlFor="ev-starts">{t('fields.startsAt')}</label>
        <input id="ev-starts" className="input" type="datetime-local" required value={f.startsAt} onChange={set('startsAt')} />
        {err('startsAt')}
      </div>
      <div className="field">
        <label htmlFor="ev-answer-by">{t('fields.answerBy')}</label>
        <input id="ev-answer-by" className="input" type="datetime-local" value={f.answerBy} onChange={set('answerBy')} aria-describedby="ev-answer-by-hint" />
        <span id="ev-answer-by-hint" className="muted">
          {t('calendar.answerByHint')}
        </span>
        {err('answerBy')}
      </div>
      <div className="field">
        <label htmlFor="ev-place">{t('fields.place')}</label>
        <input id="ev-place" className="input" required maxLength={200} value={f.place} onChange={set('place')} />
        {err('place')}
      </div>
      <div className="club-pair">
        <div className="field">
          <label htmlFor="ev-capacity">{t('fields.capacity')}</label>
          <input id="ev-capacity" className="input" type="number" inputMode="numeric" min={1} max={500} step={1} required value={f.capacity} onChange={set('capacity')} />
          {err('capacity')}
        </div>
        <div className="field">
          <label htmlFor="ev-weight">{t('fields.weight')}</label>
          <input id="ev-weight" className="input" type="number" inputMode="decimal" step={0.1} required value={f.weight} onChange={set('weight')} />
          {err('weight')}
        </div>
      </div>
      <div className="club-pair">
        <div className="field">
          <label htmlFor="ev-preset">{t('fields.preset')}</label>
          <select id="ev-preset" className="input" value={f.preset} onChange={set('preset')}>
            {CLUB_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`presets.${p}`, { ns: 'common' })}
              </option>
            ))}
          </select>
          {err('preset')}
        </div>
        <div className="field">
          <label htmlFor="ev-games">{t('fields.gamesPlanned')}</label>
          <input id="ev-games" className="input" type="number" inputMode="numeric" min={1} max={50} step={1} required value={f.gamesPlanned} onChange={set('gamesPlanned')} />
          {err('gamesPlanned')}
        </div>
      </div>
      <Button type="submit" variant="primary" block disabled={act.busy}>
        {t('calendar.create')}
      </Button>
      <ErrorText error={errorElsewhere(act.error, FIELDS)} />
    </form>
  );
}

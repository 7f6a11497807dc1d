import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Season } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { endOfDateInput, fromDateInput } from './format';
import { DEFAULT_ORDER, OrderPicker } from './OrderPicker';

/** «Пересчитать» (admins): every point and rating rebuilt from the games and the ledger. */
export function Recompute({ clubId, onDone }: { readonly clubId: string; readonly onDone: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [done, setDone] = useState<{ games: number; ms: number } | null>(null);
  const run = async () => {
    setDone(null);
    const r = await act.run(() => api.recomputeRatings(clubId));
    if (r) {
      setDone({ games: r.games, ms: Math.round(r.ms) });
      onDone();
    }
  };
  return (
    <div className="row">
      <Button onClick={run} disabled={act.busy}>
        {t('leaderboard.recompute')}
      </Button>
      <p role="status" className="muted" style={{ margin: 0 }}>
        {done ? t('leaderboard.recomputed', { count: done.games, ms: done.ms }) : ''}
      </p>
      <ErrorText error={act.error} />
    </div>
  );
}

const FIELDS = ['name', 'startsAt', 'endsAt', 'order'] as const;

/** «Новый сезон» (admins): POST /api/clubs/:clubId/seasons; the last day is inclusive on the form. */
export function NewSeason({ clubId, onCreated }: { readonly clubId: string; readonly onCreated: (s: Season) => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [f, setF] = useState({ name: '', start: '', end: '' });
  const [order, setOrder] = useState<string[]>([...DEFAULT_ORDER]);
  const set = (k: keyof typeof f) => (value: string) => setF({ ...f, [k]: value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The default order is the server's own: sent only when the admin chose another.
    const chosen = order.join() === DEFAULT_ORDER.join() ? undefined : order;
    const made = await act.run(() =>
      api.createSeason(clubId, {
        name: f.name.trim(),
        // An unreadable date goes as 0: the server names the field.
        startsAt: fromDateInput(f.start) ?? 0,
        endsAt: endOfDateInput(f.end) ?? 0,
        ...(chosen ? { order: chosen } : {}),
      }),
    );
    if (made) {
      setF({ name: '', start: '', end: '' });
      setOrder([...DEFAULT_ORDER]);
      onCreated(made.season);
    }
  };
  const err = (k: string) => errorAt(act.error, k);
  return (
    <ClubForm labelledBy="new-season" title={t('leaderboard.newSeason')} onSubmit={submit}>
      <InputField id="season-name" label={t('leaderboard.seasonName')} required maxLength={100} value={f.name} onValue={set('name')} error={err('name')} />
      <div className="club-pair">
        <InputField id="season-start" label={t('leaderboard.seasonStart')} type="date" required value={f.start} onValue={set('start')} error={err('startsAt')} />
        <InputField id="season-end" label={t('leaderboard.seasonEnd')} type="date" required value={f.end} onValue={set('end')} error={err('endsAt')} />
      </div>
      <OrderPicker order={order} onChange={setOrder} error={<ErrorText error={err('order')} />} />
      <SubmitButton label={t('leaderboard.createSeason')} disabled={act.busy} error={errorElsewhere(act.error, FIELDS)} />
    </ClubForm>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Season } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
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
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
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
  const err = (k: string) => <ErrorText error={errorAt(act.error, k)} />;
  return (
    <form className="card club-form" onSubmit={submit} aria-labelledby="new-season">
      <h2 id="new-season" className="club-h">
        {t('leaderboard.newSeason')}
      </h2>
      <div className="field">
        <label htmlFor="season-name">{t('leaderboard.seasonName')}</label>
        <input id="season-name" className="input" required maxLength={100} value={f.name} onChange={set('name')} />
        {err('name')}
      </div>
      <div className="club-pair">
        <div className="field">
          <label htmlFor="season-start">{t('leaderboard.seasonStart')}</label>
          <input id="season-start" className="input" type="date" required value={f.start} onChange={set('start')} />
          {err('startsAt')}
        </div>
        <div className="field">
          <label htmlFor="season-end">{t('leaderboard.seasonEnd')}</label>
          <input id="season-end" className="input" type="date" required value={f.end} onChange={set('end')} />
          {err('endsAt')}
        </div>
      </div>
      <OrderPicker order={order} onChange={setOrder} error={err('order')} />
      <Button type="submit" variant="primary" block disabled={act.busy}>
        {t('leaderboard.createSeason')}
      </Button>
      <ErrorText error={errorElsewhere(act.error, FIELDS)} />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FiimGame, Series } from '../../../net/resultsApi';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { winnerName } from '../common/bits';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';

import { looseT } from '../../../i18n/looseT';

/** «Новая серия» (admins): a name and the club's ended FIIM games to take (POST /api/clubs/:clubId/series). */
/** An ended FIIM game in words: «2 декабря 2026 г., Стол 1, игра 2 — победа: Мафия» (or «— ничья»). */
export function gameLabel(t: (key: string, opts?: Record<string, unknown>) => string, g: FiimGame, lng: string): string {
  return t(g.winner === 'draw' ? 'series.gameLabelDraw' : 'series.gameLabel', {
    date: new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric' }).format(g.startsAt),
    game: g.tableNo !== null && g.gameNo !== null ? t('game.tableGame', { table: g.tableNo, game: g.gameNo }) : t('game.paperGame'),
    winner: winnerName(t, g.winner),
  });
}

export function NewSeries({ clubId, games, onCreated }: { readonly clubId: string; readonly games: readonly FiimGame[]; readonly onCreated: (s: Series) => void }) {
  const { t: tt, i18n } = useTranslation('results');
  const t = looseT(tt);
  const api = useClubApi();
  const act = useAction();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // In play order, whatever order they were ticked in.
    const gameIds = games.map((g) => g.gameId).filter((id) => picked.includes(id));
    const made = await act.run(() => api.createSeries(clubId, { name: name.trim(), gameIds }));
    if (made) {
      setName('');
      setPicked([]);
      onCreated(made.series);
    }
  };
  return (
    <form className="card club-form" onSubmit={submit} aria-labelledby="new-series">
      <h2 id="new-series" className="club-h">
        {t('series.new')}
      </h2>
      <div className="field">
        <label htmlFor="series-name">{t('series.name')}</label>
        <input id="series-name" className="input" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <ErrorText error={errorAt(act.error, 'name')} />
      </div>
      <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t('series.games')}</legend>
        {games.length === 0 ? <p className="muted">{t('series.noGames')}</p> : null}
        {games.map((g) => (
          <label key={g.gameId} className="row" style={{ gap: 8 }}>
            <input type="checkbox" checked={picked.includes(g.gameId)} onChange={() => toggle(g.gameId)} data-testid={`series-pick-${g.gameId}`} />
            {gameLabel(t, g, i18n.language)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" block disabled={act.busy || picked.length === 0}>
        {t('series.create')}
      </Button>
      <ErrorText error={errorElsewhere(act.error, ['name'])} />
    </form>
  );
}

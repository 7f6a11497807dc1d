import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FiimGame, Series } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { winnerName } from '../common/bits';
import { errorAt, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';

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
    <ClubForm labelledBy="new-series" title={t('series.new')} onSubmit={submit}>
      <InputField id="series-name" label={t('series.name')} required maxLength={100} value={name} onValue={setName} error={errorAt(act.error, 'name')} />
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
      <SubmitButton label={t('series.create')} disabled={act.busy || picked.length === 0} error={errorElsewhere(act.error, ['name'])} />
    </ClubForm>
  );
}

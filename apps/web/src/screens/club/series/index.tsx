import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { SeriesRow } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { CsvLink } from '../common/CsvLink';
import { ClubPage } from '../common/Page';
import { RankedTable, type RankedColumn } from '../common/RankedTable';
import { useLoad } from '../common/useLoad';
import { gameLabel, NewSeries } from './NewSeries';

import { looseT } from '../../../i18n/looseT';

/**
 * /club/:clubId/series — the club's FIIM series (R-FIIM-16) and, for admins, «Новая серия»;
 * /club/:clubId/series/:seriesId — a series' table: games, wins, first-night marks, tournament
 * points, the compensation Ci (once per series) and the total, ranked; and its CSV.
 */
export default function SeriesScreen() {
  const { seriesId } = useParams();
  return seriesId ? <SeriesTableScreen seriesId={seriesId} /> : <SeriesListScreen />;
}

function SeriesListScreen() {
  const { t: tt } = useTranslation('results');
  const t = looseT(tt);
  const api = useClubApi();
  const navigate = useNavigate();
  const { clubId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.seriesList(clubId)]), [api, clubId]);
  const [club, list] = page.data ?? [null, null];
  return (
    <ClubPage title={t('series.title')} error={page.error} ready={page.data !== null}>
      <Link to={`/club/${clubId}/leaderboard`}>← {t('series.toLeaderboard')}</Link>
      {list && list.series.length === 0 ? <p className="muted">{t('series.none')}</p> : null}
      <ul className="club-list" data-testid="series-list">
        {(list?.series ?? []).map((s) => (
          <li key={s.id}>
            <Link to={`/club/${clubId}/series/${s.id}`}>{s.name}</Link> <span className="muted">{t('series.gameCount', { count: s.gameIds.length })}</span>
          </li>
        ))}
      </ul>
      {club?.me.role === 'admin' && list ? <NewSeries clubId={clubId} games={list.games} onCreated={(s) => navigate(`/club/${clubId}/series/${s.id}`)} /> : null}
    </ClubPage>
  );
}

function SeriesTableScreen({ seriesId }: { readonly seriesId: string }) {
  const { t: tt, i18n } = useTranslation('results');
  const t = looseT(tt);
  const api = useClubApi();
  const { clubId = '' } = useParams();
  // The club's ended FIIM games (the list's answer) name the series' games; without them the table still shows.
  const page = useLoad(() => Promise.all([api.series(clubId, seriesId), api.seriesList(clubId).catch(() => null)]), [api, clubId, seriesId]);
  const [s, list] = page.data ?? [null, null];
  const games = s && list ? s.series.gameIds.flatMap((id) => list.games.filter((g) => g.gameId === id)) : [];
  const columns: RankedColumn<SeriesRow>[] = (['total', 'points', 'compensation', 'games', 'wins', 'marked'] as const).map((key) => ({
    key, kind: key === 'games' || key === 'wins' || key === 'marked' ? 'count' : 'points', label: t(`series.cols.${key}`),
  }));
  return (
    <ClubPage title={s ? s.series.name : t('series.title')} error={page.error} ready={s !== null}>
      {s ? (
        <div className="stack" data-testid="series-page">
          <Link to={`/club/${clubId}/series`}>← {t('series.title')}</Link>
          <p className="muted">{t('series.gameCount', { count: s.series.gameIds.length })}</p>
          <RankedTable clubId={clubId} rows={s.rows} columns={columns} caption={s.series.name} testId="series" />
          <p className="muted">{t('series.hint')}</p>
          {games.length > 0 ? (
            <>
              <h2 className="club-h">{t('series.gamesTitle')}</h2>
              <ul className="club-list" data-testid="series-games">
                {games.map((g) => (
                  <li key={g.gameId}>
                    <Link to={`/club/${clubId}/games/${g.gameId}`} data-testid={`series-game-${g.gameId}`}>
                      {gameLabel(t, g, i18n.language)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <CsvLink href={api.seriesCsvUrl(clubId, seriesId)} file={`series-${seriesId}.csv`} />
        </div>
      ) : null}
    </ClubPage>
  );
}

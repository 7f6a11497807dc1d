import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LEADERBOARD_BY, type LeaderboardBy } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { useCsvHref } from '../common/csvHref';
import { ErrorText } from '../common/errors';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { NewSeason, Recompute } from './Admin';
import { formatSeasonRange } from './format';
import { BoardTable } from './Table';
import './board.css';

const isBy = (s: string | null): s is LeaderboardBy => LEADERBOARD_BY.includes(s as LeaderboardBy);

/**
 * /club/:clubId/leaderboard?season=<id>&by=points|red|black|overall: the season table or an Elo
 * rating (GET /api/clubs/:clubId/leaderboard), its CSV, and for admins «Пересчитать» and «Новый
 * сезон». The choice lives in the address, so a table can be linked to; no `season` = all time.
 */
export default function LeaderboardScreen() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const season = params.get('season') || null;
  const byParam = params.get('by');
  const by: LeaderboardBy = isBy(byParam) ? byParam : 'points';
  const csvHref = useCsvHref(api.leaderboardCsvUrl(clubId, season, by));

  const page = useLoad(() => Promise.all([api.club(clubId), api.seasons(clubId)]), [api, clubId]);
  const board = useLoad(() => api.leaderboard(clubId, season, by), [api, clubId, season, by]);
  const [club, list] = page.data ?? [null, null];
  const seasons = list?.seasons ?? [];
  const admin = club?.me.role === 'admin';

  const choose = (next: { season?: string | null; by?: LeaderboardBy }) => {
    const s = next.season !== undefined ? next.season : season;
    const b = next.by ?? by;
    const q = new URLSearchParams();
    if (s) q.set('season', s);
    q.set('by', b);
    setParams(q, { replace: true });
  };

  const current = seasons.find((s) => s.id === season) ?? null;
  const seasonName = current?.name ?? (season ? season : t('leaderboard.allTime'));
  const caption = t('leaderboard.caption', { by: t(`leaderboard.by.${by}`), season: seasonName });

  return (
    <ClubPage title={t('leaderboard.title')} error={page.error} ready={page.data !== null}>
      <Link to={`/club/${clubId}`}>← {club?.club.name}</Link>
      <div className="field">
        <label htmlFor="board-season">{t('leaderboard.season')}</label>
        <select id="board-season" className="input" value={season ?? ''} aria-describedby={current ? 'board-season-range' : undefined} onChange={(e) => choose({ season: e.target.value || null })}>
          <option value="">{t('leaderboard.allTime')}</option>
          {seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {current && <span id="board-season-range" className="muted">{formatSeasonRange(current.startsAt, current.endsAt, i18n.language)}</span>}
      </div>
      <div className="board-modes" role="group" aria-label={t('leaderboard.order')}>
        {LEADERBOARD_BY.map((b) => (
          <button key={b} type="button" className="btn" aria-pressed={b === by} onClick={() => choose({ by: b })}>
            {t(`leaderboard.by.${b}`)}
          </button>
        ))}
      </div>
      {board.error ? (
        <ErrorText error={board.error} />
      ) : !board.data ? (
        <p className="muted" role="status">
          {t('loading', { ns: 'common' })}
        </p>
      ) : board.data.rows.length === 0 ? (
        <p className="muted">{t('leaderboard.empty')}</p>
      ) : (
        <BoardTable clubId={clubId} board={board.data} caption={caption} />
      )}
      <div className="row">
        <a className="btn" href={csvHref} download={`leaderboard-${by}${season ? `-${season}` : ''}.csv`}>
          {t('leaderboard.csv')}
        </a>
        <Link className="btn" to={`/club/${clubId}/series`} data-testid="series-link">
          {t('series.link', { ns: 'results' })}
        </Link>
      </div>
      {admin && <Recompute clubId={clubId} onDone={board.reload} />}
      {admin && (
        <NewSeason
          clubId={clubId}
          onCreated={(s) => {
            page.reload();
            choose({ season: s.id });
          }}
        />
      )}
    </ClubPage>
  );
}

import { useTranslation } from 'react-i18next';
import { formatGamePoints } from '../member/format';
import { Link, useParams } from 'react-router';
import type { ResultsRow } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { winnerName } from '../common/bits';
import { formatDateTime, formatNumber } from '../common/format';
import { CsvLink } from '../common/CsvLink';
import { ClubPage } from '../common/Page';
import { RankedTable, type RankedColumn } from '../common/RankedTable';
import { useLoad } from '../common/useLoad';

import { looseT } from '../../../i18n/looseT';

/**
 * /club/:clubId/evenings/:eveningId/results — the evening's games (each linked to its page) and
 * its table (GET /api/evenings/:eveningId/results): games, wins, game points, the seed-004 evening
 * score, this evening's penalties and the total, ranked; and its CSV.
 */
export default function EveningResultsScreen() {
  const { t: tt, i18n } = useTranslation('results');
  const t = looseT(tt);
  const api = useClubApi();
  const { clubId = '', eveningId = '' } = useParams();
  const page = useLoad(() => api.eveningResults(eveningId), [api, eveningId]);
  const r = page.data;
  const columns: RankedColumn<ResultsRow>[] = (['total', 'score', 'penalties', 'games', 'wins', 'points'] as const).map((key) => ({
    key, kind: key === 'games' || key === 'wins' || key === 'points' ? 'count' : 'points', label: t(`evening.cols.${key}`),
  }));
  let paper = 0;
  return (
    <ClubPage title={t('evening.title')} error={page.error} ready={r !== null}>
      {r ? (
        <div className="stack" data-testid="evening-results">
          <Link to={`/club/${clubId}/evenings/${eveningId}`}>← {t('evening.toEvening')}</Link>
          <p>
            {formatDateTime(r.evening.startsAt, i18n.language)} · {r.evening.place}
          </p>
          <h2 className="club-h">{t('evening.games')}</h2>
          {r.games.length === 0 ? (
            <p className="muted">{t('evening.noGames')}</p>
          ) : (
            <ul className="club-list">
              {r.games.map((g) => {
                const name = g.tableNo !== null && g.gameNo !== null ? t('game.tableGame', { table: g.tableNo, game: g.gameNo }) : `${t('game.paperGame')} ${++paper}`;
                return (
                  <li key={g.gameId}>
                    {g.winner !== null ? <Link to={`/club/${clubId}/games/${g.gameId}`}>{name}</Link> : name} — {g.winner !== null ? winnerName(t, g.winner) : t('evening.running')}
                    {g.voided && (
                      <> · <span className="club-badge" data-kind="off" data-testid={`results-voided-${g.gameId}`} title={g.voided.reason}>{t('game.voided', { ns: 'corrections' })}</span></>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <h2 className="club-h">{t('evening.tableTitle')}</h2>
          {r.rows.length === 0 ? (
            <p className="muted">{t('evening.empty')}</p>
          ) : (
            <RankedTable clubId={clubId} rows={r.rows} columns={columns} caption={t('evening.tableTitle')} testId="results" />
          )}
          {r.guests && r.guests.length > 0 && (
            <>
              <h3 className="club-h">{t('evening.guests')}</h3>
              <ul className="club-list" data-testid="results-guests">
                {r.guests.map((g) => (
                  <li key={g.nickname}>{t('evening.guestLine', { name: g.nickname, count: g.games, wins: g.wins, points: formatGamePoints(g.points, i18n.language) })}</li>
                ))}
              </ul>
            </>
          )}
          <p className="muted">{t('evening.hint', { weight: formatNumber(r.evening.weight, i18n.language) })}</p>
          <CsvLink href={api.eveningResultsCsvUrl(eveningId)} file={`evening-${eveningId}.csv`} />
        </div>
      ) : null}
    </ClubPage>
  );
}

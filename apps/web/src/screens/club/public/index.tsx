import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { formatNumber } from '../common/format';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { formatBoardPoints, formatRating } from '../leaderboard/format';
import '../leaderboard/board.css';
import { PublicEvenings } from './Evenings';
import './public.css';

/**
 * /p/:clubId — a club's public page (issue 24 point 6), no sign-in: its table (nicknames and
 * numbers) and its past evenings with their games, each game told in words at /p/:clubId/games/:gameId
 * (PublicGameScreen). A club that did not publish answers like an unknown one.
 */
export default function PublicClubScreen() {
  const { clubId = '' } = useParams();
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const api = useClubApi();
  const page = useLoad(() => api.publicClub(clubId), [api, clubId]);
  const p = page.data;
  const cols = ['total', 'games', 'wins', 'overall', 'red', 'black'] as const;
  return (
    <ClubPage title={p ? t('public.title', { club: p.club.name }) : t('leaderboard.title')} error={page.error} ready={p !== null} nav={false}>
      {p && (
        <div className="stack">
          <div className="club-scroll board-scroll" role="region" aria-label={t('public.board')} tabIndex={0}>
            <table className="club-table board-table">
              <caption>{t('public.board')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="board-rank">{t('leaderboard.cols.rank')}</th>
                  <th scope="col" className="board-nick">{t('leaderboard.cols.nickname')}</th>
                  {cols.map((c) => (
                    <th key={c} scope="col" className="board-num">{t(`leaderboard.cols.${c}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.leaderboard.map((r) => (
                  <tr key={`${r.rank}-${r.nickname}`}>
                    <td className="board-rank">{formatNumber(r.rank, lng)}</td>
                    <th scope="row" className="board-nick">{r.nickname}</th>
                    {cols.map((c) => (
                      <td key={c} className="board-num" data-col={c}>
                        {c === 'total' ? formatBoardPoints(r.total, lng) : c === 'games' || c === 'wins' ? formatNumber(r[c], lng) : formatRating(r[c], lng)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {p.leaderboard.length === 0 && <p className="muted">{t('public.none')}</p>}
          <h2 className="club-h">{t('public.evenings')}</h2>
          <PublicEvenings clubId={clubId} evenings={p.evenings} />
        </div>
      )}
    </ClubPage>
  );
}

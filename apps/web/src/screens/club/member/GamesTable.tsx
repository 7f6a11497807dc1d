import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleName } from '../../../i18n/roleName';
import type { ProfileGame } from '@mafia/protocol';
import { CsvLink } from './CsvLink';
import { formatDelta, formatGamePoints, formatRating, shortDate } from './format';

/**
 * His ended games in play order: the evening (a link to it), his role at the game's end, won or
 * lost (a link to the game's page), his game points, what the game did to his rating, then table,
 * game and seat (last: on a phone the rest scrolls sideways).
 */
export function GamesTable({ clubId, games }: { readonly clubId: string; readonly games: readonly ProfileGame[] }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const title = t('member.games');
  return (
    <section className="stack" aria-labelledby="m-games">
      <h2 id="m-games" className="club-h">
        {title}
      </h2>
      {games.length === 0 ? (
        <p className="muted">{t('games.none')}</p>
      ) : (
        <>
          <div className="club-scroll">
            <table className="club-table profile-games" data-testid="profile-games">
              <thead>
                <tr>
                  <th scope="col">{t('member.evening')}</th>
                  <th scope="col">{t('profile.role')}</th>
                  <th scope="col">{t('profile.result')}</th>
                  <th scope="col" className="profile-num">{t('profile.gamePoints')}</th>
                  <th scope="col" className="profile-num">{t('profile.rating')}</th>
                  <th scope="col">{t('games.table')}</th>
                  <th scope="col">{t('games.game')}</th>
                  <th scope="col">{t('games.seat')}</th>
                </tr>
              </thead>
              <tbody>
                {games.map((g) => (
                  <tr key={`${g.gameId}-${g.seat}`} data-testid={`game-${g.gameId}`}>
                    <td>
                      <Link to={`/club/${clubId}/evenings/${g.eveningId}`}>{shortDate(g.at, lng)}</Link>
                    </td>
                    <td>{roleName(t, null, g.role)}</td>
                    <td data-won={g.won}>
                      <Link to={`/club/${clubId}/games/${g.gameId}`} data-testid={`game-link-${g.gameId}`}>
                        {t(g.won ? 'profile.won' : 'profile.lost')}
                      </Link>
                    </td>
                    <td className="profile-num">{formatGamePoints(g.points, lng)}</td>
                    <td className="profile-num">
                      {g.ratingDelta ? `${t(`profile.track.${g.ratingDelta.track}`)} ${formatDelta(g.ratingDelta.delta, lng)} → ${formatRating(g.ratingDelta.after, lng)}` : '—'}
                    </td>
                    <td>{g.tableNo ?? '—'}</td>
                    <td>{g.gameNo ?? '—'}</td>
                    <td>{g.seat}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CsvLink table="games" title={title} />
        </>
      )}
    </section>
  );
}

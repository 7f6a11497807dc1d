import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicClub } from '@mafia/protocol';
import { winnerName } from '../common/bits';
import { formatDateTime } from '../common/format';
import { gameName, orderGames } from '../common/gameNames';

/**
 * The public page's past evenings, each with its ended games: «Стол 1, игра 2» (or «Игра на бумаге 1»)
 * linked to the game told in words, the winner as every other page names it, a voided game marked.
 */
export function PublicEvenings({ clubId, evenings }: { readonly clubId: string; readonly evenings: PublicClub['evenings'] }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  if (evenings.length === 0) return <p className="muted">{t('public.none')}</p>;
  return (
    <ul className="club-list public-evenings">
      {evenings.map((e) => (
        <li key={e.startsAt} className="stack" style={{ gap: 6 }} data-testid="public-evening">
          <strong>
            {formatDateTime(e.startsAt, lng)} · {e.place}
          </strong>
          {e.games.length === 0 ? (
            <span className="muted">{t('public.noGames')}</span>
          ) : (
            <ul className="public-games" aria-label={t('public.games')}>
              {orderGames(e.games).map((g) => (
                <li key={g.id} className="public-game" data-testid={`public-game-${g.id}`}>
                  <Link to={`/p/${encodeURIComponent(clubId)}/games/${encodeURIComponent(g.id)}`}>{gameName(t, g)}</Link>
                  <span>{g.winner === 'draw' ? winnerName(t, g.winner) : `${t('games.winner')}: ${winnerName(t, g.winner)}`}</span>
                  {g.voided && (
                    <span className="club-badge" data-kind="off">
                      {t('game.voided', { ns: 'corrections' })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

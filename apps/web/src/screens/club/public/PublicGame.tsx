import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { GameStory, gameTitle } from '../game/GameStory';
import './public.css';

import { looseT } from '../../../i18n/looseT';

/**
 * /p/:clubId/games/:gameId — one game of a club's public page told in words, no sign-in: the same
 * story as the members' game page (GameStory), the players by the nicknames they played under (a
 * guest marked), a voided game marked, and nothing of the members' own (no member links, no reason
 * of a void, no protocol download).
 */
export default function PublicGameScreen() {
  const { t: tt, i18n } = useTranslation('results');
  const t = looseT(tt);
  const { clubId = '', gameId = '' } = useParams();
  const api = useClubApi();
  const page = useLoad(() => api.publicGame(clubId, gameId), [api, clubId, gameId]);
  const g = page.data;
  const title = g ? t('public.gameTitle', { ns: 'club', club: g.club.name, game: gameTitle(t, g) }) : t('game.title');
  return (
    <ClubPage title={title} error={page.error} ready={g !== null} nav={false}>
      {g && (
        <div className="stack" data-testid="game-page">
          <nav className="row club-nav" aria-label={t('public.toPage', { ns: 'club' })}>
            <Link to={`/p/${encodeURIComponent(clubId)}`}>← {t('public.toPage', { ns: 'club' })}</Link>
          </nav>
          <GameStory
            t={t}
            g={g}
            lng={i18n.language}
            who={(s) => (s.guest ? `${s.nickname} (${t('paper.guestShort', { ns: 'club' })})` : s.nickname)}
            voided={g.game.voided && (
              <p className="card" role="status" data-testid="game-voided">
                {t('public.voided', { ns: 'club' })}
              </p>
            )}
          />
        </div>
      )}
    </ClubPage>
  );
}

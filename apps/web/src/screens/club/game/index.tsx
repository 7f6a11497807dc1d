import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GamePage } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { GameStory, gameTitle } from './GameStory';

import { looseT, type Tx } from '../../../i18n/looseT';

export { gameTitle };

/**
 * /club/:clubId/games/:gameId — an ended game in words (GET /api/clubs/:clubId/games/:gameId): the
 * story (GameStory, shared with the club's public page) with each seat linked to its member, the
 * void's reason, the way back to the evening and the protocol's download. The server answers only
 * for an ended game, and only to the club's members.
 */
export default function GameScreen() {
  const { t: tt, i18n } = useTranslation('results');
  const t = looseT(tt);
  const api = useClubApi();
  const { clubId = '', gameId = '' } = useParams();
  const page = useLoad(() => api.gamePage(clubId, gameId), [api, clubId, gameId]);
  const g = page.data;
  const title = g ? gameTitle(t, g) : t('game.title');
  return (
    <ClubPage title={title} error={page.error} ready={g !== null}>
      {g ? <Game t={t} g={g} clubId={clubId} lng={i18n.language} protocolUrl={api.gameProtocolUrl(clubId, gameId)} /> : null}
    </ClubPage>
  );
}

function Game({ t, g, clubId, lng, protocolUrl }: { readonly t: Tx; readonly g: GamePage; readonly clubId: string; readonly lng: string; readonly protocolUrl: string }) {
  return (
    <div className="stack" data-testid="game-page">
      <div className="row club-nav" style={{ gap: 16, flexWrap: 'wrap' }}>
        <Link to={`/club/${clubId}/evenings/${g.game.eveningId}`}>← {t('game.toEvening')}</Link>
        <Link to={`/club/${clubId}/evenings/${g.game.eveningId}/results`} data-testid="game-results-link">
          {t('game.toResults')}
        </Link>
      </div>
      <GameStory
        t={t}
        g={g}
        lng={lng}
        who={(s) => (s.userId ? <Link to={`/club/${clubId}/members/${s.userId}`}>{s.nickname}</Link> : `${s.nickname} (${t('paper.guestShort', { ns: 'club' })})`)}
        voided={g.game.voided && (
          <p className="card" role="status" data-testid="game-voided">
            {t('game.voidedReason', { ns: 'corrections', reason: g.game.voided.reason })}
          </p>
        )}
      />
      <div className="row">
        {g.protocolUnavailable === undefined ? (
          <a className="btn" href={protocolUrl} download data-testid="game-protocol">
            {t('game.protocol')}
          </a>
        ) : null}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { roleName } from '../../../i18n/roleName';
import type { DayStep, GamePage, NightStep } from '../../../net/resultsApi';
import { useClubApi } from '../common/api';
import { winnerName } from '../common/bits';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { formatGamePoints } from '../member/format';
import { dayBlocks, nightLines, seatNamer } from './describe';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/**
 * /club/:clubId/games/:gameId — an ended game in words (GET /api/clubs/:clubId/games/:gameId): the
 * seats with their members, roles and points, then night by night and day by day every act, check,
 * nomination and vote, who left and how, and the protocol's download. The server answers only for
 * an ended game, and only to the club's members.
 */
export default function GameScreen() {
  const { t: tt, i18n } = useTranslation('results');
  const t = tt as unknown as Tx;
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

export function gameTitle(t: Tx, g: GamePage): string {
  return g.game.tableNo !== null && g.game.gameNo !== null ? t('game.tableGame', { table: g.game.tableNo, game: g.game.gameNo }) : t('game.paperGame');
}

function Game({ t, g, clubId, lng, protocolUrl }: { readonly t: Tx; readonly g: GamePage; readonly clubId: string; readonly lng: string; readonly protocolUrl: string }) {
  const names = seatNamer(g.seats);
  const preset = g.game.preset;
  const fiim = g.seats.some((s) => s.tournamentPoints !== undefined);
  return (
    <div className="stack" data-testid="game-page">
      <div className="row club-nav" style={{ gap: 16, flexWrap: 'wrap' }}>
        <Link to={`/club/${clubId}/evenings/${g.game.eveningId}`}>← {t('game.toEvening')}</Link>
        <Link to={`/club/${clubId}/evenings/${g.game.eveningId}/results`} data-testid="game-results-link">
          {t('game.toResults')}
        </Link>
      </div>
      <p>
        <strong data-testid="game-winner">{g.game.winner === 'draw' ? t('game.draw') : t('game.winner', { team: winnerName(t, g.game.winner) })}</strong>
        {' · '}
        {t(`presets.${preset}`, { ns: 'common', defaultValue: preset })}
        {' · '}
        {new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(g.game.endedAt)}
      </p>
      {g.game.voided && (
        <p className="card" role="status" data-testid="game-voided">
          {t('game.voidedReason', { ns: 'corrections', reason: g.game.voided.reason })}
        </p>
      )}
      <div className="club-scroll">
        <table className="club-table" aria-label={t('game.seatsTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('game.cols.seat')}</th>
              <th scope="col">{t('game.cols.nickname')}</th>
              <th scope="col">{t('game.cols.role')}</th>
              <th scope="col">{t('game.cols.points')}</th>
              {fiim ? <th scope="col">{t('game.cols.tournamentPoints')}</th> : null}
              <th scope="col">{t('game.cols.won')}</th>
            </tr>
          </thead>
          <tbody>
            {g.seats.map((s) => (
              <tr key={s.seat} data-testid={`game-seat-${s.seat}`}>
                <td>{s.seat}</td>
                <td>{s.userId ? <Link to={`/club/${clubId}/members/${s.userId}`}>{s.nickname}</Link> : `${s.nickname} (${t('paper.guestShort', { ns: 'club' })})`}</td>
                <td>{roleName(t, preset, s.role)}</td>
                <td data-col="points">{formatGamePoints(s.points, lng)}</td>
                {fiim ? <td data-col="tournamentPoints">{formatGamePoints(s.tournamentPoints ?? 0, lng)}{s.marked ? ` (${t('game.marked')})` : ''}</td> : null}
                <td data-col="won">{s.won ? t('game.yes') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {g.protocolUnavailable !== undefined ? (
        <p className="muted" data-testid="game-no-protocol">
          {t('game.noProtocol')} <code>{g.protocolUnavailable}</code>
        </p>
      ) : null}
      <ol className="stack game-steps" style={{ listStyle: 'none', padding: 0 }}>
        {g.timeline.map((step) =>
          'night' in step ? (
            <li key={`n${step.night}`} className="card stack" data-testid={`night-${step.night}`}>
              <h2 className="club-h">{t('game.night', { n: step.night })}</h2>
              <ul>
                {nightLines(t, preset, names, step as NightStep).map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={`d${(step as DayStep).day}`} className="card stack" data-testid={`day-${(step as DayStep).day}`}>
              <h2 className="club-h">{t('game.day', { n: (step as DayStep).day })}</h2>
              {dayBlocks(t, names, step as DayStep).map((b, i) => (
                <section key={i}>
                  <h3 style={{ margin: '4px 0', fontSize: '1rem' }}>{b.title}</h3>
                  <ul>
                    {b.lines.map((l, k) => (
                      <li key={k}>{l}</li>
                    ))}
                  </ul>
                </section>
              ))}
            </li>
          ),
        )}
      </ol>
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

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { formatDateTime, formatPoints, formatTime } from '../common/format';
import { Ledger } from '../common/Ledger';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { AnswerBadge, winnerName } from '../common/bits';

/**
 * /club/:clubId/members/:userId: a member's page: his evenings (answer, arrival, late, left), his
 * games (evening, table, game, seat, winner), his penalties and his total points.
 */
export default function MemberPage() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '', userId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.member(clubId, userId)]), [api, clubId, userId]);
  const [club, p] = page.data ?? [null, null];
  const lng = i18n.language;
  return (
    <ClubPage title={p?.member.nickname ?? t('member.title')} error={page.error} ready={page.data !== null}>
      {p && club && (
        <>
          <Link to={`/club/${clubId}/members`}>← {t('members.title')}</Link>
          <div className="card">
            <div>
              {t(`roles.${p.member.role}`)} · {club.club.name}
            </div>
            {(p.member.name || p.member.email || p.member.phone) && <div className="muted">{[p.member.name, p.member.email, p.member.phone].filter(Boolean).join(' · ')}</div>}
            <div>
              {t('member.points')}: <span className="club-points" data-testid="member-points">{formatPoints(p.points)}</span>
            </div>
          </div>
          <section className="stack" aria-labelledby="m-evenings">
            <h2 id="m-evenings" className="club-h">
              {t('member.evenings')}
            </h2>
            {p.evenings.length === 0 ? (
              <p className="muted">{t('calendar.none')}</p>
            ) : (
              <ul className="club-list">
                {p.evenings.map((e) => (
                  <li key={e.evening.id}>
                    <Link to={`/club/${clubId}/evenings/${e.evening.id}`}>{formatDateTime(e.evening.startsAt, lng)}</Link>
                    <div className="row" style={{ gap: 8 }}>
                      <AnswerBadge answer={e.answer} />
                      {e.arrivedAt !== null && <span>{t('member.arrived', { time: formatTime(e.arrivedAt, lng) })}</span>}
                      {e.late && (
                        <span className="club-badge" data-kind="late">
                          {t('door.late')}
                        </span>
                      )}
                      {e.leftAt !== null && <span>{t('member.left', { time: formatTime(e.leftAt, lng) })}</span>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="stack" aria-labelledby="m-games">
            <h2 id="m-games" className="club-h">
              {t('member.games')}
            </h2>
            {p.games.length === 0 ? (
              <p className="muted">{t('games.none')}</p>
            ) : (
              <div className="club-scroll">
                <table className="club-table">
                  <thead>
                    <tr>
                      <th>{t('member.evening')}</th>
                      <th>{t('games.table')}</th>
                      <th>{t('games.game')}</th>
                      <th>{t('games.seat')}</th>
                      <th>{t('games.winner')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.games.map((g) => (
                      <tr key={`${g.gameId}-${g.seat}`}>
                        <td>
                          <Link to={`/club/${clubId}/evenings/${g.eveningId}`}>{new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short' }).format(g.startsAt)}</Link>
                        </td>
                        <td>{g.tableNo ?? '—'}</td>
                        <td>{g.gameNo ?? '—'}</td>
                        <td>{g.seat}</td>
                        <td>{winnerName(t, g.winner)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className="stack" aria-labelledby="m-ledger">
            <h2 id="m-ledger" className="club-h">
              {t('member.penalties')}
            </h2>
            <Ledger entries={p.ledger} admin={club.me.role === 'admin'} onChanged={page.reload} showWho={false} />
          </section>
        </>
      )}
    </ClubPage>
  );
}

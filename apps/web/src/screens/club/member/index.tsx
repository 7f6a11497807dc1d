import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { formatDateTime, formatPoints, formatTime } from '../common/format';
import { Ledger } from '../common/Ledger';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { AnswerBadge } from '../common/bits';
import { GamesTable } from './GamesTable';
import { PointsChart } from './PointsChart';
import { RatingChart } from './RatingChart';
import { Stats, WinRates } from './Stats';
import './profile.css';

/**
 * /club/:clubId/members/:userId: a member's page and profile (issue 15): his ratings and totals, win
 * rates per role and per team, his rating over time and his points per evening as charts (each with
 * a table of the same numbers), his games, his evenings (answer, arrival, late, left) and his
 * penalties; every table downloads as CSV.
 */
export default function MemberPage() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '', userId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.member(clubId, userId), api.profile(clubId, userId)]), [api, clubId, userId]);
  const [club, p, profile] = page.data ?? [null, null, null];
  const lng = i18n.language;
  return (
    <ClubPage title={p?.member.nickname ?? t('member.title')} error={page.error} ready={page.data !== null}>
      {p && club && profile && (
        <>
          <Link to={`/club/${clubId}/members`}>← {t('members.title')}</Link>
          <div className="card">
            <div>
              {t(`roles.${p.member.role}`)} · {club.club.name}
            </div>
            {(p.member.name || p.member.email || p.member.phone) && <div className="muted">{[p.member.name, p.member.email, p.member.phone].filter(Boolean).join(' · ')}</div>}
            <div>
              {t('member.points')}: <span className="club-points" data-testid="member-points">{formatPoints(p.points, lng)}</span>
            </div>
          </div>
          <Stats profile={profile} />
          <RatingChart history={profile.ratingHistory} />
          <PointsChart clubId={clubId} evenings={profile.eveningPoints} />
          <WinRates kind="role" rows={profile.byRole} />
          <WinRates kind="team" rows={profile.byTeam} />
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
          <GamesTable clubId={clubId} games={profile.games} />
          <section className="stack" aria-labelledby="m-ledger">
            <h2 id="m-ledger" className="club-h">
              {t('member.penalties')}
            </h2>
            <Ledger entries={profile.penalties} admin={club.me.role === 'admin'} onChanged={page.reload} showWho={false} />
          </section>
        </>
      )}
    </ClubPage>
  );
}

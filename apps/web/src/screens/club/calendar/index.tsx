import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Evening } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { Counts } from '../common/Counts';
import { formatDateTime } from '../common/format';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { NewEvening } from './NewEvening';
import { TitledSection } from '../common/section';

/**
 * /club/:clubId: the club's calendar (GET /api/clubs/:clubId/evenings): upcoming evenings first,
 * then past ones newest first; «Новый вечер» for admins; links to the members, the ledger and the leaderboard.
 */
export default function Calendar() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const { clubId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.evenings(clubId)]), [api, clubId]);
  const [club, list] = page.data ?? [null, null];
  const now = Date.now();
  const upcoming = (list?.evenings ?? []).filter((e) => e.startsAt >= now).sort((a, b) => a.startsAt - b.startsAt);
  const past = (list?.evenings ?? []).filter((e) => e.startsAt < now).sort((a, b) => b.startsAt - a.startsAt);

  return (
    <ClubPage title={club?.club.name ?? t('calendar.title')} error={page.error} ready={page.data !== null}>
      <nav className="row" aria-label={t('calendar.links')}>
        <Link className="btn" to={`/club/${clubId}/members`}>
          {t('members.title')}
        </Link>
        <Link className="btn" to={`/club/${clubId}/ledger`}>
          {t('ledger.title')}
        </Link>
        <Link className="btn" to={`/club/${clubId}/leaderboard`}>
          {t('leaderboard.title')}
        </Link>
        {club?.me.role === 'admin' && (
          <Link className="btn" to={`/club/${clubId}/audit`} data-testid="audit-link">
            {t('audit.link', { ns: 'corrections' })}
          </Link>
        )}
      </nav>
      <TitledSection id="upcoming" title={t('calendar.upcoming')}>
        <EveningList clubId={clubId} evenings={upcoming} />
      </TitledSection>
      {club?.me.role === 'admin' && <NewEvening clubId={clubId} onCreated={(id) => navigate(`/club/${clubId}/evenings/${id}`)} />}
      <TitledSection id="past" title={t('calendar.past')}>
        <EveningList clubId={clubId} evenings={past} />
      </TitledSection>
    </ClubPage>
  );
}

function EveningList({ clubId, evenings }: { readonly clubId: string; readonly evenings: readonly Evening[] }) {
  const { t, i18n } = useTranslation('club');
  if (evenings.length === 0) return <p className="muted">{t('calendar.none')}</p>;
  return (
    <ul className="club-list">
      {evenings.map((e) => (
        <li key={e.id} className="stack" style={{ gap: 6 }}>
          <Link to={`/club/${clubId}/evenings/${e.id}`}>{formatDateTime(e.startsAt, i18n.language)}</Link>
          <span className="muted">{e.place}</span>
          <Counts counts={e.counts} />
        </li>
      ))}
    </ul>
  );
}

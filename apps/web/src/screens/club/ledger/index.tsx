import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ledgerTotalOf } from '../common/total';
import { useClubApi } from '../common/api';
import { formatPoints } from '../common/format';
import { Ledger } from '../common/Ledger';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';

/** /club/:clubId/ledger: the club's rating-points ledger, newest first; admins cancel with a note. */
export default function LedgerScreen() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.ledger(clubId)]), [api, clubId]);
  const [club, list] = page.data ?? [null, null];
  return (
    <ClubPage title={t('ledger.title')} error={page.error} ready={page.data !== null}>
      <Link to={`/club/${clubId}`}>← {club?.club.name}</Link>
      <p style={{ margin: 0 }}>
        {t('ledger.total')}: <span className="club-points">{formatPoints(ledgerTotalOf(list?.entries ?? []), i18n.language)}</span>
      </p>
      <Ledger entries={list?.entries ?? []} admin={club?.me.role === 'admin'} onChanged={page.reload} />
    </ClubPage>
  );
}

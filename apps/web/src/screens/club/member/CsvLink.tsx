import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProfileTable } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { useCsvHref } from '../common/csvHref';

/**
 * «Скачать CSV» for one table of the profile: a plain link to the API (the browser sends the
 * session cookie). Its accessible name says which table: «Скачать CSV: Победы по ролям».
 */
export function CsvLink({ table, title }: { readonly table: ProfileTable; readonly title: string }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '', userId = '' } = useParams();
  const href = useCsvHref(api.profileCsvUrl(clubId, userId, table));
  return (
    <a className="btn profile-csv" href={href} download={`member-${table}.csv`} aria-label={t('profile.csvOf', { table: title })}>
      {t('leaderboard.csv')}
    </a>
  );
}

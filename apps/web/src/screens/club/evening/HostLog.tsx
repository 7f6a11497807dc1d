import { useTranslation } from 'react-i18next';
import type { EveningPage } from '@mafia/protocol';
import { formatDateTime } from '../common/format';

/** Every assignment and handover of a table's host, on the record (issue 24). */
export function HostLog({ page }: { readonly page: EveningPage }) {
  const { t, i18n } = useTranslation('club');
  const log = page.hostLog ?? [];
  if (log.length === 0) return null;
  return (
    <details className="card">
      <summary>{t('tables.hostLog')}</summary>
      <ul className="club-list" data-testid="host-log">
        {log.map((l, i) => (
          <li key={i}>
            {formatDateTime(l.at, i18n.language)} · {l.from
              ? t('tables.handedOver', { n: l.tableNo, from: l.from.nickname, to: l.to.nickname, by: l.by.nickname })
              : t('tables.assigned', { n: l.tableNo, to: l.to.nickname, by: l.by.nickname })}
          </li>
        ))}
      </ul>
    </details>
  );
}

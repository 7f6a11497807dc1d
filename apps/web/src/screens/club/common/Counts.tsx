import { useTranslation } from 'react-i18next';
import type { Counts as CountsOf } from '@mafia/protocol';

/** YES / NO / no answer of an evening's invitations. */
export function Counts({ counts }: { readonly counts: CountsOf }) {
  const { t } = useTranslation('club');
  return (
    <div className="club-counts" data-testid="counts">
      <span className="club-badge" data-kind="yes">
        {t('counts.yes', { n: counts.yes })}
      </span>
      <span className="club-badge" data-kind="no">
        {t('counts.no', { n: counts.no })}
      </span>
      <span className="club-badge">{t('counts.none', { n: counts.none })}</span>
    </div>
  );
}

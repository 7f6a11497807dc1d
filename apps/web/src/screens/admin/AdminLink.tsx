import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminAuth } from '../../net/useRoom';

/** A link to the admin page, shown only on the device that holds this room's admin key. */
export function AdminLink({ code }: { readonly code: string }) {
  const { t } = useTranslation();
  const held = useMemo(() => adminAuth(code) !== null, [code]);
  if (!held) return null;
  return (
    <Link className="btn" to={`/r/${code}/admin`} data-testid="admin-link">
      {t('admin.open')}
    </Link>
  );
}

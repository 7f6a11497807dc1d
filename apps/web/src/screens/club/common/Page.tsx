import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ClubApiError } from '../../../net/clubApi';
import { Layout } from '../../../ui';
import { ErrorText } from './errors';
import './club.css';

/**
 * A club page: the app's layout, a loading line until `ready`, and a page-level refusal. A page
 * that needs a session and has none offers the sign-in, which comes back here afterwards.
 */
export function ClubPage({ title, error, ready, children, nav = true }: {
  readonly title: ReactNode;
  readonly error?: ClubApiError | null;
  readonly ready: boolean;
  readonly children?: ReactNode;
  readonly nav?: boolean;
}) {
  const { t } = useTranslation('club');
  const here = useLocation();
  return (
    <Layout title={title}>
      {nav && (
        <nav className="row club-nav" aria-label={t('nav.label')}>
          <Link to="/club">{t('nav.clubs')}</Link>
          <Link to="/account">{t('nav.account')}</Link>
        </nav>
      )}
      {error?.code === 'sign-in-required' ? (
        <div className="card stack">
          <p>{t('signin.needed')}</p>
          <Link className="btn btn-primary" to={`/signin?next=${encodeURIComponent(here.pathname)}`}>
            {t('signin.title')}
          </Link>
        </div>
      ) : error ? (
        <ErrorText error={error} />
      ) : !ready ? (
        <p className="muted" role="status">
          {t('loading', { ns: 'common' })}
        </p>
      ) : (
        children
      )}
    </Layout>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';
import { takeNext } from '../common/next';
import { ClubPage } from '../common/Page';

/**
 * /signin/:token: the e-mailed link. Uses it once (POST /api/auth/link/consume) and goes to the page
 * that asked for the sign-in, else /club. A forged, used or expired link says so and offers a new one.
 */
export default function ConsumeLink() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const act = useAction();
  // One request per link, even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void act.run(() => api.consumeLink(token)).then((ok) => {
      if (ok) navigate(takeNext(), { replace: true });
    });
  }, [act, api, navigate, token]);
  return (
    <ClubPage title={t('signin.title')} ready nav={false}>
      {act.error ? (
        <div className="card stack">
          <ErrorText error={act.error} />
          <Link className="btn btn-primary" to="/signin">
            {t('signin.newLink')}
          </Link>
        </div>
      ) : (
        <p className="muted" role="status">
          {t('signin.consuming')}
        </p>
      )}
    </ClubPage>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';

/**
 * /join/:token: the club's invitation to join (issue 23 point 9). Shows the club's name and the
 * nickname it gave; «Принять» signs her in (the link came to her mailbox) and makes her a member,
 * «Отказаться» removes the pending membership. Opening the page answers nothing: mail scanners open links.
 */
export default function JoinScreen() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const { token = '' } = useParams();
  const page = useLoad(() => api.showJoin(token), [api, token]);
  const act = useAction();
  const [done, setDone] = useState<'accepted' | 'declined' | null>(null);
  const p = page.data;
  const accept = async () => {
    if (await act.run(() => api.acceptJoin(token))) setDone('accepted');
  };
  const decline = async () => {
    if (await act.run(() => api.declineJoin(token))) setDone('declined');
  };
  return (
    <ClubPage title={p?.club.name ?? t('join.title')} error={page.error} ready={p !== null} nav={false}>
      {p && done === null && (
        <div className="card stack" data-testid="join-invite">
          <p style={{ margin: 0 }}>{t('join.body', { club: p.club.name, nickname: p.nickname })}</p>
          <p className="muted" style={{ margin: 0 }}>
            {t('join.privacy')}
          </p>
          <div className="row">
            <Button variant="primary" disabled={act.busy} onClick={() => void accept()}>
              {t('join.accept')}
            </Button>
            <Button disabled={act.busy} onClick={() => void decline()}>
              {t('join.decline')}
            </Button>
          </div>
          <ErrorText error={act.error} />
        </div>
      )}
      {p && done === 'accepted' && (
        <div className="card stack" role="status">
          <p style={{ margin: 0 }}>{t('join.accepted', { club: p.club.name })}</p>
          <Link className="btn btn-primary" to={`/club/${p.club.id}`}>
            {t('join.toClub')}
          </Link>
        </div>
      )}
      {p && done === 'declined' && (
        <p className="card" role="status">
          {t('join.declined')}
        </p>
      )}
    </ClubPage>
  );
}

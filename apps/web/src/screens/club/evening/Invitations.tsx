import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EveningPage } from '../../../net/clubApi';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { AnswerBadge } from '../common/bits';
import { ErrorText, useAction } from '../common/errors';
import { formatDateTime } from '../common/format';

/** Who said ДА / НЕТ / nothing; delivery errors and «Разослать приглашения» for admins. */
export function Invitations({ page, admin, onChanged }: { readonly page: EveningPage; readonly admin: boolean; readonly onChanged: () => void }) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [sent, setSent] = useState<number | null>(null);
  const send = async () => {
    const r = await act.run(() => api.invite(page.evening.id));
    if (r) {
      setSent(r.invited);
      onChanged();
    }
  };
  return (
    <section className="stack" aria-labelledby="ev-invitations">
      <h2 id="ev-invitations" className="club-h">
        {t('evening.invitations')}
      </h2>
      {page.invitations.length === 0 ? (
        <p className="muted">{t('evening.noInvitations')}</p>
      ) : (
        <ul className="club-list">
          {page.invitations.map((i) => (
            <li key={i.userId} className="row" style={{ gap: 8 }} data-testid={`invitation-${i.userId}`}>
              <span style={{ fontWeight: 600 }}>{i.nickname}</span>
              <AnswerBadge answer={i.answer} />
              {i.answeredAt !== null && <span className="muted">{formatDateTime(i.answeredAt, i18n.language)}</span>}
              {i.unanswered && <span className="muted">{t('evening.unanswered')}</span>}
              {admin && i.deliveryError && (
                <span className="error" style={{ flexBasis: '100%' }}>
                  {t('evening.deliveryError', { error: i.deliveryError })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {admin && (
        <>
          <Button variant="primary" block disabled={act.busy} onClick={() => void send()}>
            {t('evening.invite')}
          </Button>
          {sent !== null && <p role="status">{t('evening.invited', { count: sent })}</p>}
          <ErrorText error={act.error} />
        </>
      )}
    </section>
  );
}

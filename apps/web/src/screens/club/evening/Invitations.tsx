import { useState } from 'react';
import type { Member, EveningPage } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { AnswerBadge } from '../common/bits';
import type { ClubApiError } from '../../../net/clubApi';
import { ErrorText, useAction } from '../common/errors';
import { formatDateTime } from '../common/format';
import { ClubList, TitledSection } from '../common/section';

/** Who said ДА / НЕТ / nothing; delivery errors and «Разослать приглашения» for admins. */
export function Invitations({ page, admin, members, membersError, onChanged }: {
  readonly page: EveningPage; readonly admin: boolean; readonly members: readonly Member[]; readonly membersError: ClubApiError | null;
  readonly onChanged: () => void;
}) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [sent, setSent] = useState<number | null>(null);
  // The admin picks who is invited: everyone on the invitation list not yet invited, ticked by
  // default (he may untick himself or anyone); members taken off the list are shown, not offered.
  // `members` is loaded with the page (index.tsx), for admins only.
  const invited = new Set(page.invitations.map((i) => i.userId));
  const candidates = members.filter((m) => !invited.has(m.userId));
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const chosen = candidates.filter((m) => m.onList && !unticked.has(m.userId)).map((m) => m.userId);
  const toggle = (id: string) => setUnticked((u) => {
    const next = new Set(u);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const send = async () => {
    const r = await act.run(() => api.invite(page.evening.id, chosen));
    if (r) {
      setSent(r.invited);
      onChanged();
    }
  };
  return (
    <TitledSection id="ev-invitations" title={t('evening.invitations')}>
      <ClubList items={page.invitations} empty={t('evening.noInvitations')}>
        {(i) => <InvitationRow key={i.userId} invitation={i} admin={admin} />}
      </ClubList>
      {admin && candidates.length > 0 && (
        <fieldset className="card stack" style={{ gap: 4 }}>
          <legend>{t('evening.inviteWho')}</legend>
          {candidates.map((m) => (
            <label key={m.userId} className="row" style={{ gap: 8, minHeight: 48 }}>
              <input type="checkbox" disabled={!m.onList} checked={m.onList && !unticked.has(m.userId)} onChange={() => toggle(m.userId)} style={{ width: 24, height: 24 }} />
              <span>{m.nickname}</span>
              {!m.onList && <span className="club-badge">{t('members.offList')}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {admin && (
        <>
          <Button variant="primary" block disabled={act.busy || chosen.length === 0} onClick={() => void send()}>
            {t('evening.invite')}
          </Button>
          {sent !== null && <p role="status">{t('evening.invited', { count: sent })}</p>}
          <ErrorText error={act.error ?? membersError} />
        </>
      )}
    </TitledSection>
  );
}

/** One invitation: the member, his answer and when, and for admins the delivery error. */
function InvitationRow({ invitation: i, admin }: { readonly invitation: EveningPage['invitations'][number]; readonly admin: boolean }) {
  const { t, i18n } = useTranslation('club');
  return (
    <li className="row" style={{ gap: 8 }} data-testid={`invitation-${i.userId}`}>
      <span style={{ fontWeight: 600 }}>{i.nickname}</span>
      <AnswerBadge answer={i.answer} />
      {i.answeredAt !== null && <span className="muted">{formatDateTime(i.answeredAt, i18n.language)}</span>}
      {i.unanswered && <span className="muted">{t('evening.unanswered')}</span>}
      {admin && i.deliveryError && (
        <span className="error" style={{ flexBasis: '100%' }}>
          {t(i.deliveryError.channel === 'sms' ? 'evening.deliveryErrorSms' : 'evening.deliveryErrorEmail', { to: i.deliveryError.to, detail: i.deliveryError.detail })}
        </span>
      )}
    </li>
  );
}

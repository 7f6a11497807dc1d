import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClubRole, Member } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';
import { formatPoints } from '../common/format';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { AddMember, ROLES } from './AddMember';
import { BulkAdd } from './BulkAdd';
import { InviteAgain } from './InviteAgain';
import { ArchivedMembers, MemberCorrections } from '../corrections/MemberCorrections';

const STATUS_TEXT = { invited: 'members.invited', expired: 'members.inviteExpired', nickname: 'members.nicknameOnly' } as const;

/**
 * /club/:clubId/members. Admins: every field, the invitation counts (sent / yes / no / unanswered),
 * the unanswered streak, «Снят с рассылки» with «Вернуть в список», the role, and adding a member.
 * Pending members (added by e-mail, not accepted yet) show «Приглашён(а)» with resend and withdraw;
 * nickname-only ones whose invitation was withdrawn, declined («Только ник») or expired («Приглашение
 * истекло») have «Пригласить снова», which asks for the address again.
 * Others: nicknames, roles and what each member shares (the server sends nothing more).
 */
export default function Members() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.members(clubId)]), [api, clubId]);
  const [club, list] = page.data ?? [null, null];
  const admin = club?.me.role === 'admin';
  return (
    <ClubPage title={t('members.title')} error={page.error} ready={page.data !== null}>
      <Link to={`/club/${clubId}`}>← {club?.club.name}</Link>
      <ul className="club-list" aria-label={t('members.title')}>
        {(list?.members ?? []).map((m) => (
          <MemberRow key={m.userId} clubId={clubId} m={m} admin={admin} others={list?.members ?? []} onChanged={page.reload} />
        ))}
      </ul>
      {admin && <ArchivedMembers clubId={clubId} onChanged={page.reload} />}
      {admin && <AddMember clubId={clubId} onAdded={page.reload} />}
      {admin && <BulkAdd clubId={clubId} onAdded={page.reload} />}
    </ClubPage>
  );
}

function MemberRow({ clubId, m, admin, others, onChanged }: { readonly clubId: string; readonly m: Member; readonly admin: boolean; readonly others: readonly Member[]; readonly onChanged: () => void }) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const patch = async (p: { role?: ClubRole; restore?: true }) => {
    if (await act.run(() => api.updateMember(clubId, m.userId, p))) onChanged();
  };
  return (
    <li className="stack" style={{ gap: 6 }} data-testid={`member-${m.userId}`}>
      <div className="row" style={{ gap: 8 }}>
        <Link to={`/club/${clubId}/members/${m.userId}`} style={{ fontWeight: 700 }}>
          {m.nickname}
        </Link>
        {!admin && <span className="club-badge">{t(`roles.${m.role}`)}</span>}
        {m.status ? (
          <span className="club-badge" data-kind={m.status} title={m.status === 'invited' ? t('members.invitedHint') : undefined}>
            {t(STATUS_TEXT[m.status])}
          </span>
        ) : (
          !m.onList && (
            <span className="club-badge" data-kind="off">
              {t('members.offList')}
            </span>
          )
        )}
        <span className="club-points">{formatPoints(m.points, i18n.language)}</span>
      </div>
      {(m.name || m.email || m.phone) && <div className="muted">{[m.name, m.email, m.phone].filter(Boolean).join(' · ')}</div>}
      {m.invitations && (
        <div className="muted" style={{ fontSize: '0.9rem' }}>
          {t('members.invitations', { ...m.invitations })} · {t('members.streak', { n: m.unansweredStreak })}
        </div>
      )}
      {admin && (
        <div className="row">
          <label htmlFor={`role-${m.userId}`} className="visually-hidden">
            {t('members.roleOf', { nickname: m.nickname })}
          </label>
          <select id={`role-${m.userId}`} className="input" value={m.role} disabled={act.busy} onChange={(e) => void patch({ role: e.target.value as ClubRole })}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          {!m.onList && !m.status && (
            <Button disabled={act.busy} onClick={() => void patch({ restore: true })} label={t('members.restoreOf', { nickname: m.nickname })}>
              {t('members.restore')}
            </Button>
          )}
          {m.status === 'invited' && <PendingActions clubId={clubId} m={m} act={act} onChanged={onChanged} />}
          {(m.status === 'nickname' || m.status === 'expired') && <InviteAgain clubId={clubId} m={m} onSent={onChanged} />}
          {m.status === 'expired' && <WithdrawButton clubId={clubId} m={m} act={act} onChanged={onChanged} />}
        </div>
      )}
      {admin && <MemberCorrections clubId={clubId} m={m} others={others} onChanged={onChanged} />}
      <ErrorText error={act.error} />
    </li>
  );
}

/** Resend (the server allows one every 10 minutes) or withdraw a pending invitation to join. */
function PendingActions({ clubId, m, act, onChanged }: { readonly clubId: string; readonly m: Member; readonly act: ReturnType<typeof useAction>; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const [resent, setResent] = useState(false);
  const resend = async () => {
    if (await act.run(() => api.resendJoin(clubId, m.userId))) setResent(true);
  };
  return (
    <>
      <Button disabled={act.busy} onClick={() => void resend()} label={t('members.resendOf', { nickname: m.nickname })}>
        {t('members.resend')}
      </Button>
      <WithdrawButton clubId={clubId} m={m} act={act} onChanged={onChanged} />
      {resent && <span role="status" className="muted">{t('members.resent')}</span>}
    </>
  );
}

/** Withdraws an invitation to join (a pending or an expired one); the member goes unless his nickname has a history. */
function WithdrawButton({ clubId, m, act, onChanged }: { readonly clubId: string; readonly m: Member; readonly act: ReturnType<typeof useAction>; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const cancel = async () => {
    if (await act.run(() => api.cancelJoin(clubId, m.userId))) onChanged();
  };
  return (
    <Button disabled={act.busy} onClick={() => void cancel()} label={t('members.cancelInviteOf', { nickname: m.nickname })}>
      {t('members.cancelInvite')}
    </Button>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { ErrorText } from '../common/errors';
import { useLoad } from '../common/useLoad';
import { ReasonForm } from './ReasonForm';

/** A member row's corrections (admins): «В архив» and «Объединить с другим участником». */
export function MemberCorrections({ clubId, m, others, onChanged }: { readonly clubId: string; readonly m: Member; readonly others: readonly Member[]; readonly onChanged: () => void }) {
  const { t } = useTranslation('corrections');
  const api = useClubApi();
  const candidates = others.filter((o) => o.userId !== m.userId);
  const [into, setInto] = useState('');
  const [nickname, setNickname] = useState('');
  const target = candidates.find((o) => o.userId === into);
  return (
    <>
      {m.role !== 'admin' && (
        <ReasonForm summary={t('member.archiveOf', { nickname: m.nickname })} confirm={t('member.archive')} onSubmit={(r) => api.archiveMember(clubId, m.userId, r)} onDone={onChanged} testId={`archive-${m.userId}`} />
      )}
      {m.role !== 'admin' && candidates.length > 0 && (
        <ReasonForm
          summary={t('member.mergeOf', { nickname: m.nickname })}
          confirm={t('member.mergeConfirm')}
          hint={t('member.mergeHint', { nickname: m.nickname })}
          onSubmit={(r) => api.mergeMember(clubId, m.userId, into, r, nickname && nickname !== target?.nickname ? nickname : undefined)}
          onDone={onChanged}
          testId={`merge-${m.userId}`}
          fieldPaths={['into', 'nickname']}
        >
          <div className="field">
            <label htmlFor={`merge-into-${m.userId}`}>{t('member.mergeInto')}</label>
            <select id={`merge-into-${m.userId}`} className="input" value={into} onChange={(e) => { setInto(e.target.value); setNickname(candidates.find((o) => o.userId === e.target.value)?.nickname ?? ''); }}>
              <option value="" disabled>—</option>
              {candidates.map((o) => <option key={o.userId} value={o.userId}>{o.nickname}</option>)}
            </select>
          </div>
          {target && (
            <div className="field">
              <label htmlFor={`merge-nick-${m.userId}`}>{t('member.mergeNickname')}</label>
              <select id={`merge-nick-${m.userId}`} className="input" value={nickname} onChange={(e) => setNickname(e.target.value)}>
                <option value={target.nickname}>{target.nickname}</option>
                <option value={m.nickname}>{m.nickname}</option>
              </select>
            </div>
          )}
        </ReasonForm>
      )}
    </>
  );
}

/** «Архив участников» (admins): the archived members, each with «Вернуть из архива». */
export function ArchivedMembers({ clubId, onChanged }: { readonly clubId: string; readonly onChanged: () => void }) {
  const { t } = useTranslation('corrections');
  const api = useClubApi();
  const list = useLoad(() => api.archivedMembers(clubId), [api, clubId]);
  const done = () => { list.reload(); onChanged(); };
  return (
    <details className="card" data-testid="archived-members">
      <summary style={{ cursor: 'pointer', minHeight: 32 }}>{t('member.showArchive')}</summary>
      {list.data && list.data.members.length === 0 && <p className="muted">{t('member.noneArchived')}</p>}
      <ul className="club-list">
        {(list.data?.members ?? []).map((m) => (
          <li key={m.userId} className="stack" style={{ gap: 6 }} data-testid={`archived-${m.userId}`}>
            <div className="row" style={{ gap: 8 }}>
              <strong>{m.nickname}</strong>
              <span className="club-badge" data-kind="off">{t('member.archived')}</span>
            </div>
            <ReasonForm summary={t('member.unarchiveOf', { nickname: m.nickname })} confirm={t('member.unarchive')} onSubmit={(r) => api.unarchiveMember(clubId, m.userId, r)} onDone={done} testId={`unarchive-${m.userId}`} />
          </li>
        ))}
      </ul>
      <ErrorText error={list.error ?? null} />
    </details>
  );
}

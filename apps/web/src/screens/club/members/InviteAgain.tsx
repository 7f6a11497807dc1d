import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';

/**
 * «Пригласить снова» for a nickname-only member whose invitation to join was withdrawn, declined or
 * expired (its address erased): the admin types the address again and the server mails a new link
 * (POST …/members/:userId/invite with `email`; at most once per 10 minutes per member, a refusal
 * says when). The letter goes in the page's language.
 */
export function InviteAgain({ clubId, m, onSent }: { readonly clubId: string; readonly m: Member; readonly onSent: () => void }) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const id = `again-${m.userId}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await act.run(() => api.resendJoin(clubId, m.userId, { email: email.trim(), locale: i18n.language.startsWith('en') ? 'en' : 'ru' }));
    if (ok) {
      setOpen(false);
      setEmail('');
      onSent();
    }
  };
  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} label={t('members.inviteAgainOf', { nickname: m.nickname })}>
        {t('members.inviteAgain')}
      </Button>
    );
  }
  return (
    <form className="row" onSubmit={submit} aria-label={t('members.inviteAgainOf', { nickname: m.nickname })}>
      <div className="field">
        <label htmlFor={id}>{t('members.inviteAgainEmail', { nickname: m.nickname })}</label>
        <input id={id} className="input" type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
        <ErrorText error={errorAt(act.error, 'email')} />
      </div>
      <Button type="submit" variant="primary" disabled={act.busy || !email.trim()}>
        {t('members.inviteAgainSend')}
      </Button>
      <ErrorText error={errorElsewhere(act.error, ['email'])} />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyClub } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { PublicToggle } from './PublicToggle';

/** Per club: my nickname and what I share with its members (PATCH /api/me/clubs/:clubId). */
export function ClubSettings({ club }: { readonly club: MyClub }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [f, setF] = useState({ nickname: club.nickname, shareName: !!club.shareName, shareEmail: !!club.shareEmail, sharePhone: !!club.sharePhone });
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (await act.run(() => api.updateMembership(club.id, { ...f, nickname: f.nickname.trim() }))) setSaved(true);
  };
  const box = (k: 'shareName' | 'shareEmail' | 'sharePhone') => (
    <label className="club-check">
      <input type="checkbox" checked={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.checked })} />
      {t(`account.${k}`)}
    </label>
  );
  const nick = `nick-${club.id}`;
  return (
    <form className="card club-form" onSubmit={submit} aria-label={club.name}>
      <h3 style={{ margin: 0 }}>{club.name}</h3>
      <div className="field">
        <label htmlFor={nick}>{t('fields.myNickname')}</label>
        <input id={nick} className="input" required maxLength={40} value={f.nickname} onChange={(e) => setF({ ...f, nickname: e.target.value })} />
        <ErrorText error={errorAt(act.error, 'nickname')} />
      </div>
      {box('shareName')}
      {box('shareEmail')}
      {box('sharePhone')}
      <Button type="submit" disabled={act.busy}>
        {t('account.save')}
      </Button>
      {saved && <p role="status">{t('account.saved')}</p>}
      <ErrorText error={errorElsewhere(act.error, ['nickname'])} />
      {club.role === 'admin' && <PublicToggle club={club} />}
    </form>
  );
}

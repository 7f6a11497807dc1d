import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ClubApiError } from '../../../net/clubApi';
import { type LetterLocale, type User } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { ClubSettings } from './ClubSettings';

/**
 * /account: my data (name, phone, language, password), per club my nickname and what I share,
 * «Скачать мои данные» (GET /api/me/export as a JSON file) and «Удалить аккаунт» (type the e-mail).
 */
export default function Account() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const me = useLoad(() => api.me(), [api]);
  const user = me.data?.user ?? null;
  const error = me.error ?? (me.data && !user ? new ClubApiError('sign-in-required', 'sign in first', 401) : null);
  const out = useAction();
  const logout = async () => {
    if (await out.run(() => api.logout())) navigate('/');
  };
  return (
    <ClubPage title={t('account.title')} error={error} ready={me.data !== null}>
      {user && (
        <>
          <Profile user={user} />
          <PasswordForm has={user.hasPassword} />
          {(me.data?.clubs ?? []).map((c) => (
            <ClubSettings key={c.id} club={c} />
          ))}
          <Export />
          <Delete email={user.email} />
          <Button block onClick={() => void logout()} disabled={out.busy}>
            {t('account.logout')}
          </Button>
          <ErrorText error={out.error} />
        </>
      )}
    </ClubPage>
  );
}

function Profile({ user }: { readonly user: User }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [f, setF] = useState<{ name: string; phone: string; locale: LetterLocale }>({ name: user.name ?? '', phone: user.phone ?? '', locale: user.locale === 'en' ? 'en' : 'ru' });
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (await act.run(() => api.updateMe({ name: f.name.trim(), phone: f.phone.trim(), locale: f.locale }))) setSaved(true);
  };
  return (
    <ClubForm labelledBy="acc-profile" title={t('account.profile')} onSubmit={submit}>
      <p className="muted" style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {t('fields.email')}: {user.email}
      </p>
      <InputField id="acc-name" label={t('fields.name')} autoComplete="name" value={f.name} onValue={(name) => setF({ ...f, name })} error={errorAt(act.error, 'name')} />
      <InputField id="acc-phone" label={t('fields.phone')} type="tel" autoComplete="tel" value={f.phone} onValue={(phone) => setF({ ...f, phone })} error={errorAt(act.error, 'phone')} />
      <div className="field">
        <label htmlFor="acc-locale">{t('fields.locale')}</label>
        <select id="acc-locale" className="input" value={f.locale} onChange={(e) => setF({ ...f, locale: e.target.value === 'en' ? 'en' : 'ru' })}>
          <option value="ru">Русский</option>
          <option value="en">English</option>
        </select>
      </div>
      <Button type="submit" disabled={act.busy}>
        {t('account.save')}
      </Button>
      {saved && <p role="status">{t('account.saved')}</p>}
      <ErrorText error={errorElsewhere(act.error, ['name', 'phone'])} />
    </ClubForm>
  );
}

function PasswordForm({ has }: { readonly has: boolean }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [password, setPassword] = useState('');
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (await act.run(() => api.setPassword(password))) {
      setPassword('');
      setSaved(true);
    }
  };
  return (
    <ClubForm labelledBy="acc-password" title={t('fields.password')} onSubmit={submit}>
      <p className="muted" style={{ margin: 0 }}>
        {has || saved ? t('account.passwordSet') : t('account.passwordNotSet')}
      </p>
      <InputField id="acc-new-password" label={t('account.newPassword')} type="password" autoComplete="new-password" minLength={8} maxLength={200} value={password} onValue={setPassword} />
      <Button type="submit" disabled={act.busy || password.length < 8}>
        {t('account.setPassword')}
      </Button>
      {saved && <p role="status">{t('account.saved')}</p>}
      <ErrorText error={act.error} />
    </ClubForm>
  );
}

function Export() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const download = async () => {
    const data = await act.run(() => api.exportMe());
    if (data === undefined) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'mafia-club-my-data.json';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="card stack">
      <Button block onClick={() => void download()} disabled={act.busy}>
        {t('account.export')}
      </Button>
      <ErrorText error={act.error} />
    </div>
  );
}

function Delete({ email }: { readonly email: string }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const act = useAction();
  const [confirm, setConfirm] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await act.run(() => api.deleteMe(confirm.trim()))) navigate('/');
  };
  return (
    <ClubForm labelledBy="acc-delete" title={t('account.delete')} onSubmit={submit}>
      <p className="muted" style={{ margin: 0 }}>
        {t('account.deleteHint')}
      </p>
      <InputField id="acc-confirm" label={t('account.confirmEmail')} type="email" autoComplete="off" value={confirm} onValue={setConfirm} error={errorAt(act.error, 'confirm')} />
      <SubmitButton label={t('account.deleteButton')} variant="danger" disabled={act.busy || confirm.trim().toLowerCase() !== email.toLowerCase()} error={errorElsewhere(act.error, ['confirm'])} />
    </ClubForm>
  );
}

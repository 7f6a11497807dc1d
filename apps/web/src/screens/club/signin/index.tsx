import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClubApi } from '../common/api';
import { errorAt, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { rememberNext, safeNext } from '../common/next';
import { ClubPage } from '../common/Page';

/** /signin: a one-time link by e-mail (POST /api/auth/link), or the password when he has set one. */
export default function SignIn() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const link = useAction();
  const [pwEmail, setPwEmail] = useState('');
  const [password, setPassword] = useState('');
  const pw = useAction();

  const sendLink = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    rememberNext(next);
    const ok = await link.run(() => api.requestLink(address, i18n.language === 'ru' ? 'ru' : 'en'));
    if (ok) setSentTo(address);
  };
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await pw.run(() => api.signInWithPassword(pwEmail.trim(), password));
    if (ok) navigate(next ?? '/club');
  };

  return (
    <ClubPage title={t('signin.title')} ready nav={false}>
      <ClubForm labelledBy="link-title" title={t('signin.linkTitle')} onSubmit={sendLink}>
        <p className="muted" style={{ margin: 0 }}>
          {t('signin.linkHint')}
        </p>
        <InputField id="signin-email" label={t('fields.email')} type="email" autoComplete="email" required value={email} onValue={setEmail} error={errorAt(link.error, 'email')} />
        <SubmitButton label={t('signin.sendLink')} disabled={link.busy || email.trim() === ''} error={errorElsewhere(link.error, ['email'])} />
        {sentTo && (
          <p role="status" className="card" style={{ margin: 0 }}>
            {t('signin.sent', { email: sentTo })}
          </p>
        )}
      </ClubForm>
      <ClubForm labelledBy="pw-title" title={t('signin.passwordTitle')} onSubmit={signIn}>
        <InputField id="pw-email" label={t('fields.email')} type="email" autoComplete="username" required value={pwEmail} onValue={setPwEmail} />
        <InputField id="pw-password" label={t('fields.password')} type="password" autoComplete="current-password" required value={password} onValue={setPassword} />
        <SubmitButton label={t('signin.withPassword')} variant="default" disabled={pw.busy || pwEmail.trim() === '' || password === ''} error={pw.error} />
      </ClubForm>
    </ClubPage>
  );
}

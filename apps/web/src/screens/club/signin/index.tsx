import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
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
      <form className="card club-form" onSubmit={sendLink} aria-labelledby="link-title">
        <h2 id="link-title" className="club-h">
          {t('signin.linkTitle')}
        </h2>
        <p className="muted" style={{ margin: 0 }}>
          {t('signin.linkHint')}
        </p>
        <div className="field">
          <label htmlFor="signin-email">{t('fields.email')}</label>
          <input id="signin-email" className="input" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <ErrorText error={errorAt(link.error, 'email')} />
        </div>
        <Button type="submit" variant="primary" block disabled={link.busy || email.trim() === ''}>
          {t('signin.sendLink')}
        </Button>
        <ErrorText error={errorElsewhere(link.error, ['email'])} />
        {sentTo && (
          <p role="status" className="card" style={{ margin: 0 }}>
            {t('signin.sent', { email: sentTo })}
          </p>
        )}
      </form>
      <form className="card club-form" onSubmit={signIn} aria-labelledby="pw-title">
        <h2 id="pw-title" className="club-h">
          {t('signin.passwordTitle')}
        </h2>
        <div className="field">
          <label htmlFor="pw-email">{t('fields.email')}</label>
          <input id="pw-email" className="input" type="email" autoComplete="username" required value={pwEmail} onChange={(e) => setPwEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="pw-password">{t('fields.password')}</label>
          <input id="pw-password" className="input" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <Button type="submit" block disabled={pw.busy || pwEmail.trim() === '' || password === ''}>
          {t('signin.withPassword')}
        </Button>
        <ErrorText error={pw.error} />
      </form>
    </ClubPage>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CODE_LENGTH, isRoomCode, normalizeCode } from '../../net/code';
import { Button, Layout } from '../../ui';

/** Home: create a game, find an open one (/play), or join one by its 6-character code. */
export default function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const join = (e: FormEvent) => {
    e.preventDefault();
    if (isRoomCode(code)) navigate(`/r/${code}`);
  };
  return (
    <Layout title={t('app.name')}>
      <p className="muted">{t('app.tagline')}</p>
      <Button variant="primary" size="large" block onClick={() => navigate('/new')}>
        {t('home.create')}
      </Button>
      <Link className="btn btn-block btn-large" to="/play" data-testid="home-play">
        {t('home.play')}
      </Link>
      <Link className="btn btn-block btn-large" to="/practice" data-testid="home-practice">
        {t('home.practice')}
      </Link>
      <form className="card stack" onSubmit={join} aria-labelledby="join-title">
        <h2 id="join-title" style={{ margin: 0 }}>
          {t('home.joinTitle')}
        </h2>
        <div className="field">
          <label htmlFor="room-code">{t('home.codeLabel')}</label>
          <input
            id="room-code"
            className="input input-code"
            value={code}
            onChange={(e) => setCode(normalizeCode(e.target.value))}
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={CODE_LENGTH}
            placeholder="K7QX2M"
            aria-describedby="code-hint"
          />
          <span id="code-hint" className="muted">
            {t('home.codeHint')}
          </span>
        </div>
        <Button type="submit" size="large" block disabled={!isRoomCode(code)}>
          {t('home.join')}
        </Button>
      </form>
      <Link className="btn btn-block" to="/club">
        {t('home.club')}
      </Link>
    </Layout>
  );
}

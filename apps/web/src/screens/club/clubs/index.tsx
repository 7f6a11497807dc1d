import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClubApiError } from '../../../net/clubApi';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';

/** /club: my clubs (GET /api/me) and «Создать клуб» (POST /api/clubs → the new club's calendar). */
export default function Clubs() {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const navigate = useNavigate();
  const me = useLoad(() => api.me(), [api]);
  const [name, setName] = useState('');
  const [nickname, setNickname] = useState('');
  const act = useAction();
  // GET /api/me answers {user: null} without a session: the same as a refusal to a signed-out visitor.
  const error = me.error ?? (me.data && !me.data.user ? new ClubApiError('sign-in-required', 'sign in first', 401) : null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const made = await act.run(() => api.createClub(name.trim(), nickname.trim()));
    if (made) navigate(`/club/${made.club.id}`);
  };

  return (
    <ClubPage title={t('clubs.title')} error={error} ready={me.data !== null}>
      <section className="stack" aria-labelledby="my-clubs">
        <h2 id="my-clubs" className="club-h">
          {t('clubs.mine')}
        </h2>
        {me.data?.clubs?.length ? (
          <ul className="club-list">
            {me.data.clubs.map((c) => (
              <li key={c.id}>
                <Link to={`/club/${c.id}`}>{c.name}</Link>
                <div className="muted">
                  {c.nickname} · {t(`roles.${c.role}`)}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('clubs.none')}</p>
        )}
      </section>
      <form className="card club-form" onSubmit={create} aria-labelledby="new-club">
        <h2 id="new-club" className="club-h">
          {t('clubs.create')}
        </h2>
        <div className="field">
          <label htmlFor="club-name">{t('fields.clubName')}</label>
          <input id="club-name" className="input" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          <ErrorText error={errorAt(act.error, 'name')} />
        </div>
        <div className="field">
          <label htmlFor="club-nickname">{t('fields.myNickname')}</label>
          <input id="club-nickname" className="input" required maxLength={40} value={nickname} onChange={(e) => setNickname(e.target.value)} />
          <ErrorText error={errorAt(act.error, 'nickname')} />
        </div>
        <Button type="submit" variant="primary" block disabled={act.busy || !name.trim() || !nickname.trim()}>
          {t('clubs.createButton')}
        </Button>
        <ErrorText error={errorElsewhere(act.error, ['name', 'nickname'])} />
      </form>
    </ClubPage>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ClubApiError } from '../../../net/clubApi';
import { useClubApi } from '../common/api';
import { errorAt, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { TitledSection } from '../common/section';

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
      <TitledSection id="my-clubs" title={t('clubs.mine')}>
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
      </TitledSection>
      <ClubForm labelledBy="new-club" title={t('clubs.create')} onSubmit={create}>
        <InputField id="club-name" label={t('fields.clubName')} required maxLength={100} value={name} onValue={setName} error={errorAt(act.error, 'name')} />
        <InputField id="club-nickname" label={t('fields.myNickname')} required maxLength={40} value={nickname} onValue={setNickname} error={errorAt(act.error, 'nickname')} />
        <SubmitButton label={t('clubs.createButton')} disabled={act.busy || !name.trim() || !nickname.trim()} error={errorElsewhere(act.error, ['name', 'nickname'])} />
      </ClubForm>
    </ClubPage>
  );
}

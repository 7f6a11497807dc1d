import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClubRole } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';

const FIELDS = ['email', 'nickname', 'role'] as const;
/** The server's limits (services/members.ts): a longer value is refused, so the field stops there. */
const MAX_LENGTH = { email: 254, nickname: 40 } as const;
export const ROLES: readonly ClubRole[] = ['member', 'host', 'admin'];

/**
 * An admin adds a member: POST /api/clubs/:clubId/members. The address gets an invitation to join;
 * until the person accepts, the club knows only the nickname given here (issue 23 point 9).
 */
export function AddMember({ clubId, onAdded }: { readonly clubId: string; readonly onAdded: () => void }) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const empty = { email: '', nickname: '', role: 'member' as ClubRole };
  const [f, setF] = useState(empty);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await act.run(() =>
      api.addMember(clubId, {
        email: f.email.trim(),
        nickname: f.nickname.trim(),
        role: f.role,
        locale: i18n.language.startsWith('en') ? 'en' : 'ru',
      }),
    );
    if (ok) {
      setF(empty);
      onAdded();
    }
  };
  const text = (k: 'email' | 'nickname', type = 'text', required = false) => (
    <div className="field">
      <label htmlFor={`add-${k}`}>{t(`fields.${k}`)}</label>
      <input id={`add-${k}`} className="input" type={type} required={required} maxLength={MAX_LENGTH[k]} value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
      <ErrorText error={errorAt(act.error, k)} />
    </div>
  );
  return (
    <form className="card club-form" onSubmit={submit} aria-labelledby="add-member">
      <h2 id="add-member" className="club-h">
        {t('members.add')}
      </h2>
      {text('email', 'email', true)}
      {text('nickname', 'text', true)}
      <div className="field">
        <label htmlFor="add-role">{t('fields.role')}</label>
        <select id="add-role" className="input" value={f.role} onChange={(e) => setF({ ...f, role: e.target.value as ClubRole })}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('members.addHint')}
      </p>
      <Button type="submit" variant="primary" block disabled={act.busy || !f.email.trim() || !f.nickname.trim()}>
        {t('members.addButton')}
      </Button>
      <ErrorText error={errorElsewhere(act.error, FIELDS)} />
    </form>
  );
}

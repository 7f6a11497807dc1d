import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyClub } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';

/** An admin turns the club's public page on or off (PATCH /api/clubs/:clubId/public); off by default. */
export function PublicToggle({ club }: { readonly club: MyClub }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [on, setOn] = useState(!!club.publicPage);
  const url = `/p/${club.id}`;
  const change = async (enabled: boolean) => {
    const r = await act.run(() => api.setPublicPage(club.id, enabled));
    if (r) setOn(r.enabled);
  };
  return (
    <div className="stack">
      <label className="club-check">
        <input type="checkbox" checked={on} disabled={act.busy} onChange={(e) => void change(e.target.checked)} />
        {t('public.toggle')}
      </label>
      <p role="status" className="muted" style={{ margin: 0 }}>
        {on ? <Link to={url}>{t('public.on', { url })}</Link> : t('public.off')}
      </p>
      <ErrorText error={act.error} />
    </div>
  );
}

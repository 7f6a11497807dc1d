import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MediaPanel } from '../../media/MediaPanel';
import { adminAuth, useRoom } from '../../net/useRoom';
import { Layout, RoomStatus, RoomTitle, Timer, usePhaseLabel } from '../../ui';
import { useCode } from '../useCode';
import { AdminPanel } from './AdminPanel';

/**
 * /r/:code/admin — the room admin's controls on their own page (a phone: the creator of an online
 * room who also plays opens it beside his player screen). Its socket is the admin's: no role.
 */
export default function Admin() {
  const { t } = useTranslation();
  const code = useCode();
  const auth = useMemo(() => adminAuth(code), [code]);
  const { state, client } = useRoom(code, auth);
  const phase = usePhaseLabel(state.view);
  if (!auth) {
    return (
      <Layout title={t('admin.title')}>
        <p className="error" role="alert" data-testid="admin-no-key">
          {t('admin.noKey')}
        </p>
      </Layout>
    );
  }
  return (
    <Layout title={<RoomTitle name={t('admin.title')} code={code} />} actions={<RoomStatus state={state} />}>
      {state.view ? (
        <div className="row">
          <h2 data-testid="phase">{phase}</h2>
          <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} pausedAt={state.timer?.pausedAt} />
        </div>
      ) : null}
      <AdminPanel state={state} actions={client} />
      {/* The room admin talks over everybody (issue 26 point 1): the rules open his microphone at any time. */}
      {state.lobby?.mode === 'online' ? <MediaPanel client={client} state={state} me="host" /> : null}
      <nav className="stack">
        <Link className="btn" to={`/r/${code}`}>
          {t('admin.toLobby')}
        </Link>
      </nav>
    </Layout>
  );
}

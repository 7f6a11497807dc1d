import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuth, useRoom } from '../../net/useRoom';
import { Button, Layout, RoomClosed, RoomStatus, SeatGrid, seatsOf } from '../../ui';
import { useCode } from '../useCode';
import { HostConsole } from './Console';

/** /r/:code/host — the console of a human host (Ведущий): needs this device's host key (docs/web.md, "Host console"). */
export default function Host() {
  const { t } = useTranslation('host');
  const code = useCode();
  const auth = useMemo(() => hostAuth(code), [code]);
  const { state, client } = useRoom(code, auth);
  if (!auth) {
    return (
      <Layout title={t('title')}>
        <p className="error" role="alert">
          {t('errors.no-host-key', { ns: 'common' })}
        </p>
      </Layout>
    );
  }
  const waiting = state.lobby !== null && !state.lobby.started;
  return (
    <Layout title={`${t('title')} · ${code}`} actions={<RoomStatus state={state} />}>
      {state.lobby?.closed ? (
        <RoomClosed />
      ) : waiting ? (
        <>
          <h2 data-testid="phase" data-phase="lobby" data-n={0}>
            {t('phase.lobby', { ns: 'common' })}
          </h2>
          <p className="muted">{t('lobby.waiting')}</p>
          <SeatGrid label={t('phase.lobby', { ns: 'common' })} seats={seatsOf(state.view, state.lobby)} />
          <Button data-testid="host-start" variant="primary" size="large" block disabled={state.status !== 'open'} onClick={() => void client?.start().catch(() => {})}>
            {t('start')}
          </Button>
        </>
      ) : (
        <HostConsole state={state} actions={client} />
      )}
    </Layout>
  );
}

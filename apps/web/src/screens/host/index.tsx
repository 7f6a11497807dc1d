import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuth, useRoom } from '../../net/useRoom';
import { Button, Layout, RoomStatus, SeatGrid, seatsOf, Timer, usePhaseLabel } from '../../ui';
import { useCode } from '../useCode';

// Placeholder (stage 1): connects as the host and shows the phase; its owner builds the console.
export default function Host() {
  const { t } = useTranslation('host');
  const code = useCode();
  const auth = useMemo(() => hostAuth(code), [code]);
  const { state, client } = useRoom(code, auth);
  const phase = usePhaseLabel(state.view);
  if (!auth) {
    return (
      <Layout title={t('title')}>
        <p className="error" role="alert">
          {t('errors.no-host-key', { ns: 'common' })}
        </p>
      </Layout>
    );
  }
  return (
    <Layout title={`${t('title')} · ${code}`} actions={<RoomStatus state={state} />}>
      <h2 data-testid="phase">{phase}</h2>
      <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} />
      <SeatGrid label={phase} seats={seatsOf(state.view, state.lobby)} />
      {state.lobby && !state.lobby.started ? (
        <Button variant="primary" size="large" block disabled={state.status !== 'open'} onClick={() => void client?.start().catch(() => {})}>
          {t('start')}
        </Button>
      ) : null}
    </Layout>
  );
}

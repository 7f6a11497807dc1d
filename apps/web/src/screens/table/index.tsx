import { useTranslation } from 'react-i18next';
import { useRoom } from '../../net/useRoom';
import { Layout, RoomStatus, SeatGrid, seatsOf, Timer, usePhaseLabel } from '../../ui';
import { useCode } from '../useCode';

const SPECTATOR = { as: 'spectator' } as const;

// Placeholder (stage 1): the table screen watches as a spectator and shows the phase.
export default function Table() {
  const { t } = useTranslation('table');
  const code = useCode();
  const { state } = useRoom(code, SPECTATOR);
  const phase = usePhaseLabel(state.view);
  return (
    <Layout title={`${t('title')} · ${code}`} actions={<RoomStatus state={state} />}>
      <h2 data-testid="phase">{phase}</h2>
      <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} />
      <SeatGrid label={phase} seats={seatsOf(state.view, state.lobby)} />
    </Layout>
  );
}

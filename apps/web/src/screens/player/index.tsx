import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playerAuth, useRoom } from '../../net/useRoom';
import { Layout, RoomStatus, SeatGrid, seatsOf, Timer, usePhaseLabel } from '../../ui';
import { useCode } from '../useCode';

// Placeholder (stage 1): comes back as this device's seat, or watches and lets the person claim a free seat.
export default function Player() {
  const { t } = useTranslation('player');
  const code = useCode();
  const auth = useMemo(() => playerAuth(code), [code]);
  const { state, client } = useRoom(code, auth);
  const phase = usePhaseLabel(state.view);
  const [name, setName] = useState('');
  const mySeat = state.you?.as === 'seat' ? state.you.seat : null;
  const free = (seat: number) => state.lobby?.claimed[seat - 1] == null;
  const seats = seatsOf(state.view, state.lobby).map((s) => (mySeat === null && !free(s.seat) ? { ...s, state: 'disabled' as const } : s));
  const me = state.view?.me;
  return (
    <Layout title={mySeat ? `${t('seat.label', { ns: 'common', n: mySeat })} · ${code}` : `${t('title')} · ${code}`} actions={<RoomStatus state={state} />}>
      <h2 data-testid="phase">{phase}</h2>
      {me ? <p>{t('yourRole', { role: t(`roles.${me.role}`, { ns: 'common' }) })}</p> : null}
      <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} />
      {mySeat === null ? (
        <>
          <label className="field">
            <span>{t('name')}</span>
            <input className="input" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoComplete="nickname" />
          </label>
          <SeatGrid label={t('pickSeat')} seats={seats} onSelect={(seat) => void client?.claim(seat, name.trim() || undefined).catch(() => {})} />
        </>
      ) : (
        <SeatGrid label={phase} seats={seatsOf(state.view, state.lobby, [mySeat])} />
      )}
    </Layout>
  );
}

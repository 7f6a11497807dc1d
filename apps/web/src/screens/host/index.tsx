import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomClient, RoomState } from '../../net/client';
import { hostAuth, useRoom } from '../../net/useRoom';
import { Button, Layout, RoomClosed, RoomStatus, RoomTitle, SeatGrid, seatsOf } from '../../ui';
import { useCode } from '../useCode';
import { CloseRoomPanel } from './CloseRoom';
import { HostConsole } from './Console';
import { looseT } from '../../i18n/looseT';

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
  return <HostRoom code={code} state={state} client={client} />;
}

/** The host page for a connected room: the lobby, the console, or «Комната закрыта» once it is closed. */
export function HostRoom({ code, state, client }: { readonly code: string; readonly state: RoomState; readonly client: RoomClient | null }) {
  const { t } = useTranslation('host');
  const waiting = state.lobby !== null && !state.lobby.started;
  return (
    <Layout title={<RoomTitle name={t('title')} code={code} />} actions={<RoomStatus state={state} />}>
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
          <CloseRoomPanel t={looseT(t)} busy={state.status !== 'open'} close={() => void client?.closeRoom().catch(() => {})} />
        </>
      ) : (
        <HostConsole state={state} actions={client} />
      )}
    </Layout>
  );
}

import type { Lobby as LobbyData } from '@mafia/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, getLobby } from '../../net/http';
import { secrets } from '../../net/secrets';
import { Layout, SeatGrid, seatsOf } from '../../ui';
import { useCode } from '../useCode';

// Placeholder (stage 1): the lobby of GET /api/rooms/:code and the ways in.
export default function Lobby() {
  const { t } = useTranslation('lobby');
  const code = useCode();
  const [lobby, setLobby] = useState<LobbyData | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    let live = true;
    getLobby(code).then(
      (l) => live && setLobby(l),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError('network', String(e), 0)),
    );
    return () => {
      live = false;
    };
  }, [code]);
  const isHost = secrets().getHostKey(code) !== null;
  return (
    <Layout title={t('title', { code })}>
      {error ? (
        <p className="error" role="alert">
          {error.code === 'no-room' ? t('errors.no-room', { ns: 'common' }) : `${error.code}: ${error.message}`}
        </p>
      ) : null}
      {lobby ? (
        <>
          <p>
            {t(`presets.${lobby.preset}`, { ns: 'common', defaultValue: lobby.preset })} · {t(`modes.${lobby.mode}`, { ns: 'common' })} ·{' '}
            {t('claimed', { taken: lobby.claimed.filter((c) => c !== null).length, seats: lobby.seats })}
          </p>
          <SeatGrid label={t('claimed', { taken: lobby.claimed.filter((c) => c !== null).length, seats: lobby.seats })} seats={seatsOf(null, lobby)} />
        </>
      ) : null}
      <div className="stack">
        <Link className="btn btn-primary btn-large" to={`/r/${code}/play`}>
          {t('play')}
        </Link>
        <Link className="btn" to={`/r/${code}/table`}>
          {t('table')}
        </Link>
        {isHost ? (
          <Link className="btn" to={`/r/${code}/host`}>
            {t('host')}
          </Link>
        ) : null}
      </div>
    </Layout>
  );
}

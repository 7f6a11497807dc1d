import type { Auth } from '@mafia/protocol';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RoomClient, type RoomClientOptions } from '../../net/client';
import { asRefusal, refusalText } from '../../i18n/refusals';
import { secrets } from '../../net/secrets';
import { adminAuth, hostAuth, useRoom } from '../../net/useRoom';
import { AdminPanel } from '../admin/AdminPanel';
import { Button, Layout, RoomStatus, SeatGrid, type SeatInfo } from '../../ui';
import { useCode } from '../useCode';
import { claimableSeats, cleanName, cleanSeatCode, cryptoWord, joinLink, takenCount } from './model';
import { SeatDraw } from './SeatDraw';
import { useJoinOrigin } from '../../net/joinOrigin';
import { JoinCard } from './JoinCard';
import './lobby.css';

export interface LobbyProps {
  /** For tests: the WebSocket, its URL, ping… (passed to every RoomClient this screen makes). */
  readonly room?: Partial<Omit<RoomClientOptions, 'code' | 'auth'>>;
  /** The origin of the join link (default: this page's). */
  readonly origin?: string;
  /** Random 32-bit words for the seat draw (default: crypto.getRandomValues). */
  readonly word?: () => number;
}


/**
 * /r/:code — the lobby, live over the WebSocket (as the host when this device holds the host key,
 * as the room admin when it holds an app or online room's admin key, else as a spectator): the code
 * and a QR code of the join link, the seats as claimed, taking a free seat (→ the player screen),
 * for the host: release, the seat draw, Start (→ the console); for the room admin: the room's
 * controls (Start → his own seat, or the table screen). The admin's socket never sees a role.
 */
export default function Lobby({ room = {}, origin, word = cryptoWord }: LobbyProps = {}) {
  const { t } = useTranslation('lobby');
  const code = useCode();
  const navigate = useNavigate();
  const auth = useMemo<Auth>(() => hostAuth(code) ?? adminAuth(code) ?? { as: 'spectator' }, [code]);
  const { state, client } = useRoom(code, auth, room);
  const lobby = state.lobby;
  const isHost = auth.as === 'host';
  const isAdmin = auth.as === 'admin';
  const mySeat = secrets().getSeat(code);
  // On localhost the phones get the server's LAN address (or PUBLIC_URL): net/joinOrigin.ts.
  const joinOrigin = useJoinOrigin(origin);
  const link = joinOrigin === null ? null : joinLink(joinOrigin, code);

  const [selected, setSelected] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [seatCode, setSeatCode] = useState('');
  const [drawName, setDrawName] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const free = lobby ? claimableSeats(lobby) : [];
  const canClaim = mySeat === null && lobby !== null && free.length > 0;
  // After the start a seat is taken with the code the host's device shows for it, and never drawn.
  const needsCode = lobby?.started === true;
  const seats: SeatInfo[] = lobby
    ? lobby.claimed.map((claimed, i) => {
        const n = i + 1;
        if (claimed !== null) return { seat: n, name: claimed || null, state: 'disabled' };
        return { seat: n, note: t('seatFree'), state: selected === n ? 'selected' : canClaim ? 'alive' : 'disabled' };
      })
    : [];

  const act = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await f();
    } catch (e) {
      setRefusal(refusalText(t, asRefusal(e)));
    } finally {
      setBusy(false);
    }
  };

  const claim = (e: FormEvent) => {
    e.preventDefault();
    const given = needsCode ? cleanSeatCode(seatCode) : undefined;
    if (given === null) return;
    takeSeat(selected, cleanName(name), given);
  };
  const drawSeat = (e: FormEvent) => {
    e.preventDefault();
    takeSeat('draw', cleanName(drawName));
  };

  const takeSeat = (seat: number | 'draw' | null, n: string | null, given?: string) => {
    if (seat === null || n === null) return;
    void act(async () => {
      // A spectator's connection becomes the seat's; the host keeps its own and claims on a second one.
      const own = client !== null && state.you?.as === 'spectator';
      const c = own ? client : new RoomClient({ tokens: secrets(), ...room, code, auth: { as: 'spectator' } });
      if (!own) c.connect();
      try {
        await c.claim(seat, n, given);
      } finally {
        if (!own) c.close();
      }
      navigate(`/r/${code}/play`);
    });
  };

  // A claim sent before the page went away and never answered (its seat shows as taken): sent again
  // with its key, the server answers with the same seat and token (issue 12, point 7).
  const pending = mySeat === null ? secrets().getPendingClaim(code) : null;
  const retryPending = pending !== null && typeof pending.seat === 'number' && lobby !== null && lobby.claimed[pending.seat - 1] !== null && !busy;
  useEffect(() => {
    if (retryPending && pending) takeSeat(pending.seat, pending.name ?? '');
    // Once per page: a refused retry forgets the key (net/client.ts), so this does not come back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [retryPending]);

  // Only a human room has a Ведущий: elsewhere its creator (the room admin) closes it and holds the seat codes.
  const byCreator = lobby !== null && lobby.mode !== 'human';
  const status = lobby?.closed ? t(byCreator ? 'closedByCreator' : 'closed') : lobby?.ended ? t('ended') : lobby?.started ? t('started') : null;
  const lastError = state.lastError && state.status === 'closed' ? state.lastError : null;

  return (
    <Layout title={t('title', { code })} actions={<RoomStatus state={state} />}>
      <JoinCard code={code} link={link} />

      {lastError ? (
        <p className="error" role="alert">
          {lastError.code === 'no-room' ? t('errors.no-room', { ns: 'common' }) : refusalText(t, lastError)}
        </p>
      ) : null}
      {status ? (
        <p className="card" data-testid="lobby-status">
          {status}
        </p>
      ) : null}

      {lobby ? (
        <section className="stack">
          <h2 className="lobby-h2">{t('seats')}</h2>
          <p className="muted" data-testid="claimed-count">
            {t(`presets.${lobby.preset}`, { ns: 'common', defaultValue: lobby.preset })} · {t(`modes.${lobby.mode}`, { ns: 'common' })} ·{' '}
            {t('claimed', { taken: takenCount(lobby), seats: lobby.seats })}
          </p>
          {canClaim ? <p>{t('pickSeat')}</p> : null}
          <SeatGrid label={t('claimed', { taken: takenCount(lobby), seats: lobby.seats })} seats={seats} onSelect={canClaim ? (n) => setSelected(n === selected ? null : n) : undefined} />
        </section>
      ) : null}

      {canClaim && selected === null && !needsCode ? (
        <form className="card stack" onSubmit={drawSeat} aria-labelledby="draw-title">
          <h2 id="draw-title" className="lobby-h2">
            {t('drawMine.title')}
          </h2>
          <p className="muted">{t('drawMine.hint')}</p>
          <label className="field">
            <span>{t('claimName')}</span>
            <input className="input" data-testid="draw-name" value={drawName} maxLength={40} autoComplete="nickname" onChange={(e) => setDrawName(e.target.value)} />
          </label>
          <Button type="submit" variant="primary" size="large" data-testid="claim-draw" disabled={busy || cleanName(drawName) === null}>
            {busy ? t('claiming') : t('drawMine.button')}
          </Button>
        </form>
      ) : null}

      {canClaim && selected !== null && free.includes(selected) ? (
        <form className="card stack" onSubmit={claim} aria-labelledby="claim-title">
          <h2 id="claim-title" className="lobby-h2">
            {t('claimTitle', { n: selected })}
          </h2>
          <label className="field">
            <span>{t('claimName')}</span>
            <input
              className="input"
              data-testid="claim-name"
              value={name}
              maxLength={40}
              autoComplete="nickname"
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          {name.trim() !== '' && cleanName(name) === null ? (
            <p className="error" data-testid="claim-name-refused">
              {t('nameRefused')}
            </p>
          ) : null}
          {needsCode ? (
            <label className="field">
              <span>{t('seatCode')}</span>
              <input
                className="input"
                data-testid="claim-seat-code"
                value={seatCode}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
                onChange={(e) => setSeatCode(e.target.value)}
              />
              <span className="muted">{t(byCreator ? 'seatCodeHintCreator' : 'seatCodeHint')}</span>
            </label>
          ) : null}
          <div className="row">
            <Button type="submit" variant="primary" size="large" data-testid="claim-submit" disabled={busy || cleanName(name) === null || (needsCode && cleanSeatCode(seatCode) === null)}>
              {busy ? t('claiming') : t('claimSubmit', { n: selected })}
            </Button>
            <Button variant="ghost" onClick={() => setSelected(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : null}

      {refusal ? (
        <p className="error" role="alert" data-testid="lobby-error">
          {t('refused', { message: refusal })}
        </p>
      ) : null}

      {mySeat ? (
        <section className="card stack">
          <p>{t('yourSeat', { n: mySeat.seat })}</p>
          <Link className="btn btn-primary btn-large" to={`/r/${code}/play`}>
            {t('openPlayer')}
          </Link>
        </section>
      ) : null}

      {isHost && lobby ? (
        <section className="card stack" data-testid="host-panel">
          <h2 className="lobby-h2">{t('hostTitle')}</h2>
          <p className="muted">{t('hostHint')}</p>
          {!lobby.started && !lobby.closed ? (
            <>
              {free.length > 0 ? <p className="muted">{t('notAllClaimed', { free: free.length })}</p> : null}
              <Button
                variant="primary"
                size="large"
                block
                data-testid="host-start"
                disabled={busy || client === null || state.status !== 'open'}
                onClick={() =>
                  void act(async () => {
                    await client!.start();
                    navigate(`/r/${code}/host`);
                  })
                }
              >
                {busy ? t('starting') : t('start')}
              </Button>
            </>
          ) : (
            <Link className="btn btn-primary btn-large" to={`/r/${code}/host`}>
              {t('host')}
            </Link>
          )}
          {!lobby.closed && !lobby.ended ? (
            <ul className="stack lobby-release">
              {lobby.claimed.map((claimed, i) =>
                claimed === null ? null : (
                  <li key={i + 1}>
                    <Button
                      variant="danger"
                      block
                      data-testid={`release-${i + 1}`}
                      disabled={busy || state.status !== 'open'}
                      onClick={() => void act(() => client!.release(i + 1))}
                    >
                      {t('release', { n: i + 1, name: claimed || '—' })}
                    </Button>
                  </li>
                ),
              )}
            </ul>
          ) : null}

          {!lobby.started ? (
            <SeatDraw
              lobby={lobby} word={word} disabled={busy || state.status !== 'open'}
              releaseAll={() =>
                void act(async () => {
                  for (const [i, c] of lobby.claimed.entries()) if (c !== null) await client!.release(i + 1);
                })
              }
            />
          ) : null}
        </section>
      ) : null}

      {isAdmin && lobby ? (
        <AdminPanel state={state} actions={client} onStarted={() => navigate(mySeat ? `/r/${code}/play` : `/r/${code}/table`)} />
      ) : null}

      <nav className="stack">
        <Link className="btn" to={`/r/${code}/table`} data-testid="open-table">
          {t('table')}
        </Link>
      </nav>
    </Layout>
  );
}

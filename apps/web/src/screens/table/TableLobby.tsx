import type { Lobby } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { SeatGrid, type SeatInfo } from '../../ui';
import { allSeated, freeSeats } from '../admin/model';
import { useJoinOrigin } from '../../net/joinOrigin';
import { joinLink } from '../lobby/model';
import { Qr } from '../lobby/Qr';

export interface TableLobbyProps {
  readonly lobby: Lobby;
  /** The origin of the join link (default: the server's choice, net/joinOrigin.ts). */
  readonly origin?: string;
  /** This screen holds the room-admin key (its start button is in the admin panel below). */
  readonly admin: boolean;
}

/**
 * The table screen before the start (issue 11, point 1): the code, the QR code of the join link,
 * who has taken which seat, and what the room waits for — players while a seat is free, then the
 * start (the host's, or the room admin's).
 */
export function TableLobby({ lobby, origin, admin }: TableLobbyProps) {
  const { t } = useTranslation();
  // As the lobby's: PUBLIC_URL, or the LAN address when the TV shows the page on localhost.
  const joinOrigin = useJoinOrigin(origin);
  const link = joinOrigin === null ? null : joinLink(joinOrigin, lobby.code);
  const seats: SeatInfo[] = lobby.claimed.map((name, i) => (name === null ? { seat: i + 1, state: 'disabled', note: t('admin.lobby.free') } : { seat: i + 1, state: 'alive', name }));
  const full = allSeated(lobby);
  const waiting = !full
    ? t('admin.lobby.waitingPlayers', { count: freeSeats(lobby) })
    : lobby.mode === 'human'
      ? t('admin.lobby.readyHost')
      : admin
        ? t('admin.lobby.readyAdmin')
        : t('admin.lobby.ready');
  return (
    <section className="stack" data-testid="table-lobby" data-full={full}>
      <div className="row">
        {link === null ? null : <Qr text={link} label={t('admin.lobby.qr', { link })} />}
        <div className="stack">
          <p className="table-lobby-code" data-testid="table-code" aria-label={`${t('admin.lobby.code')}: ${lobby.code.split('').join(' ')}`}>
            {lobby.code}
          </p>
          {link === null ? null : (
            <p className="muted" data-testid="table-link">
              {link}
            </p>
          )}
        </div>
      </div>
      <p className="table-big" data-testid="table-waiting">
        {waiting}
      </p>
      <SeatGrid label={t('admin.lobby.seats', { taken: lobby.seats - freeSeats(lobby), seats: lobby.seats })} seats={seats} testIdPrefix="lobby-seat" />
    </section>
  );
}

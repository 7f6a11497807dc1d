import { useTranslation } from 'react-i18next';

/**
 * What every screen of a room shows once the host (or the room admin) closed it (issue 23 point 6):
 * the game is over for good; the connection has stopped (RoomClient stops on `lobby.closed`), and
 * nothing runs on any more: no timer, no night step, no narrator. `mode`: the room's (who closed it).
 */
export function RoomClosed({ mode = 'human' }: { readonly mode?: string }) {
  const { t } = useTranslation();
  // An app or online room has no Ведущий: its creator (the room admin) closed it.
  return (
    <section className="card stack" role="status" data-testid="room-closed">
      <h2 style={{ margin: 0 }}>{t('roomClosed.title')}</h2>
      <p className="muted" style={{ margin: 0 }}>{t(mode === 'human' ? 'roomClosed.hint' : 'roomClosed.hintCreator')}</p>
    </section>
  );
}

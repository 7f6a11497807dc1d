import { useEffect, useState } from 'react';
import { Button } from '../../ui';
import type { Tx } from './types';

/** How long the second tap may come after the first (then the button asks again). */
const CONFIRM_MS = 5_000;

/**
 * The human host's «Закрыть комнату» (issue 23 leftovers): the room closes for good only on a
 * second tap, the label changing in place, as in the app/online admin panel. The server then sends
 * every screen `lobby.closed`, and the host page, the phones and the TV show «Комната закрыта».
 */
export function CloseRoomPanel({ t, busy, close }: { readonly t: Tx; readonly busy: boolean; readonly close: () => void }) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const id = setTimeout(() => setConfirming(false), CONFIRM_MS);
    return () => clearTimeout(id);
  }, [confirming]);
  const tap = () => {
    if (!confirming) return setConfirming(true);
    setConfirming(false);
    close();
  };
  return (
    <section className="card stack" data-testid="host-close-panel" aria-labelledby="host-close-title">
      <strong id="host-close-title">{t('admin.close', { ns: 'common' })}</strong>
      <span className="muted">{t('closeHint')}</span>
      <Button variant="danger" block data-testid="host-close" data-confirming={confirming} disabled={busy} onClick={tap}>
        {confirming ? t('admin.closeConfirm', { ns: 'common' }) : t('admin.close', { ns: 'common' })}
      </Button>
    </section>
  );
}

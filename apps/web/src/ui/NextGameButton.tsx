import type { You } from '@mafia/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText } from '../i18n/refusals';
import { Button } from './Button';

/**
 * Who may deal the next game at the table (the server checks it again: manager.ts `nextGameBy`).
 * THE ONE PLACE for the room admin on the web (issue 11 point 1): `admin` is allowed here already,
 * so a screen connected with the room-admin key shows the button as soon as `You` has that variant.
 */
export function mayDealNextGame(you: You | null): boolean {
  const as = you?.as as string | undefined;
  return as === 'host' || as === 'admin';
}

/**
 * «Новая игра с теми же местами» at the end of a game: the same players on the same seats, the
 * roles dealt anew (docs/web.md). Locked while the request is out, so a double tap sends it once.
 */
export function NextGameButton({ next }: { readonly next: () => Promise<unknown> }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const click = () => {
    setBusy(true);
    setError(null);
    next()
      .catch((e: unknown) => {
        setError(refusalText(t, asRefusal(e)));
      })
      .finally(() => setBusy(false));
  };
  return (
    <div className="stack" data-testid="next-game-panel">
      <Button data-testid="next-game" variant="primary" size="large" block disabled={busy} onClick={click}>
        {t('nextGame.button')}
      </Button>
      <span className="muted">{t('nextGame.hint')}</span>
      {error ? (
        <p className="error" role="alert" data-testid="next-game-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asRefusal, refusalText } from '../i18n/refusals';
import { getRoomProtocol, type HttpOptions } from '../net/http';
import { Button } from './Button';
import { saveJson } from './saveFile';

/**
 * «Скачать протокол» once a game has ended: its protocol (spec/protocol.md, `mafia replay` reads it)
 * as a file, for whoever runs the room — the host key or the room-admin key goes in a header, never
 * in the address. The server gives nothing before the game is over.
 */
export function ProtocolButton({ code, game, roomKey, http }: { readonly code: string; readonly game: number; readonly roomKey: string | null; readonly http?: HttpOptions }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (roomKey === null) return null;
  const click = () => {
    setBusy(true);
    setError(null);
    getRoomProtocol(code, game, roomKey, http)
      .then((doc) => saveJson(`${code}-g${game}.json`, doc))
      .catch((e: unknown) => setError(refusalText(t, asRefusal(e))))
      .finally(() => setBusy(false));
  };
  return (
    <div className="stack" data-testid="protocol-panel">
      <Button data-testid="protocol-download" block disabled={busy} onClick={click}>
        {t('protocol.download')}
      </Button>
      <span className="muted">{t('protocol.hint')}</span>
      {error ? (
        <p className="error" role="alert" data-testid="protocol-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

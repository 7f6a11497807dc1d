import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { refusalText, type RefusalLike } from '../i18n/refusals';

/**
 * A refusal shown as a toast at the bottom of the screen (role="alert", so a screen reader says it),
 * in the person's language, never the engine's English text or rule id. It stays until dismissed,
 * replaced by the next refusal or HIDE_AFTER_MS have passed; `null` shows nothing.
 */
const HIDE_AFTER_MS = 12_000;

export function Notice({ error, testId = 'notice' }: { readonly error: RefusalLike | null; readonly testId?: string }) {
  const { t } = useTranslation('refusals');
  const [hidden, setHidden] = useState<RefusalLike | null>(null);
  // A new refusal shows; each hides by itself after a while (the moment it spoke of has passed).
  useEffect(() => {
    setHidden(null);
    if (!error) return;
    const id = setTimeout(() => setHidden(error), HIDE_AFTER_MS);
    return () => clearTimeout(id);
  }, [error]);
  if (!error || hidden === error) return null;
  const box = (
    <div className="notice" role="alert" data-testid={testId} data-code={error.code}>
      <span>{refusalText(t, error)}</span>
      <button type="button" className="btn" aria-label={t('dismiss')} onClick={() => setHidden(error)}>
        ✕
      </button>
    </div>
  );
  return typeof document === 'undefined' ? box : createPortal(box, document.body);
}

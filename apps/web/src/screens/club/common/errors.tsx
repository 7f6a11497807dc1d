import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubApiError } from '../../../net/clubApi';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/**
 * Anything a rejected call gives, as a ClubApiError. Anything else is a fault of the page itself
 * (a TypeError…): its message means nothing to the reader, so it is dropped and «Что-то пошло не
 * так» shows instead.
 */
export function asClubError(e: unknown): ClubApiError {
  return e instanceof ClubApiError ? e : new ClubApiError('unknown', '', 0);
}

/** A message that looks like a stack trace (or is empty) is never shown. */
const showable = (m: string): boolean => m.trim() !== '' && !/\n\s*at\s|^\s*at\s.+:\d+:\d+/m.test(m);

/**
 * Values the named sentences use beside the server's own params: `retryAfterSeconds` also as whole
 * minutes (the sentence says «через 15 мин»). Times (`answerBy`, epoch ms) are formatted by the
 * sentence itself (i18next's `datetime`, in the page's language and local time).
 */
function namedParams(tx: Tx, params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  const s = params.retryAfterSeconds;
  if (typeof s === 'number' && Number.isFinite(s) && s >= 0) out.retryAfterMinutes = Math.max(1, Math.ceil(s / 60));
  // A table too small says how many players it lacks («Не хватает 2 игроков»), with the plural.
  const missing = params.missing;
  out.missingNote = typeof missing === 'number' && missing > 0 ? ` ${tx('errorsNamed.missing-players', { count: missing, ns: 'club' })}` : '';
  return out;
}

/**
 * The refusal in the page's language (`club:errors.<code>`); a code this app has no translation for
 * shows the server's own sentence, which names what was wrong.
 */
export function clubErrorText(t: unknown, e: ClubApiError): string {
  const tx = t as Tx;
  // A sentence naming the value (`errorsNamed.<code>`, «Ник «Кот» уже занят») when the refusal's
  // params hold every value it names; else the plain one.
  if (e.params) {
    const named = tx(`errorsNamed.${e.code}`, { ...namedParams(tx, e.params), ns: 'club', defaultValue: '' });
    if (named && named !== `errorsNamed.${e.code}` && !named.includes('{{')) return named;
  }
  const key = `errors.${e.code}`;
  const text = tx(key, { ns: 'club', defaultValue: '' });
  if (text && text !== key) return text;
  return showable(e.message) ? e.message : tx('errors.unknown', { ns: 'club' });
}

/** A refusal shown where it applies: beside the field named by its `path`, or under the form. */
export function ErrorText({ error, id }: { readonly error: ClubApiError | null; readonly id?: string }) {
  const { t } = useTranslation('club');
  if (!error) return null;
  return (
    <p className="error club-error" role="alert" id={id} data-code={error.code}>
      {clubErrorText(t, error)}
    </p>
  );
}

/** The part of `error` that belongs to the field `path`, else null. */
export function errorAt(error: ClubApiError | null, path: string): ClubApiError | null {
  return error && error.path === path ? error : null;
}

/** The part of `error` that belongs to none of `paths` (shown under the form). */
export function errorElsewhere(error: ClubApiError | null, paths: readonly string[]): ClubApiError | null {
  return error && (!error.path || !paths.includes(error.path)) ? error : null;
}

/**
 * One action at a time (a form's submit, a button): `busy` while it runs (the button is disabled,
 * so one tap sends one request), `error` when it was refused.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClubApiError | null>(null);
  // A second tap before React has disabled the button is dropped too.
  const running = useRef(false);
  const run = useCallback(async <T,>(f: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await f();
    } catch (e) {
      setError(asClubError(e));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}

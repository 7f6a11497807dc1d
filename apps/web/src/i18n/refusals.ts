
/** A refusal as the wire, the HTTP API or this app gives it: a code and an English message for logs. */
export interface RefusalLike {
  readonly code: string;
  readonly message?: string;
  readonly status?: number;
}

/**
 * The refusal in the person's language: the `refusals` namespace's message for the code. The
 * English text and the rule id the engine puts in `message` are never shown (they are for logs and
 * developers); an unknown code gets the generic sentence, an HTTP status without a code its own.
 */
/** Any i18next `t` (of any namespace: the keys name theirs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyT = (...args: any[]) => unknown;

export function refusalText(t: AnyT, e: RefusalLike): string {
  const tx = (key: string, opts: Record<string, unknown>): string => String(t(key, opts));
  const http = /^http-(\d{3})$/.exec(e.code);
  if (http) return tx('http', { ns: 'refusals', status: http[1] });
  return tx(`code.${e.code}`, { ns: 'refusals', defaultValue: tx('generic', { ns: 'refusals' }) });
}

/** Anything a rejected promise gives (a WireError, an ApiError, an Error) as a refusal. */
export function asRefusal(e: unknown): RefusalLike {
  if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') return e as RefusalLike;
  return { code: 'unknown', message: e instanceof Error ? e.message : String(e) };
}

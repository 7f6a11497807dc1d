/**
 * The club API's transport: JSON in and out, the session cookie sent with every call
 * (`credentials: 'same-origin'`), and the CSRF token from GET /api/auth/csrf sent as `x-csrf-token`
 * on every POST/PATCH/DELETE. The token is fetched once and kept; signing in starts a new session
 * whose token comes in the sign-in answer (`{user, csrfToken}`), which becomes the current one;
 * signing out drops it; a `bad-csrf` refusal is retried once with a fresh token (the session may
 * have expired while the page stayed open).
 */
import type { SignedIn } from '@mafia/protocol';

/**
 * A refusal of the club's API (`{"error": {code, message, path?, params?}}`), or `network` when
 * there was no answer, or `bad-response` when the answer was not JSON. `message` is the server's
 * English sentence: shown only when the code has no translation.
 */
export class ClubApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly path?: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ClubApiError';
  }
}

export interface ClubApiOptions {
  /** Server origin ('' = this page's origin). */
  readonly base?: string;
  readonly fetch?: typeof fetch;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call of the club's API; `csrf: false` for the routes whose credential is a link's token. */
export type ClubCall = <T>(method: Method, path: string, body?: unknown, opts?: { csrf?: boolean }) => Promise<T>;

export const enc = encodeURIComponent;

/** The transport of one client: its calls, its CSRF token, and the session changes that replace the token. */
export function createClubHttp(o: ClubApiOptions) {
  const f = (input: string, init: RequestInit) => (o.fetch ?? globalThis.fetch.bind(globalThis))(input, init);
  let csrf: Promise<string> | null = null;

  async function raw<T>(method: Method, path: string, body: unknown, token: string | null): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== null) headers['x-csrf-token'] = token;
    let r: Response;
    try {
      r = await f(`${o.base ?? ''}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      throw new ClubApiError('network', e instanceof Error ? e.message : String(e), 0);
    }
    let json: unknown = null;
    try {
      json = await r.json();
    } catch {
      // not JSON (a proxy's error page): reported below
    }
    if (!r.ok) {
      const err = (json as { error?: { code?: unknown; message?: unknown; path?: unknown; params?: unknown } } | null)?.error;
      if (err && typeof err === 'object' && typeof err.code === 'string') {
        throw new ClubApiError(
          err.code,
          typeof err.message === 'string' ? err.message : r.statusText,
          r.status,
          typeof err.path === 'string' ? err.path : undefined,
          err.params && typeof err.params === 'object' ? (err.params as Record<string, unknown>) : undefined,
        );
      }
      // Not the club's shape (a rate limiter's or a proxy's own answer): named by its status.
      const code = r.status === 429 ? 'too-many-requests' : r.status >= 500 ? 'server-error' : `http-${r.status}`;
      throw new ClubApiError(code, r.statusText || `HTTP ${r.status}`, r.status);
    }
    if (json === null) throw new ClubApiError('bad-response', 'the server did not answer with JSON', r.status);
    return json as T;
  }

  function csrfToken(): Promise<string> {
    if (!csrf) {
      csrf = raw<{ csrfToken: string }>('GET', '/api/auth/csrf', undefined, null).then((a) => a.csrfToken);
      // A failed fetch is not kept: the next call asks again.
      csrf.catch(() => {
        csrf = null;
      });
    }
    return csrf;
  }

  const call: ClubCall = async <T>(method: Method, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<T> => {
    if (method === 'GET' || opts.csrf === false) return raw<T>(method, path, body, null);
    try {
      return await raw<T>(method, path, body, await csrfToken());
    } catch (e) {
      if (!(e instanceof ClubApiError) || e.code !== 'bad-csrf') throw e;
      csrf = null;
      return raw<T>(method, path, body, await csrfToken());
    }
  };

  /** Signing out (or deleting the account) ends the session: its CSRF token goes with it. */
  async function newSession<T>(p: Promise<T>): Promise<T> {
    try {
      return await p;
    } finally {
      csrf = null;
    }
  }

  /**
   * Signing in starts another session, and its answer carries that session's CSRF token: it becomes
   * the current one (no extra GET /api/auth/csrf). An answer without one drops the old token.
   */
  async function signIn<S extends SignedIn>(p: Promise<S>): Promise<S> {
    try {
      const a = await p;
      csrf = typeof a.csrfToken === 'string' && a.csrfToken !== '' ? Promise.resolve(a.csrfToken) : null;
      return a;
    } catch (e) {
      csrf = null;
      throw e;
    }
  }

  return { call, csrfToken, newSession, signIn };
}

export type ClubHttp = ReturnType<typeof createClubHttp>;

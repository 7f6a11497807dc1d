import { useEffect, useState } from 'react';
import type { HttpOptions } from './http';

/** GET /api/info (apps/server/src/http/info.ts): where phones should open the app. */
export interface ServerInfo {
  readonly url: string | null;
  readonly source: 'public-url' | 'lan' | 'none';
}

/** Whether a page's host name is this machine only (a phone cannot open it). */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\./.test(h);
}

/**
 * The origin for join links and QR codes: PUBLIC_URL when the server has one; the server's LAN
 * address when this page is opened on localhost (phones cannot reach "localhost"); else this page's
 * own origin, which the phones can reach as the organiser did.
 */
export function chooseJoinOrigin(page: { readonly origin: string; readonly hostname: string }, info: ServerInfo | null): string {
  if (info?.source === 'public-url' && info.url) return info.url;
  if (isLoopback(page.hostname) && info?.url) return info.url;
  return page.origin;
}

/** GET /api/info; null when the server does not answer it (an older server, no network). */
export async function fetchServerInfo(o: HttpOptions = {}): Promise<ServerInfo | null> {
  const f = o.fetch ?? globalThis.fetch?.bind(globalThis);
  if (!f) return null;
  try {
    const r = await f(`${o.base ?? ''}/api/info`, { method: 'GET' });
    if (!r.ok) return null;
    const body = (await r.json()) as Partial<ServerInfo>;
    return typeof body.url === 'string' || body.url === null ? { url: body.url ?? null, source: body.source ?? 'none' } : null;
  } catch {
    return null;
  }
}

/**
 * The origin of join links and QR codes, for every page that shows one (the lobby, the table
 * screen): `override` when given (tests, embedding), else chooseJoinOrigin of this page and GET
 * /api/info. On a loopback page it is null until the server answers, so that no screen flashes a link
 * to 127.0.0.1 or localhost that a phone cannot open (it stays on it only when the server knows no
 * other address); elsewhere the page's origin at once.
 */
export function useJoinOrigin(override?: string, o: HttpOptions = {}): string | null {
  const loc = globalThis.location;
  const page = { origin: loc?.origin ?? '', hostname: loc?.hostname ?? '' };
  const first = override ?? (isLoopback(page.hostname) ? null : page.origin);
  const [origin, setOrigin] = useState<string | null>(first);
  useEffect(() => {
    if (override !== undefined) {
      setOrigin(override);
      return;
    }
    let live = true;
    void fetchServerInfo(o).then((info) => live && setOrigin(chooseJoinOrigin(page, info)));
    return () => {
      live = false;
    };
    // The page's origin and the server do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [override]);
  return origin;
}

/**
 * Where to go after signing in: the page that asked (`?next=`), kept in localStorage while the
 * e-mailed link travels (it may open in another tab). Only a path of this app: never another site.
 */
const KEY = 'mafia.club.next';

export function safeNext(p: string | null | undefined): string | null {
  return p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') ? p : null;
}

export function rememberNext(p: string | null): void {
  try {
    if (p) localStorage.setItem(KEY, p);
    else localStorage.removeItem(KEY);
  } catch {
    // private mode: the link then opens /club
  }
}

export function takeNext(): string {
  try {
    const p = safeNext(localStorage.getItem(KEY));
    localStorage.removeItem(KEY);
    return p ?? '/club';
  } catch {
    return '/club';
  }
}

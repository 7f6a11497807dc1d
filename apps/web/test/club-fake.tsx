import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '../src/i18n';
import { createClubApi } from '../src/net/clubApi';
import { ClubApiContext } from '../src/screens/club/common/api';

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/**
 * A fetch that answers from a table `"METHOD /path"` → reply and records every call (the club's
 * server as docs/club-api.md describes it, and no more). An unknown route answers 404.
 */
export function fakeServer(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const r = routes[`${call.method} ${url.pathname}`];
    const reply = typeof r === 'function' ? r(call) : r;
    const out = reply ?? { status: 404, body: { error: { code: 'not-found', message: `no route ${call.method} ${url.pathname}` } } };
    return new Response(JSON.stringify(out.body), { status: out.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch, calls, api: createClubApi({ fetch }) };
}

export const CSRF = { 'GET /api/auth/csrf': { body: { csrfToken: 'tok-1' } } };

/** A club screen at `url` (route `path`), in `lng`, with the fake server's client. */
export async function renderClub(opts: { path: string; url: string; element: ReactElement; api: ReturnType<typeof createClubApi>; lng?: 'ru' | 'en'; extra?: Record<string, ReactElement> }) {
  const i18n = createI18n();
  await i18n.changeLanguage(opts.lng ?? 'en');
  render(
    <I18nextProvider i18n={i18n}>
      <ClubApiContext.Provider value={opts.api}>
        <MemoryRouter initialEntries={[opts.url]}>
          <Routes>
            <Route path={opts.path} element={opts.element} />
            {Object.entries(opts.extra ?? {}).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
          </Routes>
        </MemoryRouter>
      </ClubApiContext.Provider>
    </I18nextProvider>,
  );
  return i18n;
}

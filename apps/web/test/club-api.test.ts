import { describe, expect, it } from 'vitest';
import { ClubApiError, createClubApi } from '../src/net/clubApi';
import { CSRF, fakeServer } from './club-fake';

describe('the club API client', () => {
  it('sends_the_csrf_token_from_GET_api_auth_csrf_on_every_change_and_fetches_it_once', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/clubs': { status: 201, body: { club: { id: 'c1', name: 'Дон' } } }, 'PATCH /api/me': { body: { user: {} } }, 'GET /api/me': { body: { user: null } } });
    await s.api.createClub('Дон', 'Ник');
    await s.api.updateMe({ name: 'Иван' });
    await s.api.me();
    expect(s.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/csrf', 'POST /api/clubs', 'PATCH /api/me', 'GET /api/me']);
    expect(s.calls[1]!.headers['x-csrf-token']).toBe('tok-1');
    expect(s.calls[1]!.body).toEqual({ name: 'Дон', nickname: 'Ник' });
    expect(s.calls[2]!.headers['x-csrf-token']).toBe('tok-1');
    expect(s.calls[3]!.headers['x-csrf-token']).toBeUndefined();
    expect(s.calls.every((c) => c.credentials === 'same-origin')).toBe(true);
  });

  it('turns_the_error_shape_into_a_typed_ClubApiError_with_code_path_and_params', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/clubs/c1/evenings': { status: 400, body: { error: { code: 'negative-weight', message: 'weight must be >= 0', path: 'weight', params: { weight: -1 } } } } });
    const e = await s.api.createEvening('c1', { startsAt: 1, place: 'x', capacity: 1, weight: -1, preset: 'club', gamesPlanned: 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ClubApiError);
    expect(e).toMatchObject({ code: 'negative-weight', message: 'weight must be >= 0', status: 400, path: 'weight', params: { weight: -1 } });
  });

  it('retries_once_with_a_fresh_token_after_bad_csrf', async () => {
    let n = 0;
    const s = fakeServer({
      'GET /api/auth/csrf': () => ({ body: { csrfToken: `tok-${++n}` } }),
      'POST /api/auth/logout': (c) => (c.headers['x-csrf-token'] === 'tok-2' ? { body: { ok: true } } : { status: 403, body: { error: { code: 'bad-csrf', message: 'bad token' } } }),
    });
    await expect(s.api.logout()).resolves.toEqual({ ok: true });
    expect(s.calls.map((c) => c.headers['x-csrf-token'] ?? c.method)).toEqual(['GET', 'tok-1', 'GET', 'tok-2']);
  });

  it('drops_the_token_after_sign_in_because_the_session_is_a_new_one', async () => {
    let n = 0;
    const s = fakeServer({ 'GET /api/auth/csrf': () => ({ body: { csrfToken: `tok-${++n}` } }), 'POST /api/auth/link/consume': { body: { user: {} } }, 'POST /api/clubs': { status: 201, body: { club: {} } } });
    await s.api.consumeLink('abc');
    await s.api.createClub('a', 'b');
    expect(s.calls.find((c) => c.path === '/api/clubs')!.headers['x-csrf-token']).toBe('tok-2');
  });

  it('answers_an_invitation_without_a_csrf_token_the_link_is_the_credential', async () => {
    const s = fakeServer({ 'POST /api/invitations/t0k': { body: { answer: 'yes' } } });
    await s.api.answer('t0k', 'yes');
    expect(s.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/invitations/t0k']);
    expect(s.calls[0]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('reports_no_answer_as_network_a_non_json_failure_as_server_error_and_a_bare_429_as_too_many_requests', async () => {
    const e1 = await createClubApi({ fetch: () => Promise.reject(new TypeError('offline')) }).me().catch((x: unknown) => x);
    expect(e1).toMatchObject({ code: 'network' });
    const e2 = await createClubApi({ fetch: async () => new Response('<html>', { status: 502 }) })
      .me()
      .catch((x: unknown) => x);
    expect(e2).toMatchObject({ code: 'server-error', status: 502 });
    const e3 = await createClubApi({ fetch: async () => new Response(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }), { status: 429 }) })
      .me()
      .catch((x: unknown) => x);
    expect(e3).toMatchObject({ code: 'too-many-requests', status: 429 });
  });
});

describe('the CSRF token of a sign-in', () => {
  it('keeps_the_token_a_sign_in_answers_with_as_the_current_one', async () => {
    let n = 0;
    const user = { id: 'u1', email: 'a@b.c', name: null, phone: null, locale: null, hasPassword: true };
    const s = fakeServer({
      'GET /api/auth/csrf': () => ({ body: { csrfToken: `tok-${++n}` } }),
      'POST /api/auth/password': { body: { user, csrfToken: 'signed-in-tok' } },
      'POST /api/clubs': { status: 201, body: { club: {} } },
    });
    const a = await s.api.signInWithPassword('a@b.c', 'secret-pass');
    expect(a).toEqual({ user, csrfToken: 'signed-in-tok' });
    await s.api.createClub('a', 'b');
    expect(s.calls.find((c) => c.path === '/api/clubs')!.headers['x-csrf-token']).toBe('signed-in-tok');
    // Only the token for the sign-in itself was fetched.
    expect(s.calls.filter((c) => c.path === '/api/auth/csrf')).toHaveLength(1);
  });

  it('keeps_the_token_of_a_consumed_link_too', async () => {
    const s = fakeServer({ ...CSRF, 'POST /api/auth/link/consume': { body: { user: {}, csrfToken: 'link-tok' } }, 'POST /api/clubs': { status: 201, body: { club: {} } } });
    await s.api.consumeLink('abc');
    await s.api.createClub('a', 'b');
    expect(s.calls.find((c) => c.path === '/api/clubs')!.headers['x-csrf-token']).toBe('link-tok');
  });
});

import type { CreatedRoom, CreateRoomRequest, Lobby, MediaSettings, OpenRooms, RoomReview } from '@mafia/protocol';

/**
 * POST /api/rooms answers this: a human room's `hostKey` or an app/online room's `adminKey`, shown
 * once (keep it with secrets.setHostKey / setAdminKey: `keepRoomKey`).
 */
export type { CreatedRoom };

/**
 * A refusal from the server ({"error": {code, message, rule?, path?}}), or `network` when there was
 * no answer at all, or `bad-response` when the answer was not the JSON expected.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly rule?: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface HttpOptions {
  /** Server origin ('' = this page's origin). */
  readonly base?: string;
  readonly fetch?: typeof fetch;
}

async function call<T>(path: string, init: RequestInit, o: HttpOptions): Promise<T> {
  const f = o.fetch ?? globalThis.fetch.bind(globalThis);
  let r: Response;
  try {
    r = await f(`${o.base ?? ''}${path}`, init);
  } catch (e) {
    throw new ApiError('network', e instanceof Error ? e.message : String(e), 0);
  }
  let body: unknown = null;
  try {
    body = await r.json();
  } catch {
    // a body that is not JSON (a proxy's error page): reported below
  }
  if (!r.ok) {
    const err = (body as { error?: { code?: unknown; message?: unknown; rule?: unknown; path?: unknown } } | null)?.error;
    if (err && typeof err === 'object') {
      throw new ApiError(String(err.code ?? 'http-' + r.status), String(err.message ?? r.statusText), r.status, err.rule as string | undefined, err.path as string | undefined);
    }
    throw new ApiError(`http-${r.status}`, r.statusText || `HTTP ${r.status}`, r.status);
  }
  if (body === null) throw new ApiError('bad-response', 'the server did not answer with JSON', r.status);
  return body as T;
}

/** POST /api/rooms. Throws ApiError (e.g. `unknown-preset`, `bad-player-count`, `bad-request`). */
export function createRoom(body: CreateRoomRequest, o: HttpOptions = {}): Promise<CreatedRoom> {
  return call<CreatedRoom>('/api/rooms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, o);
}

/** GET /api/rooms/CODE: the lobby. Throws ApiError `no-room` (404) when there is no such room. */
export function getLobby(code: string, o: HttpOptions = {}): Promise<Lobby> {
  return call<Lobby>(`/api/rooms/${encodeURIComponent(code)}`, { method: 'GET' }, o);
}

/** GET /api/rooms/open: the lobby of open games (public online rooms waiting for players), the newest first. */
export function getOpenRooms(o: HttpOptions = {}): Promise<OpenRooms> {
  return call<OpenRooms>('/api/rooms/open', { method: 'GET' }, o);
}

/**
 * GET /api/rooms/CODE/games/N/protocol with the host key (human rooms) or room-admin key (app and
 * online rooms) in `x-room-key`: the ended game's protocol (spec/protocol.md). Throws ApiError
 * `game-not-ended`, `protocol-unavailable`, `bad-key`, `no-game`.
 */
export function getRoomProtocol(code: string, game: number, key: string, o: HttpOptions = {}): Promise<unknown> {
  return call<unknown>(`/api/rooms/${encodeURIComponent(code)}/games/${game}/protocol`, { method: 'GET', headers: { 'x-room-key': key } }, o);
}

/**
 * GET /api/rooms/CODE/review with the room's key in `x-room-key`: what each bot did in the ended game
 * and why (a practice game's review). Throws ApiError `game-not-ended`, `bad-key`, `no-room`.
 */
export function getRoomReview(code: string, key: string, o: HttpOptions = {}): Promise<RoomReview> {
  // Typed, not parsed: zod stays out of the first page's chunks (the server's answer is its own type).
  return call<RoomReview>(`/api/rooms/${encodeURIComponent(code)}/review`, { method: 'GET', headers: { 'x-room-key': key } }, o);
}

/** GET /api/media: the ICE servers (STUN/TURN) for voice and video, as the server's ICE_SERVERS set them. */
export function getMediaSettings(o: HttpOptions = {}): Promise<MediaSettings> {
  return call<MediaSettings>('/api/media', { method: 'GET' }, o);
}

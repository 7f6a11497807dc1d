import type { ZodError } from 'zod';
import { clientMessageSchema, type ClientMessage } from './client.js';
import { MAX_MESSAGE_BYTES, MAX_SIGNAL_BYTES, PROTOCOL_VERSION } from './version.js';

export interface WireError {
  readonly code: 'oversized' | 'malformed' | 'bad-version' | 'unknown-type' | 'bad-message';
  readonly message: string;
  readonly path?: string;
  /** The message's `id` when it had a readable one, so the client can tell which command was refused. */
  readonly id?: string;
}

/** Browsers and the server alike: no Node types here. */
export type Parsed = { readonly ok: true; readonly message: ClientMessage } | { readonly ok: false; readonly error: WireError };

const TYPES = new Set(['hello', 'claim', 'start', 'next', 'command', 'release', 'close', 'timer', 'pause', 'resume', 'skip', 'step', 'tap', 'rename', 'bot', 'say', 'mute', 'chatMode', 'idleLimit', 'back', 'signal', 'ping']);

const oversized = (limit: number, bytes: number): WireError => ({
  code: 'oversized',
  message: `a message may be at most ${limit} bytes (a signal ${MAX_SIGNAL_BYTES}), this one is ${bytes}`,
});

const describe = (e: ZodError): { message: string; path?: string } => {
  const issue = e.issues[0];
  const path = issue.path.join('.');
  return { message: path ? `${path}: ${issue.message}` : issue.message, path: path || undefined };
};

/**
 * A raw client frame to a message, or the reason it is refused: too big, not JSON, another
 * version, an unknown type, or a field that is wrong (the first one, named by its path).
 */
export function parseClientMessage(raw: string): Parsed {
  // A UTF-8 character takes at most 3 bytes per UTF-16 unit: encode only when it might be too big.
  const bytes = raw.length * 3 <= MAX_MESSAGE_BYTES ? raw.length : new TextEncoder().encode(raw).length;
  // A `signal` carries a session description (a few KB): it alone may be longer, up to MAX_SIGNAL_BYTES.
  if (bytes > MAX_SIGNAL_BYTES) return { ok: false, error: oversized(MAX_MESSAGE_BYTES, bytes) };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: { code: 'malformed', message: 'the message is not valid JSON' } };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { ok: false, error: { code: 'malformed', message: 'a message must be a JSON object' } };
  const o = data as Record<string, unknown>;
  if (bytes > MAX_MESSAGE_BYTES && o.type !== 'signal') return { ok: false, error: oversized(MAX_MESSAGE_BYTES, bytes) };
  const id = typeof o.id === 'string' && o.id.length >= 1 && o.id.length <= 64 ? { id: o.id } : {};
  if (o.v !== PROTOCOL_VERSION) return { ok: false, error: { code: 'bad-version', message: `protocol version ${JSON.stringify(o.v ?? null)} is not supported; send "v": ${PROTOCOL_VERSION}`, path: 'v', ...id } };
  if (typeof o.type !== 'string' || !TYPES.has(o.type)) {
    return { ok: false, error: { code: 'unknown-type', message: `unknown message type ${JSON.stringify(o.type ?? null)}; types: ${[...TYPES].join(', ')}`, path: 'type', ...id } };
  }
  const r = clientMessageSchema.safeParse(data);
  if (!r.success) return { ok: false, error: { code: 'bad-message', ...describe(r.error), ...id } };
  return { ok: true, message: r.data };
}

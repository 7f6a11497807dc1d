/**
 * Chat limits (issue 26, point 2), shared by the server that enforces them and the client that
 * shows them before sending. A line over CHAT_LINE_MAX characters is refused with `chat-too-long`
 * (a clear refusal of its own); the wire takes up to CHAT_WIRE_MAX so that a long line reaches that
 * refusal instead of a bare schema error, and nothing longer is read at all.
 */
export const CHAT_LINE_MAX = 300;
export const CHAT_WIRE_MAX = 4000;
/** A flood: more than CHAT_BURST lines at once, then one line per CHAT_REFILL_MS (a token bucket per writer). */
export const CHAT_BURST = 5;
export const CHAT_REFILL_MS = 2000;

/** Markup or control characters: a chat line is plain text (RULES of the room, docs/online.md). */
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/i;

export type ChatTextCheck = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: 'chat-empty' | 'chat-too-long' | 'chat-markup' };

/** A line as it is kept: whitespace runs made one space, trimmed; or why it is refused. */
export function checkChatText(raw: string): ChatTextCheck {
  if (MARKUP.test(raw)) return { ok: false, code: 'chat-markup' };
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return { ok: false, code: 'chat-empty' };
  if ([...text].length > CHAT_LINE_MAX) return { ok: false, code: 'chat-too-long' };
  return { ok: true, text };
}

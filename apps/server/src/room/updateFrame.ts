import type { GameView } from '@mafia/engine';
import type { ServerMessage } from '@mafia/protocol';
import { frame } from './frame.js';

type Update = Extract<ServerMessage, { type: 'update' }>;

/**
 * The members of a view the engine hands out as shared read-only values (engine view/seatViews.ts,
 * variants.ts, night/script.ts): a viewer's seat list and card, kept per game while nobody's life or
 * fouls change, and the preset's night steps, role variants and the Don's search, kept per game.
 * An object the engine never writes into after handing it out is the same text for as long as it
 * lives, so its JSON is made once and found again by its identity. Each of these is either one
 * viewer's own (his list, his card) or the same for every viewer (the night steps), so a text is only
 * ever found again by whoever the object was made for.
 */
const SHARED: ReadonlySet<string> = new Set<keyof GameView>(['seats', 'me', 'nightSteps', 'roleVariants', 'donSeeks']);

const texts = new WeakMap<object, string>();

function sharedJson(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** `"key":`, made once per key. */
const keyTexts = new Map<string, string>();
function keyJson(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) keyTexts.set(key, (text = `${JSON.stringify(key)}:`));
  return text;
}

/**
 * An object's JSON, byte for byte `JSON.stringify(value)` for a plain object: its members in their
 * order, those that are `undefined` left out, each member's text made by `member`.
 */
function membersJson(value: object, member: (key: string, v: unknown) => string): string {
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    out += (first ? '' : ',') + keyJson(key) + member(key, v);
    first = false;
  }
  return `${out}}`;
}

const viewMember = (key: string, v: unknown): string => (v !== null && typeof v === 'object' && SHARED.has(key) ? sharedJson(v) : JSON.stringify(v));

/** The view's JSON, byte for byte `JSON.stringify(view)`, its shared members' texts made once. */
export function viewJson(view: GameView): string {
  return membersJson(view, viewMember);
}

const messageMember = (key: string, v: unknown): string => (key === 'view' ? viewJson(v as GameView) : JSON.stringify(v));

/**
 * An `update`'s frame: byte for byte `frame(message)`, with its view serialised by `viewJson`. Most
 * of a view's text is its seat list and the preset's lists, which stay the same from one update to
 * the next: the ten views of every command were the server's largest serialising cost (issue 26's
 * load with the chat; docs/performance-history.md).
 */
export function updateFrame(message: Update): string {
  const view = message.view;
  if (view === undefined || view === null) return frame(message);
  return membersJson(message, messageMember);
}

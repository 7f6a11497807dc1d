/**
 * Typed building blocks the web tests share, so that a test says what it builds instead of casting
 * a half-made object past the compiler (issue 25).
 */
import type { Lobby, RoomCode, RoomId } from '@mafia/protocol';
import type { i18n as I18n } from 'i18next';
import type { Language, Namespace } from '../src/i18n';
import { looseT, type Tx } from '../src/i18n/looseT';

/**
 * One language's and namespace's words as the loose translate function the screens' helpers take
 * (their keys are built at run time, so the typed keys of i18next.d.ts cannot check them).
 */
export const wordsOf = (i18n: I18n, lng: Language, ns: Namespace): Tx => looseT(i18n.getFixedT(lng, ns));

/** Lobby fields a test may give, with the room id and code as the plain strings of the wire. */
export type LobbyFields = Partial<Omit<Lobby, 'room' | 'code'>> & { readonly room?: string; readonly code?: string };

/**
 * A complete lobby: ten free seats of a classic human room «ABCDEF», game 1, not started; `more`
 * says what a test needs different. The id and code are branded here, as the client's parser does.
 */
export function lobbyOf(more: LobbyFields = {}): Lobby {
  const { room = 'r', code = 'ABCDEF', ...rest } = more;
  return {
    preset: 'classic', mode: 'human', seats: 10, claimed: Array.from({ length: 10 }, () => null),
    started: false, game: 1, ended: false, closed: false, ...rest, room: room as RoomId, code: code as RoomCode,
  };
}

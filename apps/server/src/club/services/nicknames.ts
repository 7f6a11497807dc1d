import { nicknameKey } from '@mafia/club';
import { clubRefuse } from '../errors.js';
import type { ClubDb } from '../schema.js';

/** One nickname, case aside and Ё read as Е: «Ёж», «ёж», «Еж» and «ЕЖ» are the same member's name in a club. */
const folded = nicknameKey;

/** A nickname as it is written: the nickname and its key (`memberships.nickname_key`, unique per club). */
export const nicknameColumns = (nickname: string): { nickname: string; nickname_key: string } => ({ nickname, nickname_key: folded(nickname) });

const refuse = (nickname: string): never =>
  clubRefuse('nickname-taken', `the nickname «${nickname}» is taken in this club`, 409, { path: 'nickname', params: { nickname } });

/**
 * Refuses (409 `nickname-taken`) a nickname another member of the club has in any case or with Е for Ё; `except`
 * is the member renaming himself (or the two records a merge makes one). Compared here, not with SQL lower(): SQLite's folds only ASCII,
 * and nicknames are mostly Cyrillic.
 */
export async function refuseTakenNickname(db: ClubDb, clubId: string, nickname: string, except?: string | readonly string[]): Promise<void> {
  const others = except === undefined ? [] : typeof except === 'string' ? [except] : except;
  let q = db.selectFrom('memberships').select('nickname').where('club_id', '=', clubId);
  if (others.length > 0) q = q.where('user_id', 'not in', [...others]);
  const key = folded(nickname);
  if ((await q.execute()).some((m) => folded(m.nickname) === key)) refuse(nickname);
}

/**
 * The unique (club_id, nickname) constraint's or (club_id, nickname_key) index's error, on either
 * back end (not any other key's).
 */
function isNicknameConflict(e: unknown): boolean {
  const x = e as { code?: string; constraint?: string; message?: string };
  if (x?.code === '23505') return x.constraint === 'memberships_nickname' || x.constraint === 'memberships_nickname_key';
  return x?.code === 'SQLITE_CONSTRAINT_UNIQUE' && (x.message ?? '').includes('memberships.nickname');
}

/**
 * Runs a write that gives a member `nickname`: when two requests take one nickname at the same
 * moment, both checks pass and the database's unique constraint refuses the second; that is a 409
 * `nickname-taken` too, not a server error.
 */
export async function withNickname<T>(nickname: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (nickname !== undefined && isNicknameConflict(e)) return refuse(nickname);
    throw e;
  }
}

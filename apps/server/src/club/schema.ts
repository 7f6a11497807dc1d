import type { ColumnType, Kysely } from 'kysely';
import type { Schema as RoomSchema } from '../storage/kyselyStorage.js';
import type { Answer, ClubRole } from '@mafia/protocol';

/** bigint columns come back from PostgreSQL as strings: read them with `num`. */
type Big = number | string;
type Flag = number; // 0 | 1

export interface UsersTable { id: string; email: string; name: string | null; phone: string | null; password_hash: string | null; locale: string; created_at: Big; deleted_at: Big | null }
export interface ClubsTable {
  id: string; name: string; created_at: Big;
  /** 1 when the club publishes its public page (migration 013); off by default. */
  public_page: ColumnType<number, number | undefined, number>;
}
export interface MembershipsTable {
  club_id: string; user_id: string; role: ClubRole; nickname: string;
  share_name: Flag; share_email: Flag; share_phone: Flag;
  on_list: Flag; unanswered_streak: number; off_list_at: Big | null; list_since?: Big | null; joined_at: Big;
  /** Issue 24: archived (off lists, invitations and leaderboards; his history kept); null when active. */
  archived_at?: Big | null;
  /**
   * Issue 24: nicknameKey(nickname), unique per club (`memberships_nickname_key`), so «Еж» and «Ёж» added at one
   * instant cannot both succeed. Every write of a nickname writes it (nicknameColumns).
   */
  nickname_key?: string | null;
}
/** A sign-in link to an address with no account yet: the account is made when it is used. */
export interface SigninLinksTable { token_hash: string; email: string; locale: string; created_at: Big; expires_at: Big; used_at: Big | null }
/** An invitation to join a club, sent to `email`; `user_id` is the club's nickname-only member until she accepts. */
export interface MemberInvitesTable {
  club_id: string; user_id: string; email: string; token_hash: string; locale: string; created_at: Big; sent_at: Big; expires_at: Big; used_at: Big | null;
}
export interface SessionsTable { id: string; user_id: string | null; data: string; expires_at: Big }
export interface LoginTokensTable { token_hash: string; user_id: string; created_at: Big; expires_at: Big; used_at: Big | null }
export interface EveningsTable {
  id: string; club_id: string; starts_at: Big; answer_by: Big; place: string; capacity: number; weight: number;
  preset: string; games_planned: number; created_by: string; created_at: Big; closed_at: Big | null; cancelled_at: Big | null;
}
export interface InvitationsTable {
  id: string; evening_id: string; user_id: string; token_hash: string; answer: Answer | null; answered_at: Big | null;
  unanswered: Flag; created_at: Big; sent_at: Big | null; reminded_at: Big | null; delivery_error: string | null;
  /** The reminder's answer token, hashed (migration 013); null until a reminder is queued. */
  reminder_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface AnswersTable { invitation_id: string; answer: Answer; at: Big }
export interface AttendanceTable { evening_id: string; user_id: string; arrived_at: Big; left_at: Big | null; replacement_user_id: string | null; checked_in_by: string }
export interface EveningTablesTable { evening_id: string; table_no: number; room_id: string | null; room_code: string | null; seat_seed: Big; host_user_id?: string | null; host_generation?: number }
/** Issue 24: each assignment and handover of a table's host. */
export interface TableHostLogTable { evening_id: string; seq: number; table_no: number; from_user_id: string | null; to_user_id: string; by_user_id: string; at: Big }
/** Issue 24: the rooms a table played in, each from table game `from_game` on. */
export interface TableRoomsTable { evening_id: string; table_no: number; from_game: number; room_id: string; room_code: string; seats: number }
/** Issue 24: pairs the club seats at different tables (user_a < user_b). */
export interface SeatingApartTable { club_id: string; user_a: string; user_b: string; created_by: string; created_at: Big }
/** `guest_id`: issue 24 point 4, the guest on the seat (`user_id` null); absent or null: a member's or an empty seat. */
export interface TableSeatsTable { evening_id: string; table_no: number; seat: number; from_game: number; user_id: string | null; nickname: string; guest_id?: string | null }
/** Issue 24 point 4: a guest at the door (`id` starts with `g:`); `name_key` is his name's nickname key. */
export interface EveningGuestsTable {
  id: string; evening_id: string; nickname: string; name_key: string; arrived_at: Big; left_at: Big | null; replacement_id: string | null; checked_in_by: string;
}
export interface EveningGamesTable {
  id: string; evening_id: string; table_no: number | null; room_id: string | null; game_no: number | null; protocol: string | null; winner: string | null; created_at: Big;
  /** Issue 24: a voided game (out of points and ratings, kept in the record) and a paper protocol's identity. */
  voided_at?: Big | null; voided_by?: string | null; void_reason?: string | null; digest?: string | null;
}
/** Issue 24: one correction on the record (who, when, what, why); `details` is JSON. */
export interface AuditLogTable { id: string; club_id: string; at: Big; actor_id: string; action: string; target_kind: string; target_id: string; reason: string; details: string }
export interface GameSeatsTable { game_id: string; seat: number; user_id: string | null; nickname: string; guest_id?: string | null }
export interface LedgerTable {
  id: string; club_id: string; user_id: string; evening_id: string | null; rule: string; points: number; reason: string; params: string;
  dedupe_key: string | null; created_at: Big; created_by: string | null; cancelled_at: Big | null; cancelled_by: string | null; cancel_note: string | null;
}
export type JobState = 'pending' | 'running' | 'done' | 'failed';
export interface JobsTable {
  id: string; kind: string; payload: string; run_at: Big; attempts: number; max_attempts: number; state: JobState;
  locked_until: Big | null; last_error: string | null; dedupe_key: string | null; created_at: Big; done_at: Big | null;
}

export interface SettingsTable { key: string; value: string }

export interface ClubSchema extends RoomSchema {
  settings: SettingsTable;
  users: UsersTable; clubs: ClubsTable; memberships: MembershipsTable; sessions: SessionsTable; login_tokens: LoginTokensTable;
  signin_links: SigninLinksTable; member_invites: MemberInvitesTable;
  evenings: EveningsTable; invitations: InvitationsTable; answers: AnswersTable; attendance: AttendanceTable;
  evening_tables: EveningTablesTable; table_seats: TableSeatsTable; evening_games: EveningGamesTable; game_seats: GameSeatsTable;
  ledger: LedgerTable; jobs: JobsTable; audit_log: AuditLogTable;
  table_host_log: TableHostLogTable; table_rooms: TableRoomsTable; seating_apart: SeatingApartTable; evening_guests: EveningGuestsTable;
}

export type ClubDb = Kysely<ClubSchema>;

/** A bigint column's value as a number (PostgreSQL returns strings). */
export const num = (v: Big): number => (typeof v === 'number' ? v : Number(v));
export const numOrNull = (v: Big | null): number | null => (v === null ? null : num(v));

/**
 * Branded ids: a room id, its short join code, the host's (or room admin's) key and a seat's token are all strings
 * on the wire, but mixing them up in code (sending a host key where a token belongs) is a bug the
 * compiler should catch.
 */
export type RoomId = string & { readonly __brand: 'RoomId' };
export type RoomCode = string & { readonly __brand: 'RoomCode' };
export type HostKey = string & { readonly __brand: 'HostKey' };
/** The room-admin key of an `app` or `online` room (its creator's): start, pause, release, close; no roles. */
export type AdminKey = string & { readonly __brand: 'AdminKey' };
export type SeatToken = string & { readonly __brand: 'SeatToken' };
/** Chosen by the client per command; a command re-sent with the same id is applied once. */
export type CommandId = string & { readonly __brand: 'CommandId' };

/** Room codes: 6 letters from an alphabet without look-alikes (no I, L, O, 0, 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** A free seat's code after the start: 6 digits, shown on the host's (or room admin's) device only. */
export const SEAT_CODE_LENGTH = 6;
export const SEAT_CODE_PATTERN = /^[0-9]{6}$/;

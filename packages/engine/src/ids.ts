/** A 1-based seat number at the table. Branded so that a count or an index cannot pass for a seat. */
export type SeatNo = number & { readonly __brand: 'SeatNo' };
/**
 * The one place a number becomes a seat. Callers have checked the number already (the wire's zod
 * schema, a protocol file's reader, a loop over the table); the brand records that they did.
 */
export const seatNo = (n: number): SeatNo => n as SeatNo;
/** The seat of a 0-based index into the per-seat arrays (`alive`, `roles`, …): index 0 is seat 1. */
export const seatAt = (index: number): SeatNo => seatNo(index + 1);

/** Every role id of RULES.md §6 (the protocol's vocabulary), built or not. */
export const ALL_ROLE_IDS = [
  'civilian', 'mafia', 'don', 'gangster', 'lawyer', 'lover', 'black-widow', 'beauty', 'recruiter',
  'commissar', 'sheriff', 'cop', 'doctor', 'girl', 'journalist', 'sleepwalker', 'immortal', 'elder',
  'rake', 'kamikaze', 'student', 'psycho', 'werewolf', 'maniac', 'cheater',
] as const;
export type RoleId = (typeof ALL_ROLE_IDS)[number];

export type Team = 'town' | 'mafia' | 'solo';

/** Night abilities of the protocol (spec/protocol.md, "Night step"). */
export const ALL_ACTS = ['kill', 'check', 'compare', 'heal', 'visit', 'block', 'alibi', 'silence', 'guess', 'recruit', 'copy'] as const;
export type ActKind = (typeof ALL_ACTS)[number];

/** Modification ids of RULES.md §7. */
export const ALL_MODIFICATIONS = [
  'heir', 'extra-card', 'broken-lanterns', 'name-in-blood', 'dying-note', 'sherlock', 'black-widow',
  'bonnie-and-clyde', 'first-victim-immunity', 'victim-list',
] as const;
export type ModificationId = (typeof ALL_MODIFICATIONS)[number];

export const PRESET_IDS = ['classic', 'sport', 'fiim', 'piter', 'extended', 'club', 'tabletop', 'party', 'short'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

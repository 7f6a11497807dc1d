import type { RoleId } from '../ids.js';

/*
 * A protocol document as `exportProtocol` writes it (spec/protocol.md): the game's header and its
 * steps, one a night or a day. `replayProtocol` reads the same shape from untyped JSON.
 */

/** A removal as a protocol writes it: a bare seat, or (fiim) the seat with its reason. */
export type ProtocolRemoval = number | { readonly seat: number; readonly reason: 'disqualified' | 'left' };

export interface ProtocolAct {
  readonly by: number;
  readonly act: string;
  readonly target: number;
  readonly target2?: number;
  readonly role?: RoleId;
}

export interface ProtocolNightStep {
  readonly night: number;
  readonly acts: readonly ProtocolAct[];
  readonly fouls?: readonly number[];
  readonly techFouls?: readonly number[];
  readonly removed?: readonly ProtocolRemoval[];
  readonly teamDefeat?: number;
  readonly extraPoints?: Readonly<Record<string, number>>;
  /** The mafia's night meeting (spec/protocol.md "What was said"). */
  readonly said?: readonly (readonly [number, ProtocolStatement])[];
}

type Ballots = Readonly<Record<string, readonly number[]>>;

export interface ProtocolDayStep {
  readonly day: number;
  readonly fouls?: readonly number[];
  readonly removed?: readonly ProtocolRemoval[];
  readonly bestMove?: readonly [number, readonly number[]];
  readonly nominations?: readonly (readonly [number, number])[];
  readonly votes?: Ballots;
  readonly circle?: { readonly from: number; readonly dir: 'up' | 'down' };
  readonly revote?: Ballots | readonly Ballots[];
  readonly liftAll?: readonly number[];
  readonly rakeTakes?: number;
  readonly blood?: readonly (readonly [number, number])[];
  readonly techFouls?: readonly number[];
  readonly foulsAfterVote?: readonly number[];
  readonly removedAfterVote?: readonly ProtocolRemoval[];
  readonly teamDefeat?: number;
  readonly extraPoints?: Readonly<Record<string, number>>;
  /** spec/protocol.md "What was said": [SEAT, STATEMENT] in the order said. */
  readonly said?: readonly (readonly [number, ProtocolStatement])[];
}

/** A statement as the protocol writes it (spec/protocol.md "What was said"). */
export type ProtocolStatement =
  | { readonly claim: string }
  | { readonly checked: number; readonly answer: string; readonly night: number }
  | { readonly suspect: number }
  | { readonly trust: number }
  | { readonly vote: number }
  | { readonly version: readonly number[] }
  | { readonly plan: readonly (readonly [number, number])[] };

export type ProtocolStep = ProtocolNightStep | ProtocolDayStep;

/** A protocol document (spec/protocol.md "Protocol"). */
export interface ProtocolDocument {
  readonly format: 'mafia-protocol/1';
  readonly preset: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly seats: readonly RoleId[];
  readonly names?: readonly string[];
  readonly modifications?: readonly string[];
  readonly immune?: readonly number[];
  readonly steps: readonly ProtocolStep[];
}

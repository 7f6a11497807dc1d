import { PROTOCOL_VERSION, type ServerMessage } from '@mafia/protocol';

/**
 * Every frame the server sends is serialised here from a typed `ServerMessage`, so the compiler
 * holds each one to packages/protocol (test/serverFrames.test.ts also checks them against the
 * protocol's zod schema at run time).
 */
export const frame = (message: ServerMessage): string => JSON.stringify(message);

/**
 * The sender's copy of a broadcast `update`: the same frame with `ack` added before its closing
 * brace. A broadcast serialises each viewer's update once and shares it; only the sender's copy
 * differs, by this one field (`ack` of the `update` message), so it is spliced, not rebuilt.
 */
export const withAck = (updateFrame: string, ack: string): string => `${updateFrame.slice(0, -1)},"ack":${JSON.stringify(ack)}}`;

/** The answer to a request this sender had applied before: the seq it was applied at, nothing changed. */
export const duplicateAckFrame = (id: string, seq: number): string => frame({ v: PROTOCOL_VERSION, type: 'ack', id, seq, duplicate: true });

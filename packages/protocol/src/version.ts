/** The wire protocol's version: every message carries it as `v`; a message of another version is refused. */
export const PROTOCOL_VERSION = 1 as const;

/** Largest client message the server reads, in bytes (a command is far smaller). */
export const MAX_MESSAGE_BYTES = 4096;

/** Largest `signal` message (WebRTC signalling: a session description of up to 16 KB and its envelope). */
export const MAX_SIGNAL_BYTES = 20 * 1024;

import { z } from 'zod';
import { seatSchema } from './commands.js';

/** Longest session description a `signal` carries (an offer with audio and video is a few KB). */
export const MAX_SDP_CHARS = 16 * 1024;
/** ICE candidates one `ice` signal may carry (a client sends them in batches). */
export const MAX_ICE_CANDIDATES = 16;

/** A media peer on the wire: a seat number, or `host` (the human host, or the room admin of an app/online room). */
export const mediaPeerSchema = z.union([seatSchema, z.literal('host')]);

/** One call between two peers: the offerer names it, and the answer, ICE and bye name it again. */
const call = z.string().min(1).max(64);
const sdp = z.string().min(1).max(MAX_SDP_CHARS);
const candidate = z.object({
  candidate: z.string().max(1024),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
}).strict();

/**
 * What a WebRTC signalling message carries: an offer (from the peer that sends media), its answer,
 * ICE candidates of either side, or `bye` (the call is over). Relayed as is, never read by the server.
 */
export const signalDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), call, sdp }).strict(),
  z.object({ kind: z.literal('answer'), call, sdp }).strict(),
  z.object({ kind: z.literal('ice'), call, candidates: z.array(candidate).min(1).max(MAX_ICE_CANDIDATES) }).strict(),
  z.object({ kind: z.literal('bye'), call }).strict(),
]);

/** A signal's payload as a client writes it and as its peer receives it. */
export type SignalData = z.output<typeof signalDataSchema>;
/** A media peer as a client writes it: a seat number or `host`. */
export type WireMediaPeer = number | 'host';

const iceUrl = z.string().min(1).max(512).regex(/^(stun|stuns|turn|turns):/, 'an ICE server URL starts with stun:, stuns:, turn: or turns:');

/** One ICE server (STUN or TURN) as RTCPeerConnection takes it (the server's ICE_SERVERS setting). */
export const iceServerSchema = z.object({
  urls: z.union([iceUrl, z.array(iceUrl).min(1).max(8)]),
  username: z.string().max(256).optional(),
  credential: z.string().max(256).optional(),
}).strict();

export const iceServersSchema = z.array(iceServerSchema).max(16);
export type IceServer = z.output<typeof iceServerSchema>;

/** GET /api/media: what a client needs for voice and video (the ICE servers to reach its peers through). */
export interface MediaSettings {
  readonly iceServers: readonly IceServer[];
}

import { maySend, mayTransmit, mediaLinked, type MediaMoment, type MediaPeer } from '@mafia/engine/media';
import type { SignalData, WireMediaPeer } from '@mafia/protocol';

/**
 * The WebRTC calls of one device (voice and video, issue 26 point 1), driven by the media policy
 * (@mafia/engine `maySend`) as this device's own view gives it. The sender offers: a peer that may
 * send to another now offers it a call carrying its camera and microphone; the other answers
 * receive-only. So during a speech the speaker calls every player, at the mafia's night meeting
 * each mafioso calls each other, and nobody else calls anybody. When the moment changes, the calls
 * it no longer allows are closed here, on every device alike, without a word on the wire; new
 * ones are offered. The server relays only what the policy allows (apps/server/src/room/media.ts).
 *
 * No DOM here but RTCPeerConnection, which the caller gives (a test gives a fake one).
 */

/** Longest wait for the ICE candidates before the offer or answer goes (they then travel in the description). */
const GATHER_MS = 2500;
/** An offered call not connected after this long is dropped and offered again (a peer that joined late, a lost answer). */
const RETRY_MS = 15_000;

export interface CallsDeps {
  /** This device's peer: its seat. */
  readonly me: MediaPeer;
  /** Sends a signal (RoomClient.signal); false when the socket is not open. */
  signal(to: WireMediaPeer, data: SignalData): boolean;
  newPeerConnection(config: RTCConfiguration): RTCPeerConnection;
  /** A remote stream came or went (re-render). */
  changed(): void;
  /** Call ids (tests pass their own). */
  newCallId?(): string;
  readonly setTimeout?: (f: () => void, ms: number) => unknown;
  readonly clearTimeout?: (t: unknown) => void;
}

interface Call {
  readonly id: string;
  readonly peer: MediaPeer;
  readonly pc: RTCPeerConnection;
  /** The description has gone: later ICE candidates go as `ice` signals. */
  described: boolean;
  retry?: unknown;
}

let counter = 0;
const defaultCallId = (): string => `${Date.now().toString(36)}-${(++counter).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Waits until the connection has gathered its ICE candidates (or GATHER_MS passed). */
function gathered(pc: RTCPeerConnection, wait: (f: () => void, ms: number) => unknown): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      if (pc.iceGatheringState === 'complete') resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    wait(resolve, GATHER_MS);
  });
}

export class MediaCalls {
  private moment: MediaMoment = { kind: 'silent' };
  /** The peers this device may call (seats a person holds). */
  private peers: readonly MediaPeer[] = [];
  private local: MediaStream | null = null;
  private readonly outgoing = new Map<MediaPeer, Call>();
  private readonly incoming = new Map<MediaPeer, Call>();
  /** The streams received now, by the peer that sends them. */
  readonly remote = new Map<MediaPeer, MediaStream>();
  private closed = false;

  constructor(private readonly d: CallsDeps, private iceServers: readonly RTCIceServer[] = []) {}

  private get wait(): (f: () => void, ms: number) => unknown {
    return this.d.setTimeout ?? ((f, ms) => globalThis.setTimeout(f, ms));
  }

  setIceServers(servers: readonly RTCIceServer[]): void {
    this.iceServers = servers;
  }

  /** The moment and the peers present: calls opened and closed to match. */
  update(moment: MediaMoment, peers: readonly MediaPeer[]): void {
    this.moment = moment;
    this.peers = peers;
    this.reconcile();
  }

  /** This device's camera and microphone (null: off, or none). */
  setLocal(stream: MediaStream | null): void {
    if (this.local === stream) return;
    // A new stream (or none): the calls carrying the old one end; new ones carry the new one.
    for (const call of [...this.outgoing.values()]) this.hangUp(this.outgoing, call, true);
    this.local = stream;
    this.reconcile();
  }

  /** Whether this device sends now: its tracks are on only then (muted by the app otherwise). */
  get transmitting(): boolean {
    return this.local !== null && mayTransmit(this.moment, this.d.me);
  }

  /** The peers whose streams may play now (the policy links them to this device). */
  playable(): MediaPeer[] {
    return [...this.remote.keys()].filter((p) => maySend(this.moment, p, this.d.me));
  }

  private reconcile(): void {
    if (this.closed) return;
    const sending = this.transmitting;
    for (const t of this.local?.getTracks() ?? []) t.enabled = sending;
    const want = new Set(sending ? this.peers.filter((p) => maySend(this.moment, this.d.me, p)) : []);
    for (const call of [...this.outgoing.values()]) if (!want.has(call.peer)) this.hangUp(this.outgoing, call, mediaLinked(this.moment, this.d.me, call.peer));
    for (const peer of want) if (!this.outgoing.has(peer)) void this.offer(peer);
    for (const call of [...this.incoming.values()]) if (!maySend(this.moment, call.peer, this.d.me)) this.hangUp(this.incoming, call, false);
  }

  private newCall(peer: MediaPeer, id: string): Call {
    const pc = this.d.newPeerConnection({ iceServers: [...this.iceServers] });
    const call: Call = { id, peer, pc, described: false };
    pc.addEventListener('icecandidate', (e: RTCPeerConnectionIceEvent) => {
      // Before the description goes, candidates travel inside it; after, each goes as `ice`.
      if (!e.candidate || !call.described || !e.candidate.candidate) return;
      const c = e.candidate.toJSON();
      this.d.signal(peer, { kind: 'ice', call: id, candidates: [{ candidate: c.candidate ?? '', sdpMid: c.sdpMid ?? null, sdpMLineIndex: c.sdpMLineIndex ?? null }] });
    });
    return call;
  }

  private async offer(peer: MediaPeer): Promise<void> {
    const local = this.local;
    if (!local) return;
    const call = this.newCall(peer, (this.d.newCallId ?? defaultCallId)());
    this.outgoing.set(peer, call);
    for (const track of local.getTracks()) call.pc.addTrack(track, local);
    // The peer left (a reload, a drop): the call is offered again while the policy still wants it.
    call.pc.addEventListener('connectionstatechange', () => {
      if (this.outgoing.get(peer) !== call || (call.pc.connectionState !== 'failed' && call.pc.connectionState !== 'closed')) return;
      this.hangUp(this.outgoing, call, false);
      this.reconcile();
    });
    call.retry = this.wait(() => {
      if (this.outgoing.get(peer) !== call || call.pc.connectionState === 'connected') return;
      this.hangUp(this.outgoing, call, false);
      this.reconcile();
    }, RETRY_MS);
    try {
      await call.pc.setLocalDescription(await call.pc.createOffer());
      await gathered(call.pc, this.wait);
      if (this.outgoing.get(peer) !== call) return;
      call.described = true;
      this.d.signal(peer, { kind: 'offer', call: call.id, sdp: call.pc.localDescription!.sdp });
    } catch {
      if (this.outgoing.get(peer) === call) this.hangUp(this.outgoing, call, false);
    }
  }

  /** A peer's signal (relayed by the server because the policy linked the pair when it came). */
  async receive(from: MediaPeer, data: SignalData): Promise<void> {
    if (this.closed) return;
    if (data.kind === 'offer') return this.answer(from, data.call, data.sdp);
    const call = [this.outgoing.get(from), this.incoming.get(from)].find((c) => c?.id === data.call);
    if (!call) return;
    try {
      if (data.kind === 'answer') await call.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      else if (data.kind === 'ice') for (const c of data.candidates) await call.pc.addIceCandidate(c);
      else this.hangUp(call === this.outgoing.get(from) ? this.outgoing : this.incoming, call, false);
    } catch {
      // A description or candidate the browser refuses: the call stays as it was (and is retried if it never connects).
    }
  }

  private async answer(from: MediaPeer, id: string, sdp: string): Promise<void> {
    const old = this.incoming.get(from);
    if (old) this.hangUp(this.incoming, old, false);
    const call = this.newCall(from, id);
    this.incoming.set(from, call);
    call.pc.addEventListener('track', (e: RTCTrackEvent) => {
      if (this.incoming.get(from) !== call) return;
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      this.remote.set(from, stream);
      this.d.changed();
    });
    try {
      await call.pc.setRemoteDescription({ type: 'offer', sdp });
      await call.pc.setLocalDescription(await call.pc.createAnswer());
      await gathered(call.pc, this.wait);
      if (this.incoming.get(from) !== call) return;
      call.described = true;
      this.d.signal(from, { kind: 'answer', call: id, sdp: call.pc.localDescription!.sdp });
    } catch {
      if (this.incoming.get(from) === call) this.hangUp(this.incoming, call, false);
    }
  }

  private hangUp(calls: Map<MediaPeer, Call>, call: Call, sayBye: boolean): void {
    if (calls.get(call.peer) === call) calls.delete(call.peer);
    if (call.retry !== undefined) (this.d.clearTimeout ?? ((t) => globalThis.clearTimeout(t as number)))(call.retry);
    // A bye only while the pair is still linked (the device turned its camera off): when the moment
    // changed, every device closes the same calls by itself, and the server would refuse the bye.
    if (sayBye) this.d.signal(call.peer, { kind: 'bye', call: call.id });
    call.pc.close();
    if (calls === this.incoming && this.remote.delete(call.peer)) this.d.changed();
  }

  /** Every call ends (the screen is left). */
  close(): void {
    for (const call of [...this.outgoing.values()]) this.hangUp(this.outgoing, call, false);
    for (const call of [...this.incoming.values()]) this.hangUp(this.incoming, call, false);
    this.closed = true;
  }
}

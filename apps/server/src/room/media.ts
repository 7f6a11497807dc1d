import { maySend, mediaLinked, mediaMoment, nightSteps, seatNo, type MediaMoment, type MediaPeer } from '@mafia/engine';
import { PROTOCOL_VERSION, type SignalData, type You } from '@mafia/protocol';
import { RoomBots } from './bots.js';
import { refuse } from './errors.js';
import { frame } from './frame.js';
import type { Conn } from './managerTypes.js';
import type { TimerRec } from './records.js';
import type { Room } from './room.js';

/**
 * The night step being called at `now` (0-based), from the room's night timer: the host's own step
 * in a human room, else the step whose start has passed (read at the pause while the clock is
 * stopped). The server's side of the web's `nightStepAt` (apps/web/src/night/stepClock.ts): both
 * read the same public timer, so the server and every phone agree on when the mafia's step runs.
 */
export function nightStepNow(timer: TimerRec | null, steps: number, now: number): number | null {
  if (timer === null || timer.kind !== 'night' || steps <= 0) return null;
  if (timer.step !== undefined) return Math.min(Math.max(0, timer.step), steps - 1);
  const at = timer.pausedAt ?? now;
  const starts = timer.steps?.length === steps ? timer.steps : Array.from({ length: steps }, (_, i) => timer.started + (i * (timer.deadline - timer.started)) / steps);
  let step = 0;
  while (step + 1 < steps && starts[step + 1]! <= at) step++;
  return step;
}

/** Who a connection is as a media peer: its seat, or `host` (the human host or the room admin); a spectator is none. */
function peerOf(you: You): MediaPeer | null {
  if (you.as === 'seat') return seatNo(you.seat);
  return you.as === 'host' || you.as === 'admin' ? 'host' : null;
}

const isPeer = (you: You | null, peer: MediaPeer): boolean => you !== null && peerOf(you) === peer;

/**
 * Voice and video (issue 26 point 1; the manager's seventh layer): the relay of WebRTC signalling
 * between a room's peers. Media goes peer to peer, never through the server; the server only passes
 * offers, answers, ICE candidates and byes along, and only between the peers the media policy
 * (@mafia/engine `maySend`) links now. Signals are not logged nor queued behind the room's jobs
 * (they change nothing): each is checked against the state the room has committed and broadcast.
 *
 * Nothing here may tell a town player whether the mafia meet tonight: at night a town seat gets no
 * signal at all, and a signal to it is refused with the same code whatever the night holds.
 */
export abstract class RoomMedia extends RoomBots {
  /** The moment as the media policy sees the room now. */
  protected mediaNow(room: Room): MediaMoment {
    const state = room.game?.state ?? null;
    const steps = state?.phase.kind === 'night' ? nightSteps(state.setup).length : 0;
    return mediaMoment(state, nightStepNow(room.timer, steps, this.clock()));
  }

  /** A client's `signal`: relayed to the connections of `to` when the policy links the pair now, else refused. */
  signal(conn: Conn, to: MediaPeer, data: SignalData): void {
    const room = this.roomOf(conn);
    const from = peerOf(conn.you!);
    if (from === null) return refuse('media-spectator', 'spectators watch the table without camera or microphone: only the seats and the host take part in voice and video');
    if (room.closed) return refuse('room-closed', 'the host has closed this room');
    if (to !== 'host' && to > room.row.seats) return refuse('signal-bad-target', `this room has seats 1 to ${room.row.seats}, not ${to}`, { path: 'to' });
    if (to === from) return refuse('signal-bad-target', 'a peer does not call itself', { path: 'to' });
    const moment = this.mediaNow(room);
    // An offer starts a call: only from a peer that may send to `to` now. The rest answers or ends one.
    const allowed = data.kind === 'offer' ? maySend(moment, from, to) : mediaLinked(moment, from, to);
    if (!allowed) {
      return refuse('media-not-now', data.kind === 'offer'
        ? `${from === 'host' ? 'the host' : `seat ${from}`} may not be seen or heard by ${to === 'host' ? 'the host' : `seat ${to}`} now: the rules open one microphone at a time (the speaker's)`
        : `${from === 'host' ? 'the host' : `seat ${from}`} and ${to === 'host' ? 'the host' : `seat ${to}`} are not linked now: nothing was relayed`);
    }
    const text = frame({ v: PROTOCOL_VERSION, type: 'signal', from, data });
    for (const c of this.members.get(room.row.id) ?? []) if (c !== conn && isPeer(c.you, to)) c.send(text);
  }
}

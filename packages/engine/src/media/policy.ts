import type { RoleId, SeatNo, Team } from '../ids.js';
import type { NightStep } from '../night/script.js';
import type { GameView } from '../view/types.js';

/**
 * Who may be seen and heard now (issue 26 point 1, voice and video online): the rules decide, not
 * the players. Before the start and after the end everybody talks to everybody; during a speech
 * (a day speech, a defence, a last word) the speaker talks to everybody; during a vote nobody; at
 * night nobody, except the mafia among themselves while the night step that wakes them runs (their
 * meeting, R-NIGHT-1); the host (a human host or the room admin) talks to everybody at any time.
 *
 * Pure and the same for every caller: the server checks each signalling message against it (a
 * media offer only from a peer that may send now, answers and ICE only within a linked pair), and
 * each client opens its own camera and microphone, and plays a peer, only when it says so, computed
 * from what that client sees (`mediaMomentOfView`: a town player's view never holds the meeting,
 * so his media state at night is the same whether the mafia meet or not).
 *
 * This file imports no preset and no rule, so a phone loads it alone (`@mafia/engine/media`); the
 * server's `mediaMoment` over the whole state is in state.ts.
 */

/** A media peer: a seat, or the host (the human host, or the room admin of an app/online room). */
export type MediaPeer = SeatNo | 'host';

/** The moment of the game as media sees it. */
export type MediaMoment =
  /** No game running (before the start, after the end): everybody talks to everybody. */
  | { readonly kind: 'open' }
  /** A speech, a defence or a last word: only the speaker talks (to everybody). */
  | { readonly kind: 'speech'; readonly speaker: SeatNo }
  /** The mafia's night meeting: these seats see and hear each other, nobody else sees anything. */
  | { readonly kind: 'meeting'; readonly seats: readonly SeatNo[] }
  /** A vote, any other step of the day, the night: no seat talks. */
  | { readonly kind: 'silent' };

export const OPEN: MediaMoment = { kind: 'open' };
export const SILENT: MediaMoment = { kind: 'silent' };

/** Whether `from` may send its camera and microphone to `to` now (a seat never to itself). */
export function maySend(m: MediaMoment, from: MediaPeer, to: MediaPeer): boolean {
  if (from === to) return false;
  // The host talks over everybody (and says the same to every seat, whatever the night holds).
  if (from === 'host') return true;
  switch (m.kind) {
    case 'open': return true;
    case 'speech': return from === m.speaker;
    // Seat to seat only: not even the host's screen (the room admin sees what a spectator sees).
    case 'meeting': return to !== 'host' && m.seats.includes(from) && m.seats.includes(to);
    case 'silent': return false;
  }
}

/** Whether two peers are linked now (either may send to the other): the pair that may answer and exchange ICE. */
export function mediaLinked(m: MediaMoment, a: MediaPeer, b: MediaPeer): boolean {
  return maySend(m, a, b) || maySend(m, b, a);
}

/** Whether `peer` may open its camera and microphone now (it may send to somebody). */
export function mayTransmit(m: MediaMoment, peer: MediaPeer): boolean {
  if (peer === 'host') return true;
  switch (m.kind) {
    case 'open': return true;
    case 'speech': return peer === m.speaker;
    case 'meeting': return m.seats.includes(peer) && m.seats.length > 1;
    case 'silent': return false;
  }
}

/** The step of the night that wakes the mafia (their meeting), or -1 when the deck has none. */
export function meetingStep(steps: readonly NightStep[]): number {
  return steps.findIndex((s) => s.wake.includes('mafia') || s.wake.includes('don'));
}

/** What a seat is to the meeting: alive, of the mafia team, with a role the meeting's step wakes. */
export interface SeatFacts {
  readonly seat: SeatNo;
  readonly alive: boolean;
  readonly role?: RoleId;
  readonly team?: Team;
}

export function meetingOf(steps: readonly NightStep[], nightStep: number | null, seats: readonly SeatFacts[]): MediaMoment {
  const at = meetingStep(steps);
  if (nightStep === null || at < 0 || nightStep !== at) return SILENT;
  const wake = steps[at]!.wake;
  const met = seats.filter((s) => s.alive && s.team === 'mafia' && s.role !== undefined && wake.includes(s.role)).map((s) => s.seat);
  return met.length > 1 ? { kind: 'meeting', seats: met } : SILENT;
}

export function dayMoment(stage: string, speaker: SeatNo | null | undefined, lastWord: SeatNo | undefined): MediaMoment {
  if (stage === 'lastWords') return lastWord !== undefined ? { kind: 'speech', speaker: lastWord } : SILENT;
  if ((stage === 'speeches' || stage === 'defence') && speaker !== null && speaker !== undefined) return { kind: 'speech', speaker };
  return SILENT;
}

/**
 * The moment as one viewer can know it (a client): the same as `mediaMoment` for everything
 * public; at night, the meeting only for a viewer whose view holds it (an alive mafia seat sees his
 * teammates' roles), silence for everybody else.
 */
export function mediaMomentOfView(v: GameView | null, nightStep: number | null): MediaMoment {
  if (v === null || v.phase.kind === 'ended') return OPEN;
  if (v.phase.kind === 'night') return meetingOf(v.nightSteps, nightStep, v.seats);
  const d = v.day;
  if (!d) return SILENT;
  return dayMoment(d.stage, d.speaker, d.lastWords[0]);
}

/** A peer as the wire names it (a seat number, or `host`). */
export function mediaPeer(p: number): SeatNo;
export function mediaPeer(p: number | 'host'): MediaPeer;
export function mediaPeer(p: number | 'host'): MediaPeer {
  return p === 'host' ? 'host' : (p as SeatNo);
}

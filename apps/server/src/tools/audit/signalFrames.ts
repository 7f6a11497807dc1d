import type { SignalMessage, SignalWriter } from '@mafia/cli/tools';
import type { GameView } from '@mafia/engine';
import { seatOf, type ViewerName } from './leaks.js';

/**
 * The WebRTC signalling of the secrecy games (issue 26 point 1, docs/security.md): what the bots
 * send, and what every recorded frame is checked for. The rules are written again here from
 * docs/online.md («Voice and video»), not imported from the engine's media policy: a check that
 * called it would agree with any bug in it.
 *
 * - no game running (before the deal, after the end): everybody with everybody;
 * - a speech, a defence, a last word: the speaker calls everybody, each answers him;
 * - a vote, any other step of the day, the night: nobody;
 * - the mafia's step of the night (their meeting): the living mafia whose role that step wakes,
 *   among themselves, nobody else; never a spectator.
 * The host may call anybody at any time; the audit's room admin (the `host` peer) places no call,
 * so nothing may answer him at night, and a signal `from` him is out of the audit's script.
 */

/** A session description's stand-in: the server relays it unread. */
const SDP = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

const offer = (to: number | 'host', call: string): SignalMessage => ({ v: 1, type: 'signal', to, data: { kind: 'offer', call, sdp: SDP } });

/** The roles the mafia's step of the night wakes (the first step waking the mafia or the Don), or none. */
function meetingWakes(view: GameView): readonly string[] {
  return view.nightSteps.find((s) => s.wake.includes('mafia') || s.wake.includes('don'))?.wake ?? [];
}

/** Whether seat `n` is in the mafia's meeting as `view` shows it: alive, of the mafia, its role woken by the meeting's step. */
function inMeeting(view: GameView, n: number): boolean {
  const s = view.seats[n - 1];
  return s !== undefined && s.alive && s.team === 'mafia' && s.role !== undefined && meetingWakes(view).includes(s.role);
}

/** Who may be heard now by day: the speaker of a speech or a defence, the first of the last words; else nobody. */
function daySpeaker(view: GameView): number | null {
  const d = view.day;
  if (d === null) return null;
  if (d.stage === 'lastWords') return d.lastWords[0] ?? null;
  return d.stage === 'speeches' || d.stage === 'defence' ? d.speaker : null;
}

/**
 * A bot's signalling in the secrecy games, decided on its own view as a phone would: at night a
 * living mafia seat calls each living teammate its view shows (an offer, an answer, a bye: a whole
 * call in a few messages) and tries one seat that is not its teammate (refused); during its own
 * speech or last word it calls everybody, the room admin too; every other phase it tries one call
 * (refused); once a game it calls a seat that is not there or itself (refused: `signal-bad-target`,
 * a strike, so only once). The meeting's calls go on the night's first decision: the mafia's step is
 * the night's first in every deck but one (tabletop with the Lover: refused there, and counted).
 */
export function auditSignals(seat: number): SignalWriter {
  let phase = '';
  let turn = '';
  let badTarget = false;
  return (view): readonly SignalMessage[] => {
    const p = view.phase;
    const me = view.me;
    if (p.kind === 'ended' || me === null) return [];
    const out: SignalMessage[] = [];
    const seats = view.seats.length;
    if (!badTarget) {
      badTarget = true;
      out.push(offer(seat % 2 === 0 ? seats + 1 : seat, `bad-${seat}`));
    }
    if (view.ownTurn !== undefined) {
      const key = `${p.n}/${view.day?.stage}/${view.ownTurn}`;
      if (key === turn) return out;
      turn = key;
      // A speaker calls the table on a third of his turns (as a third of the seats chat each day):
      // each call is a dozen frames, and the audit's honest rooms share the machine with these games.
      if ((p.n + seat) % 3 !== 0) return out;
      for (let to = 1; to <= seats; to++) if (to !== seat) out.push(offer(to, `d${key}-${seat}-${to}`));
      out.push(offer('host', `d${key}-${seat}-host`));
      return out;
    }
    const key = `${p.kind}/${p.n}`;
    if (key === phase) return out;
    phase = key;
    if (p.kind === 'night' && me.alive && me.team === 'mafia') {
      const mates = view.seats.filter((s) => s.seat !== seat && s.alive && s.team === 'mafia').map((s) => s.seat as number);
      for (const to of mates) {
        const call = `n${p.n}-${seat}-${to}`;
        out.push(offer(to, call), { v: 1, type: 'signal', to, data: { kind: 'answer', call, sdp: SDP } }, { v: 1, type: 'signal', to, data: { kind: 'bye', call } });
      }
      const stranger = view.seats.find((s) => s.seat !== seat && s.team !== 'mafia');
      if (stranger) out.push(offer(stranger.seat, `n${p.n}-${seat}-try`));
      return out;
    }
    out.push(offer((seat % seats) + 1, `${key}-${seat}-try`));
    return out;
  };
}

/** What the signalling checks count over every recorded frame of the secrecy games. */
export class SignalFrameTally {
  /** Signals received where the rules allow them: at night among the mafia, by day from or to the speaker, with no game running. */
  readonly relayed = { night: 0, day: 0, open: 0 };
  /** A signal received at night by a viewer outside the mafia's meeting, or from a sender outside it. */
  readonly nightStrays: string[] = [];
  /** A signal received by day (or with no game running) by a viewer the rules do not link with its sender now. */
  readonly dayStrays: string[] = [];
  /** The signals refused, by code (every viewer's `error` answers). */
  readonly refused: Record<string, number> = {};
  /** The same, the seats' own only (the bots count theirs apart: the two must agree). */
  readonly refusedAtSeats: Record<string, number> = {};
  viewers = 0;

  /** Every frame one viewer received in one game, in order. */
  takeViewer(game: string, viewer: ViewerName, frames: readonly string[]): void {
    this.viewers++;
    const mine = seatOf(viewer);
    // A chat line's update carries no view, and a signal none: the last view stands. It is parsed
    // only when a signal comes (most games' frames hold a few hundred signals, thousands of views).
    let lastText: string | null = null;
    let lastView: GameView | null = null;
    for (const text of frames) {
      if (text.startsWith('{"v":1,"type":"signal"')) {
        if (lastText !== null) {
          lastView = JSON.parse(lastText).view ?? null;
          lastText = null;
        }
        this.take(game, viewer, mine, JSON.parse(text), lastView);
      } else if (text.includes('"type":"error"') && (text.includes('"code":"media-') || text.includes('"code":"signal-'))) {
        const code = JSON.parse(text).code as string;
        this.refused[code] = (this.refused[code] ?? 0) + 1;
        if (mine !== null) this.refusedAtSeats[code] = (this.refusedAtSeats[code] ?? 0) + 1;
      } else if ((text.startsWith('{"v":1,"type":"update"') || text.startsWith('{"v":1,"type":"welcome"')) && text.includes('"view":')) {
        lastText = text;
      }
    }
  }

  private take(game: string, viewer: ViewerName, mine: number | null, m: { from: number | 'host'; data: { kind: string } }, view: GameView | null): void {
    const night = view?.phase.kind === 'night';
    const at = `${game}: ${viewer} got a ${m.data.kind} from ${m.from} (${view === null ? 'lobby' : view.phase.kind === 'ended' ? 'ended' : `${view.phase.kind} ${view.phase.n}`}`;
    const stray = (why: string): void => void (night ? this.nightStrays : this.dayStrays).push(`${at}: ${why})`);
    if (viewer === 'spectator') return stray('a spectator takes no part in voice and video');
    if (m.from === 'host') return stray('the audit\'s admin places no call');
    if (m.from === mine) return stray('a peer does not call itself');
    if (view === null || view.phase.kind === 'ended') {
      this.relayed.open++;
      return;
    }
    if (night) {
      if (mine === null) return stray('the admin sees nobody at night');
      const me = view.me;
      if (me === null || !me.alive || me.team !== 'mafia' || !meetingWakes(view).includes(me.role)) return stray(`not in the meeting: ${me?.alive ? 'alive' : 'dead'}, ${me?.team}, ${me?.role}`);
      if (!inMeeting(view, m.from)) return stray(`its sender is not in the meeting as this seat sees it: ${JSON.stringify(view.seats[m.from - 1])}`);
      this.relayed.night++;
      return;
    }
    const speaker = daySpeaker(view);
    // An offer only from the speaker; an answer, ICE or bye also from a listener to him.
    const linked = speaker !== null && (m.from === speaker || (mine === speaker && m.data.kind !== 'offer'));
    if (!linked) return stray(`the speaker is ${speaker ?? 'nobody'}, stage ${view.day?.stage}`);
    this.relayed.day++;
  }
}

import type { ActKind, SeatNo } from '../ids.js';
import type { Command } from '../game/commands.js';
import type { GameState } from '../game/state.js';
import { roleOf } from '../roles/registry.js';

/** A decision a seat may make now. */
export type Pending =
  | { readonly kind: 'act'; readonly seat: SeatNo; readonly acts: readonly ActKind[] }
  | { readonly kind: 'nominate'; readonly seat: SeatNo }
  | { readonly kind: 'vote'; readonly seat: SeatNo }
  | { readonly kind: 'liftVote'; readonly seat: SeatNo }
  | { readonly kind: 'bestMove'; readonly seat: SeatNo };

/**
 * The one-seat decisions are plain values, made once per (kind, seat) and shared frozen: a hot loop
 * that asks for the pending decisions after every command then allocates no new objects for them.
 */
type SeatPending = Exclude<Pending, { readonly kind: 'act' }>;
const SHARED_PENDING: Record<SeatPending['kind'], (SeatPending | undefined)[]> = { nominate: [], vote: [], liftVote: [], bestMove: [] };
function seatPending(kind: SeatPending['kind'], seat: SeatNo): SeatPending {
  const list = SHARED_PENDING[kind];
  if (seat >= 1024) return { kind, seat };
  while (list.length <= seat) list.push(undefined);
  return list[seat] ?? (list[seat] = Object.freeze({ kind, seat }));
}

/** Who may decide something now, and what. Used by bots, the narrator and the server's prompts. */
export function pendingDecisions(s: GameState): Pending[] {
  const out: Pending[] = [];
  if (s.phase.kind === 'night' && s.night) {
    const n = s.night.n;
    if (n === 1 && s.options.firstNight === 'introduction') return out;
    const done = s.night.acts;
    for (let i = 0; i < s.seats; i++) {
      if (!s.alive[i]) continue;
      const specs = roleOf(s.roles[i]).acts;
      if (specs.length === 0) continue;
      const seat = (i + 1) as SeatNo;
      let acts: ActKind[] | null = null;
      for (let k = 0; k < specs.length; k++) {
        const a = specs[k];
        if (n === 1 && !a.onCheckingFirstNight) continue;
        let used = false;
        for (let j = 0; j < done.length; j++) {
          if (done[j].by === seat && done[j].act === a.act) {
            used = true;
            break;
          }
        }
        if (!used) {
          if (acts === null) acts = [a.act];
          else acts.push(a.act);
        }
      }
      if (acts !== null) out.push({ kind: 'act', seat, acts });
    }
    return out;
  }
  const day = s.day;
  if (s.phase.kind !== 'day' || !day) return out;
  switch (day.stage) {
    case 'lastWords': {
      const fk = s.firstKill;
      if (s.options.bestMove && !s.bestMove && fk && fk.night === day.n && day.outcome === null && s.dayOneLeft < 2) {
        for (const v of fk.victims) if (day.lastWords.includes(v)) out.push(seatPending('bestMove', v));
      }
      return out;
    }
    case 'speeches': {
      const speaker = day.speakers[day.speakerIndex];
      if (!speaker) return out;
      const noms = day.nominations;
      for (let k = 0; k < noms.length; k++) if (noms[k][0] === speaker) return out;
      return [seatPending('nominate', speaker)];
    }
    case 'vote':
    case 'lift': {
      const ballots = day.stage === 'vote' ? day.ballots : day.lift;
      const kind = day.stage === 'vote' ? 'vote' : 'liftVote';
      // Counted first, so that the list is made at its size (this runs once per ballot round).
      let count = 0;
      for (let i = 0; i < s.seats; i++) if (s.alive[i] && ballots[i] === 0) count++;
      const voters = new Array<Pending>(count);
      let k = 0;
      for (let i = 0; i < s.seats; i++) {
        if (s.alive[i] && ballots[i] === 0) voters[k++] = seatPending(kind, (i + 1) as SeatNo);
      }
      return voters;
    }
    default:
      return out;
  }
}

/**
 * The host's next step when the seats have had their say: the app-as-host (and the simulator)
 * moves the game on with it. Null when the game is over.
 */
export function nextHostCommand(s: GameState): Command | null {
  if (s.phase.kind === 'ended') return null;
  if (s.phase.kind === 'night') return END_NIGHT;
  switch (s.day?.stage) {
    case 'lastWords': return END_LAST_WORDS;
    case 'speeches': return END_SPEECH;
    case 'vote':
    case 'lift': return CLOSE_VOTE;
    default: return null;
  }
}

/** The host's steps carry no data: one shared frozen command each. */
const END_NIGHT: Command = Object.freeze({ type: 'endNight' });
const END_LAST_WORDS: Command = Object.freeze({ type: 'endLastWords' });
const END_SPEECH: Command = Object.freeze({ type: 'endSpeech' });
const CLOSE_VOTE: Command = Object.freeze({ type: 'closeVote' });

import type { ActKind, SeatNo } from '../ids.js';
import type { Command } from '../game/commands.js';
import type { GameState } from '../game/state.js';
import { roleAt } from '../roles/registry.js';
import type { ActSpec } from '../roles/types.js';

/** A decision a seat may make now. */
export type Pending =
  | { readonly kind: 'act'; readonly seat: SeatNo; readonly acts: readonly ActKind[] }
  | { readonly kind: 'nominate'; readonly seat: SeatNo }
  /** `candidates`: the players on the vote, as the host announces them (public). */
  | { readonly kind: 'vote'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  | { readonly kind: 'liftVote'; readonly seat: SeatNo }
  | { readonly kind: 'bestMove'; readonly seat: SeatNo };

/**
 * The one-seat decisions are plain values, made once per (kind, seat) and shared frozen: a hot loop
 * that asks for the pending decisions after every command then allocates no new objects for them.
 */
type SeatPending = Exclude<Pending, { readonly kind: 'act' | 'vote' }>;
const SHARED_PENDING: Record<SeatPending['kind'], (SeatPending | undefined)[]> = {
  nominate: new Array<SeatPending | undefined>(64).fill(undefined),
  liftVote: new Array<SeatPending | undefined>(64).fill(undefined),
  bestMove: new Array<SeatPending | undefined>(64).fill(undefined),
};
function seatPending(kind: SeatPending['kind'], seat: SeatNo): SeatPending {
  const list = kind === 'nominate' ? SHARED_PENDING.nominate : SHARED_PENDING[kind];
  if (seat >= 1024) return { kind, seat };
  while (list.length <= seat) list.push(undefined);
  return list[seat] ?? (list[seat] = Object.freeze({ kind, seat }));
}

/**
 * A vote decision names the candidates, so it is made once per (seat, candidates list): the last one
 * made for each seat is kept and reused while the day's candidates list is the same (the engine
 * replaces that list, never writes into it, so its identity stands for its content).
 */
type VotePending = Extract<Pending, { readonly kind: 'vote' }>;
const VOTE_PENDING: (VotePending | undefined)[] = [];
function votePending(seat: SeatNo, candidates: readonly SeatNo[]): VotePending {
  while (VOTE_PENDING.length <= seat) VOTE_PENDING.push(undefined);
  const last = VOTE_PENDING[seat];
  if (last !== undefined && last.candidates === candidates) return last;
  return (VOTE_PENDING[seat] = Object.freeze({ kind: 'vote', seat, candidates }));
}

/**
 * Act decisions are shared frozen values too: one per (role's act list, seat, open acts). The act
 * lists are the registry's own (one per role), so they key a small table.
 */
const ACT_SPECS: (readonly ActSpec[])[] = [];
const ACT_TABLES: (Pending | undefined)[][] = [];
function actPending(specs: readonly ActSpec[], seat: SeatNo, mask: number): Pending {
  if (specs.length > 8 || seat >= 1024) return makeActPending(specs, seat, mask);
  // A few act lists (one per role with acts): found by identity in a short list (no Map hashing).
  let t = 0;
  while (t < ACT_SPECS.length && ACT_SPECS[t] !== specs) t++;
  if (t === ACT_SPECS.length) {
    ACT_SPECS.push(specs);
    ACT_TABLES.push([]);
  }
  const table = ACT_TABLES[t];
  const key = seat * 256 + mask;
  while (table.length <= key) table.push(undefined);
  return table[key] ?? (table[key] = makeActPending(specs, seat, mask));
}

function makeActPending(specs: readonly ActSpec[], seat: SeatNo, mask: number): Pending {
  const acts: ActKind[] = [];
  for (let k = 0; k < specs.length; k++) if (mask & (1 << k)) acts.push(specs[k].act);
  return Object.freeze({ kind: 'act', seat, acts: Object.freeze(acts) });
}

/** Who may decide something now, and what. Used by bots, the narrator and the server's prompts. */
export function pendingDecisions(s: GameState): Pending[] {
  const out: Pending[] = [];
  pendingDecisionsInto(s, out);
  return out;
}

/**
 * `pendingDecisions` written into `out[0..count)`, for a loop that asks after every command and
 * keeps one list: no list is made per call. Returns the count; entries past it are left over from
 * earlier calls and mean nothing. The entries are the same shared frozen values `pendingDecisions` gives.
 */
export function pendingDecisionsInto(s: GameState, out: Pending[]): number {
  let c = 0;
  if (s.phase.kind === 'night' && s.night) {
    const n = s.night.n;
    if (n === 1 && s.options.firstNight === 'introduction') return 0;
    const done = s.night.acts;
    for (let i = 0; i < s.seats; i++) {
      if (!s.alive[i]) continue;
      const specs = roleAt(s, i).acts;
      if (specs.length === 0) continue;
      const seat = (i + 1) as SeatNo;
      // Which of the role's acts are still open, as a bit mask over `specs`.
      let mask = 0;
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
        if (!used) mask |= 1 << k;
      }
      if (mask !== 0) out[c++] = actPending(specs, seat, mask);
    }
    return c;
  }
  const day = s.day;
  if (s.phase.kind !== 'day' || !day) return 0;
  switch (day.stage) {
    case 'lastWords': {
      const fk = s.firstKill;
      if (s.options.bestMove && !s.bestMove && fk && fk.night === day.n && day.outcome === null && s.dayOneLeft < 2) {
        for (const v of fk.victims) if (day.lastWords.includes(v)) out[c++] = seatPending('bestMove', v);
      }
      return c;
    }
    case 'speeches': {
      const speaker = day.speakers[day.speakerIndex];
      if (!speaker) return 0;
      const noms = day.nominations;
      for (let k = 0; k < noms.length; k++) if (noms[k][0] === speaker) return 0;
      out[c++] = seatPending('nominate', speaker);
      return c;
    }
    case 'vote': {
      const ballots = day.ballots;
      const candidates = day.candidates;
      for (let i = 0; i < s.seats; i++) {
        if (s.alive[i] && ballots[i] === 0) out[c++] = votePending((i + 1) as SeatNo, candidates);
      }
      return c;
    }
    case 'lift': {
      const lift = day.lift;
      for (let i = 0; i < s.seats; i++) {
        if (s.alive[i] && lift[i] === 0) out[c++] = seatPending('liftVote', (i + 1) as SeatNo);
      }
      return c;
    }
    default:
      return 0;
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
    case 'speeches':
    case 'defence': return END_SPEECH;
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

import type { ActKind, SeatNo } from '../ids.js';
import type { Command } from '../game/commands.js';
import type { GameState } from '../model/state.js';
import { roleAt } from '../roles/registry.js';
import { bestMoveOpen, hasNoVote } from '../day/rules.js';
import type { ActSpec } from '../model/role.js';
import { withActLimits, type ActPending } from './actLimits.js';

/** A decision a seat may make now. */
export type Pending =
  | ActPending
  | { readonly kind: 'nominate'; readonly seat: SeatNo }
  /** `candidates`: the players on the vote, as the host announces them (public). */
  | { readonly kind: 'vote'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  | { readonly kind: 'liftVote'; readonly seat: SeatNo }
  | { readonly kind: 'bestMove'; readonly seat: SeatNo }
  /** R-ROLE Rake: the executed Rake takes one of `candidates` (his voters) along. */
  | { readonly kind: 'rakeTake'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  /** `name-in-blood` (R-MOD), optional: last night's victim may name one of `candidates` as his killer. */
  | { readonly kind: 'blood'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] }
  /** R-ROLE Commissar (`commissarDyingNote`), optional: the Commissar killed last night by a dark role names one of `candidates`. */
  | { readonly kind: 'dyingNote'; readonly seat: SeatNo; readonly candidates: readonly SeatNo[] };

/**
 * The one-seat decisions are plain values, made once per (kind, seat) and shared frozen: a hot loop
 * that asks for the pending decisions after every command then allocates no new objects for them.
 */
type SeatPending = Exclude<Pending, { readonly kind: 'act' | 'vote' | 'rakeTake' | 'blood' | 'dyingNote' }>;
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
 * Two-stage and circular votes (R-VOTE-7, R-VOTE-8): nobody votes against himself, so each seat's
 * decision names the candidates without him; made once per (seat, day's candidates list).
 */
const OTHER_PENDING: ({ source: readonly SeatNo[]; pending: VotePending | null } | undefined)[] = [];
function otherVotePending(seat: SeatNo, candidates: readonly SeatNo[]): VotePending | null {
  while (OTHER_PENDING.length <= seat) OTHER_PENDING.push(undefined);
  const last = OTHER_PENDING[seat];
  if (last !== undefined && last.source === candidates) return last.pending;
  const others: SeatNo[] = [];
  for (let k = 0; k < candidates.length; k++) if (candidates[k] !== seat) others.push(candidates[k]);
  // The list itself is not frozen (freezing is slow in V8), as the day's own candidates list in a
  // sequential vote decision is not: it is never written into, and only this seat gets it.
  const pending = others.length === 0 ? null : Object.freeze({ kind: 'vote' as const, seat, candidates: others });
  OTHER_PENDING[seat] = { source: candidates, pending };
  return pending;
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

/**
 * What the night pass reads of each act spec, copied into one shape: the specs come in many
 * shapes (one literal per role), so reading their fields directly is slow (megamorphic) in the
 * pass that runs after every night command. One list per role's act list, found by identity.
 */
interface ActInfo {
  readonly act: ActKind;
  readonly onCheckingFirstNight: boolean;
  /** The spec has `availableOn` (called on the spec itself, as a method). */
  readonly availableOn: boolean;
  /** The spec has `offeredTo` (prompts narrower than availability: the team's guess). */
  readonly offered: boolean;
  /** withActLimits has something to add (limits, a second target or a role). */
  readonly limited: boolean;
}
const INFO_SPECS: (readonly ActSpec[])[] = [];
const INFOS: (readonly ActInfo[])[] = [];
function actInfos(specs: readonly ActSpec[]): readonly ActInfo[] {
  for (let t = 0; t < INFO_SPECS.length; t++) if (INFO_SPECS[t] === specs) return INFOS[t];
  const infos: ActInfo[] = [];
  for (const a of specs) {
    infos.push({
      act: a.act,
      onCheckingFirstNight: a.onCheckingFirstNight,
      availableOn: a.availableOn !== undefined,
      offered: a.offeredTo !== undefined,
      limited: a.validate !== undefined || a.needsTarget2 === true || a.needsRole === true,
    });
  }
  INFO_SPECS.push(specs);
  INFOS.push(infos);
  return infos;
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
      const infos = actInfos(specs);
      const seat = (i + 1) as SeatNo;
      // Which of the role's acts are still open, as a bit mask over `specs`.
      let mask = 0;
      let first = -1;
      for (let k = 0; k < infos.length; k++) {
        const a = infos[k];
        if (n === 1 && !a.onCheckingFirstNight && s.options.firstNight !== 'active') continue;
        if (a.availableOn && !specs[k].availableOn!(s, n, (i + 1) as SeatNo)) continue;
        if (a.offered && !specs[k].offeredTo!(s, n, (i + 1) as SeatNo)) continue;
        let used = false;
        for (let j = 0; j < done.length; j++) {
          if (done[j].by === seat && done[j].act === a.act) {
            used = true;
            break;
          }
        }
        if (!used) {
          mask |= 1 << k;
          if (first < 0) first = k;
        }
      }
      if (mask === 0) continue;
      const base = actPending(specs, seat, mask) as ActPending;
      // Only the first open act's limits matter (withActLimits leaves the others' decision as is).
      out[c++] = infos[first].limited ? withActLimits(s, base, specs, mask) : base;
    }
    return c;
  }
  const day = s.day;
  if (s.phase.kind !== 'day' || !day) return 0;
  switch (day.stage) {
    case 'lastWords': {
      if (day.victims.length > 0) c = bloodPending(s, out, c);
      if (day.dyingNote !== null && day.dyingNote.named === null && day.outcome === null) out[c++] = notePending(s, day.dyingNote.by);
      // During his own last word only (issue 11: each leaving player speaks in turn).
      const speaking = day.lastWords[0];
      if (speaking !== undefined && day.outcome === null && bestMoveOpen(s, day.n, speaking)) out[c++] = seatPending('bestMove', speaking);
      return c;
    }
    case 'speeches': {
      if (day.victims.length > 0) c = bloodPending(s, out, c);
      if (day.dyingNote !== null && day.dyingNote.named === null && day.outcome === null) out[c++] = notePending(s, day.dyingNote.by);
      const speaker = day.speakers[day.speakerIndex];
      if (!speaker) return c;
      // Two-stage and circular votes have no nominations (R-VOTE-7, R-VOTE-8).
      if (s.options.voting !== 'sequential') return c;
      const noms = day.nominations;
      for (let k = 0; k < noms.length; k++) if (noms[k][0] === speaker) return c;
      out[c++] = seatPending('nominate', speaker);
      return c;
    }
    case 'vote': {
      const ballots = day.ballots;
      const candidates = day.candidates;
      if (s.silenced.length === 0 && s.options.voting === 'sequential') {
        for (let i = 0; i < s.seats; i++) {
          if (s.alive[i] && ballots[i] === 0) out[c++] = votePending((i + 1) as SeatNo, candidates);
        }
        return c;
      }
      const sequential = s.options.voting === 'sequential';
      for (let i = 0; i < s.seats; i++) {
        const seat = (i + 1) as SeatNo;
        if (!s.alive[i] || ballots[i] !== 0 || hasNoVote(s, seat)) continue;
        const p = sequential ? votePending(seat, candidates) : otherVotePending(seat, candidates);
        if (p !== null) out[c++] = p;
      }
      return c;
    }
    case 'rake': {
      const choice = day.rakeChoice;
      if (choice === null) return 0;
      out[c++] = { kind: 'rakeTake', seat: choice.by, candidates: choice.among };
      return c;
    }
    case 'lift': {
      const lift = day.lift;
      for (let i = 0; i < s.seats; i++) {
        // A seat without a vote today (R-VOTE-11) has no lift vote either (liftVote refuses it).
        if (s.alive[i] && lift[i] === 0 && (s.silenced.length === 0 || !hasNoVote(s, (i + 1) as SeatNo))) out[c++] = seatPending('liftVote', (i + 1) as SeatNo);
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
    case 'rake': {
      // The host decides for a Rake who does not choose: the first of his voters.
      const choice = s.day!.rakeChoice!;
      return { type: 'rakeTakes', by: choice.by, target: choice.among[0] };
    }
    default: return null;
  }
}

/**
 * R-HOST-2: what the app-as-host sends when the current step's timer runs out: `timeUp` ends the step
 * whatever it still waits for. Null when no step is running (the game is over).
 */
export function timeUpCommand(s: GameState): Command | null {
  if (s.phase.kind === 'ended') return null;
  if (s.phase.kind === 'night') return TIME_UP;
  const stage = s.day?.stage;
  return stage === undefined || stage === 'evening' ? null : TIME_UP;
}

/**
 * `name-in-blood` (R-MOD): each of last night's victims who has not named a suspect may do so, in the
 * morning and during the speeches (optional; not with 3 or fewer players alive).
 */
function bloodPending(s: GameState, out: Pending[], c: number): number {
  const day = s.day!;
  if (day.outcome !== null || day.blood.length >= day.victims.length || aliveOf(s) <= 3) return c;
  for (const v of day.victims) {
    let named = false;
    for (const [b] of day.blood) if (b === v) named = true;
    if (!named) out[c++] = { kind: 'blood', seat: v, candidates: aliveSeats(s) };
  }
  return c;
}

function aliveOf(s: GameState): number {
  let n = 0;
  for (let i = 0; i < s.seats; i++) if (s.alive[i]) n++;
  return n;
}

function aliveSeats(s: GameState): SeatNo[] {
  const out: SeatNo[] = [];
  for (let i = 0; i < s.seats; i++) if (s.alive[i]) out.push((i + 1) as SeatNo);
  return out;
}

/** The host's steps carry no data: one shared frozen command each. */
const END_NIGHT: Command = Object.freeze({ type: 'endNight' });
const END_LAST_WORDS: Command = Object.freeze({ type: 'endLastWords' });
const END_SPEECH: Command = Object.freeze({ type: 'endSpeech' });
const CLOSE_VOTE: Command = Object.freeze({ type: 'closeVote' });
const TIME_UP: Command = Object.freeze({ type: 'timeUp' });

/** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar may name any other player. */
function notePending(s: GameState, by: SeatNo): Pending {
  const candidates: SeatNo[] = [];
  for (let i = 1; i <= s.seats; i++) if (i !== by) candidates.push(i as SeatNo);
  return { kind: 'dyingNote', seat: by, candidates };
}

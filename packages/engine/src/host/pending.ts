import { seatNo, type SeatNo } from '../ids.js';
import type { GameState } from '../model/state.js';
import { roleAt } from '../roles/registry.js';
import { hasNoVote } from '../day/rules.js';
import { bestMoveOpen } from '../day/rules.js';
import { withActLimits, type ActPending } from './actLimits.js';
import { actInfos, actPending, otherVotePending, seatPending, votePending, type Pending } from './decisions.js';

export type { Pending } from './decisions.js';

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
      const seat = seatNo(i + 1);
      // Which of the role's acts are still open, as a bit mask over `specs`.
      let mask = 0;
      let first = -1;
      for (let k = 0; k < infos.length; k++) {
        const a = infos[k];
        if (n === 1 && !a.onCheckingFirstNight && s.options.firstNight !== 'active') continue;
        if (a.availableOn && !specs[k].availableOn!(s, n, seat)) continue;
        if (a.offered && !specs[k].offeredTo!(s, n, seat)) continue;
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
          if (s.alive[i] && ballots[i] === 0) out[c++] = votePending(seatNo(i + 1), candidates);
        }
        return c;
      }
      const sequential = s.options.voting === 'sequential';
      for (let i = 0; i < s.seats; i++) {
        const seat = seatNo(i + 1);
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
        if (s.alive[i] && lift[i] === 0 && (s.silenced.length === 0 || !hasNoVote(s, seatNo(i + 1)))) out[c++] = seatPending('liftVote', seatNo(i + 1));
      }
      return c;
    }
    default:
      return 0;
  }
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
  for (let i = 0; i < s.seats; i++) if (s.alive[i]) out.push(seatNo(i + 1));
  return out;
}


/** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar may name any other player. */
function notePending(s: GameState, by: SeatNo): Pending {
  const candidates: SeatNo[] = [];
  for (let i = 1; i <= s.seats; i++) if (i !== by) candidates.push(seatNo(i));
  return { kind: 'dyingNote', seat: by, candidates };
}

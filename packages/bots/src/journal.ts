import type { ActKind, GameView, SeatNo } from '@mafia/engine';
import { checkerClaimants } from './talking.js';

/**
 * Why a bot did what it did, as data the review of a practice game words (issue 27 point 4: «Я считал
 * 7-го мафией: он голосовал против проверенного красного»). Each names the strongest reason only.
 */
export type Reason =
  | { readonly code: 'myCheck' | 'cardShown' | 'crowd' | 'mafiaPush' | 'hunt' | 'shotAgreed' | 'coverTrusted' | 'checkSuspect' | 'random' }
  /** The Don's check: a search for the checker among the players he has not checked. */
  | { readonly code: 'donSearch' }
  /** A claimed checker called the target black. */
  | { readonly code: 'namedBlack'; readonly by: number }
  /** The target claimed a checker's role after another (or beside one the night proved). */
  | { readonly code: 'falseClaim' }
  /** The target nominated / voted against a player known (or believed) red, on that day. */
  | { readonly code: 'pushedRed' | 'votedRed'; readonly seat: number; readonly day: number }
  /** The target voted elsewhere on a day a known mafioso stood for the vote. */
  | { readonly code: 'sparedBlack'; readonly day: number }
  /** The target claimed a checker's role: the mafia's and the Maniac's shot, the shields' cover. */
  | { readonly code: 'shotClaimant' | 'coverClaimant' }
  /** The club's endgame: every other living player is known (or all but known) red, so the target is the Maniac. */
  | { readonly code: 'lastUnknown' }
  /**
   * A nomination that only gives the day a vote (dayChoice.ts): a second candidate beside a lone
   * nominee on day 1, another beside trusted ones, a quiet day's.
   */
  | { readonly code: 'secondCandidate' | 'otherCandidate' | 'quietDay' };

/** One thing a bot did and why: a day's nomination or vote, a night's act. */
export interface JournalEntry {
  readonly phase: 'day' | 'night';
  readonly n: number;
  readonly act: 'vote' | 'nominate' | ActKind;
  readonly target: number;
  readonly reason: Reason;
}

/** The strongest public reason against `target` from the talk: a claimant's black check, or a false claim. */
export function talkReason(view: GameView, target: SeatNo, proven: (s: SeatNo) => boolean): Reason | null {
  const claimants = checkerClaimants(view);
  const i = claimants.indexOf(target);
  if (i > 0 || (i === 0 && claimants.some((c) => c !== target && proven(c)))) return { code: 'falseClaim' };
  for (const x of view.said) {
    const st = x.statement;
    if (st.kind === 'checked' && st.color === 'black' && st.target === target && claimants.includes(x.by) && x.by !== view.me?.seat) return { code: 'namedBlack', by: x.by };
  }
  return null;
}

/** Its place in the review: the phase and number of `view`. */
export function when(view: GameView): { phase: 'day' | 'night'; n: number } {
  const p = view.phase;
  return p.kind === 'night' ? { phase: 'night', n: p.n } : { phase: 'day', n: p.kind === 'day' ? p.n : 0 };
}


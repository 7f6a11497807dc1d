import type { GameState, NightAct } from '../model/state.js';
import type { ActSpec, RoleDef } from '../model/role.js';
import { visitAct } from './visit.js';
import { mafiaShot } from './mafia.js';
import { notSameAsLastNight } from './repeat.js';
import { isRoleId, nightNo, refuse } from './limits.js';

/** The club Beauty's visit saves her host from the shots of the mafia and the Maniac ("nobody home"). */
const coveredByVisit = (source: string): boolean => source === 'mafia' || source === 'maniac';

/**
 * Beauty, club variant (Красотка, seed 004, town): each night spends the night with one player (not
 * herself, not the same player two nights in a row). A shot of the mafia or the Maniac at her host
 * misses ("nobody home"); if she is killed, her host dies too (night/passives.ts). A visit that saved
 * someone is a useful action (RULES.md §9).
 */
export const beautyClub: RoleDef = {
  id: 'beauty',
  variant: 'club',
  team: 'town',
  name: { en: 'Beauty', ru: 'Красотка' },
  summary: 'Town (club). Spends each night with one player: a mafia or Maniac shot at him misses; if she is killed, he dies with her.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: [
    visitAct(
      'visit',
      { validate: (state, act) => notSameAsLastNight(state, act, 'R-ROLE', 'Beauty') },
      (ctx, act) => ctx.protect(act.target, act.by, coveredByVisit),
    ),
  ],
  rules: ['R-ROLE', 'R-NIGHT'],
};

/** A guess: right → the target dies; neither a heal nor immortality saves (kill source `guess`). */
function resolveGuess(ctx: Parameters<NonNullable<ActSpec['resolve']>>[0], act: NightAct): void {
  if (ctx.state.roles[act.target - 1] === act.role) {
    ctx.answer(act, 'right');
    ctx.attempt(act.target, 'guess');
  } else {
    ctx.answer(act, 'wrong');
  }
}

function validRole(act: NightAct): { rule: string; message: string } | null {
  return act.role === undefined || isRoleId(act.role) ? null : refuse('R-ROLE', `a guess names a role id, not ${JSON.stringify(act.role)}`);
}

/** The Piter Beauty's guess (every night). */
export const beautyGuess: ActSpec = {
  act: 'guess',
  stage: 'kill',
  onCheckingFirstNight: false,
  mayTargetSelf: false,
  needsRole: true,
  validate: (_state, act) => validRole(act),
  resolve: resolveGuess,
};

/** Is a Beauty of the mafia alive (then only she guesses)? */
function beautyAlive(s: GameState): boolean {
  for (let i = 0; i < s.seats; i++) if (s.alive[i] && s.roles[i] === 'beauty' && s.teams[i] === 'mafia') return true;
  return false;
}

/** Guesses the mafia made as a team (УГАДАЙКА) in earlier nights. */
function teamGuessesUsed(s: GameState): number {
  let n = 0;
  const past = s.pastActs;
  for (let k = 0; k < past.length; k++) {
    const a = past[k];
    // A Beauty's own guesses, and those a Piter Werewolf made before he took a mafia role, are not the team's.
    if (a.act === 'guess' && s.roles[a.by - 1] !== 'beauty' && s.setup.roles[a.by - 1] !== 'werewolf' && s.teams[a.by - 1] === 'mafia') n++;
  }
  return n;
}

/** Is a guess of this seat one of the team's guesses (УГАДАЙКА), not a Beauty's or an ex-Werewolf's own? */
function isTeamGuesser(s: GameState, seat: number): boolean {
  return s.teams[seat - 1] === 'mafia' && s.roles[seat - 1] !== 'beauty' && s.setup.roles[seat - 1] !== 'werewolf';
}

/**
 * Whether the team may still guess in this game (no mafia Beauty alive, guesses left). Asked for every
 * mafia seat after every night command, so the last answer is kept while the state's parts it reads
 * are the same (arrays are never written into: their identity stands for their content).
 */
function teamGuessOpen(s: GameState): boolean {
  if (s.pastActs !== memo.past || s.alive !== memo.alive || s.roles !== memo.roles || s.teams !== memo.teams || s.setup !== memo.setup || s.options !== memo.options) {
    memo.past = s.pastActs;
    memo.alive = s.alive;
    memo.roles = s.roles;
    memo.teams = s.teams;
    memo.setup = s.setup;
    memo.options = s.options;
    memo.open = !beautyAlive(s) && teamGuessesUsed(s) < s.options.mafiaGuesses;
  }
  return memo.open;
}
const memo: {
  past: GameState['pastActs'] | null; alive: GameState['alive'] | null; roles: GameState['roles'] | null;
  teams: GameState['teams'] | null; setup: GameState['setup'] | null; options: GameState['options'] | null; open: boolean;
} = { past: null, alive: null, roles: null, teams: null, setup: null, options: null, open: false };

/** The seat the host asks for the team's guess: the Don while he is alive, else the lowest alive team guesser. */
function teamGuesser(s: GameState): number {
  let first = 0;
  for (let i = 0; i < s.seats; i++) {
    if (!s.alive[i] || !isTeamGuesser(s, i + 1)) continue;
    if (s.roles[i] === 'don') return i + 1;
    if (first === 0) first = i + 1;
  }
  return first;
}

/** Another mafia member has already shown the team's guess tonight (one a night for the team). */
function teamGuessedTonight(s: GameState, seat: number): boolean {
  const acts = s.night === null ? [] : s.night.acts;
  for (let k = 0; k < acts.length; k++) {
    const a = acts[k];
    if (a.act === 'guess' && a.by !== seat && isTeamGuesser(s, a.by)) return true;
  }
  return false;
}

/**
 * УГАДАЙКА (Piter): without a Beauty in play the whole mafia gets her guess ("её функцию выполняет вся
 * мафия вместе"), `mafiaGuesses` times per game (default 2), one guess a night for the team, shown by
 * any alive mafia member (the Don, a Mafia, the Lawyer, the Recruiter).
 */
export const mafiaTeamGuess: ActSpec = {
  act: 'guess',
  stage: 'kill',
  onCheckingFirstNight: false,
  mayTargetSelf: false,
  needsRole: true,
  availableOn(state, _n, seat) {
    return teamGuessOpen(state) && state.alive[seat - 1] && isTeamGuesser(state, seat) && !teamGuessedTonight(state, seat);
  },
  // The host asks one phone for the team's guess: the Don's, or the lowest alive member's without him.
  offeredTo(state, _n, seat) {
    return teamGuesser(state) === seat;
  },
  validate: (_state, act) => validRole(act),
  resolve: resolveGuess,
};

/**
 * Beauty, Piter variant (Красотка, mafia): shoots with the mafia and each night may guess a player's
 * role: a right guess kills him, and neither a heal nor immortality saves him (R-ROLE).
 */
export const beautyPiter: RoleDef = {
  id: 'beauty',
  variant: 'piter',
  team: 'mafia',
  name: { en: 'Beauty', ru: 'Красотка' },
  summary: 'Mafia (Piter). Shoots with the team; each night may name a player\'s role: a right guess kills him (no heal or immortality saves).',
  appearsBlack: () => true,
  hostileShooter: true,
  acts: [mafiaShot, beautyGuess],
  rules: ['R-ROLE', 'R-NIGHT-3'],
};

import type { SeatNo } from '../ids.js';
import type { DayState, GameState } from '../model/state.js';
import { nightSteps } from '../night/script.js';
import { donSeeks, roleVariants } from './variants.js';
import { currentSpeechSeconds } from '../day/rules.js';
import { tournamentScores } from '../game/tournament.js';
import { ownTurnEnds } from '../game/effects.js';
import type { DayView, GameView, TournamentView, Viewer } from './types.js';
import { NONE, ownResults, seatList, seatTable, type ViewCache } from './seatViews.js';
import { isMafiaOnly, type Said } from '../model/statement.js';

/**
 * The game's statements as `viewer` may hear them: the mafia's night meeting (a plan) only by the
 * mafia and the host; for everyone else the same list as a game without a meeting (the same object
 * while no plan was said, so nothing is copied).
 */
export function saidFor(s: GameState, viewer: Viewer): readonly Said[] {
  if (viewer.kind === 'host') return s.said;
  let secret = false;
  for (let i = 0; i < s.said.length && !secret; i++) secret = isMafiaOnly(s.said[i].statement);
  if (!secret || (viewer.kind === 'seat' && s.teams[viewer.seat - 1] === 'mafia')) return s.said;
  return s.said.filter((x) => !isMafiaOnly(x.statement));
}

/**
 * The view of the game for one viewer. Every path from the state to a player goes through here:
 * a town player's view never holds another player's role.
 *
 * Called once per bot decision in simulations, so it is written as plain loops; the role test is
 * `canSeeRole` unrolled (the same rule, worked out once per view instead of once per seat). A caller
 * that projects many games in turn passes each game's `cache` (seatViews.ts `ViewCache`).
 */
export function project(s: GameState, viewer: Viewer, cache?: ViewCache): GameView {
  const mine = viewer.kind === 'seat' ? viewer.seat : null;
  const all = viewer.kind === 'host' || s.phase.kind === 'ended';
  // RULES.md §10: an eliminated player sees what a spectator sees (and his own card).
  const spectating = mine !== null && !s.alive[mine - 1] && !all;
  const table = seatTable(s, cache);
  const list = seatList(s, table, viewer, mine, all);
  const day = s.day && s.phase.kind === 'day' ? dayView(s.day) : null;
  // The lists below are usually empty: one shared frozen empty list then, not a new one per view.
  let myActs: { act: string; target: SeatNo }[] | null = null;
  let blocked = false;
  if (mine !== null && s.night) {
    const acts = s.night.acts;
    for (let k = 0; k < acts.length; k++) {
      const a = acts[k];
      if (a.by === mine) (myActs ??= []).push({ act: a.act, target: a.target });
      else if (a.target === mine && a.act === 'block' && !spectating) blocked = true;
    }
  }
  let results: GameView['results'];
  if (viewer.kind === 'host') results = s.checks;
  else {
    results = mine !== null && !spectating ? ownResults(s, table, mine) : NONE;
  }
  const view: GameView = {
    viewer,
    preset: s.setup.preset,
    phase: s.phase,
    seats: list.seats,
    day,
    me: list.me,
    nightSteps: nightSteps(s.setup),
    roleVariants: roleVariants(s.setup),
    donSeeks: donSeeks(s.setup),
    myActs: myActs ?? NONE,
    results,
    said: saidFor(s, viewer),
    bestMove: s.bestMove,
    winner: s.winner,
    winners: s.winners,
    // One literal with every member for every preset and viewer: a spread copy per view (as the own
    // turn and the block were added once) is slow in V8 and gives views several shapes, so that every
    // reader of a view (the bots) goes megamorphic; it halved the simulator's speed. JSON (and the
    // server's viewJson) leaves the `undefined` members out, so the text is the same as without them.
    tournament: s.options.fiim ? tournamentView(s) : undefined,
    ownTurn: mine !== null ? ownTurnEnds(s, mine) : undefined,
    blockedTonight: blocked ? true : undefined,
  };
  return view;
}

function tournamentView(s: GameState): TournamentView {
  return {
    techFouls: s.techFouls,
    removedFor: s.removedFor,
    extraPoints: s.extraPoints,
    teamDefeat: s.teamDefeat,
    final: s.final,
    speechSeconds: currentSpeechSeconds(s),
    scores: s.phase.kind === 'ended' ? tournamentScores(s) : null,
  };
}

function dayView(d: DayState): DayView {
  return {
    n: d.n,
    emergency: d.emergency,
    stage: d.stage,
    speaker: d.stage === 'speeches' || d.stage === 'defence' ? d.speakers[d.speakerIndex] ?? null : null,
    lastWords: d.lastWords,
    nominations: d.nominations,
    round: d.round,
    candidates: d.candidates,
    ballots: d.ballots,
    lift: d.lift,
    tally: d.tally,
    left: d.left,
    voteCancelled: d.voteCancelled,
    circle: d.circle,
    blood: d.blood,
    rakeChoice: d.rakeChoice,
    dyingNote: d.dyingNote !== null && d.dyingNote.named !== null ? { by: d.dyingNote.by, named: d.dyingNote.named } : null,
  };
}

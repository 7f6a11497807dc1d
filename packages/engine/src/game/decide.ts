import { fail, RuleViolation, type RuleError } from '../errors.js';
import { victimList } from './victimList.js';
import { isHostOnly, type Actor, type Command } from './commands.js';
import type { GameEvent } from './events.js';
import type { GameState } from '../model/state.js';
import { Draft, NO_EVENTS } from './draft.js';
import { act, endNight } from './night-commands.js';
import { allowedAfterEnd, extraPoints, foul, override, remove, techFoul, teamDefeat } from './host-commands.js';
import { bestMove, blood, dyingNote } from '../day/morning.js';
import { startDay } from '../day/flow.js';
import { endLastWords, endSpeech, nominate } from '../day/speeches.js';
import { circle, closeVote, liftVote, vote } from '../day/vote.js';
import { silenceBroken } from '../day/silence.js';
import { rakeTakes } from '../day/rake.js';
import { statement } from '../day/statements.js';
import { timeUp } from './time-up.js';

// Where each command's rules live (the dispatcher below only routes): night acts and the night's end
// in night-commands.ts, the host's fouls, removals and overrides in host-commands.ts, the day's commands
// in ../day/ (morning, speeches, vote, count, silence, rake; its stages in flow.ts, its rules in
// rules.ts), the shared checks in guards.ts.

export type Decision =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

/**
 * Decides a command against the state: the events it causes, or a rule error (and no change).
 * Pure: returns data and executes nothing.
 */
export function decide(state: GameState, command: Command, actor: Actor = HOST_ACTOR): Decision {
  return decideHolding(state, command, actor, false);
}

/** `decide`; `holdEvening`: a day its command closes waits at its evening (see Draft.holdEvening). */
export function decideHolding(state: GameState, command: Command, actor: Actor, holdEvening: boolean): Decision {
  try {
    const d = new Draft(state, false, holdEvening);
    handle(d, command, actor);
    return { ok: true, state: d.state, events: d.events === NO_EVENTS ? [] : d.events };
  } catch (e) {
    if (e instanceof RuleViolation) return { ok: false, error: e.error };
    throw e;
  }
}

const HOST_ACTOR: Actor = { kind: 'host' };
/** The one Draft of every in-place command, made at the first (no object per command). */
let inPlaceDraft: Draft | undefined;

/**
 * `decide` for a caller that owns `state` (and its day) and gives it up: the events are folded
 * into that very object instead of into a copy, so a command costs no copy of the state. The result
 * is the same as `decide`'s (test in_place_decide_matches_pure_decide). `state` must not be shared
 * with anything that expects it to stay as it is: make it with `ownedCopy` (or take it from an
 * earlier `decideInPlace`). Arrays in it are never written into, only replaced.
 *
 * On a rule error nothing has been folded (every rule is checked before the first event), so the
 * state is unchanged then too. Used by the simulator; `decide` and `transition` stay pure.
 */
export function decideInPlace(state: GameState, command: Command, actor: Actor = HOST_ACTOR): Decision {
  // One Draft for every in-place command (decide never runs inside another decide).
  const d = (inPlaceDraft ??= new Draft(state, true));
  d.restart(state);
  try {
    handle(d, command, actor);
  } catch (e) {
    if (e instanceof RuleViolation) {
      // Cannot happen (rules are checked before events are emitted); would leave a half-folded state.
      if (d.events !== NO_EVENTS) throw new Error(`decideInPlace: a rule error after ${d.events.length} event(s) were folded: ${e.error.message}`);
      return { ok: false, error: e.error };
    }
    throw e;
  }
  const events = d.events === NO_EVENTS ? [] : d.events;
  const out = d.state;
  // Let go of the events (the Draft stays for the next command); the state it keeps is `out`, the
  // caller's own now, which nothing writes into before the next command restarts the Draft.
  d.restart(out);
  return { ok: true, state: out, events };
}

function handle(d: Draft, c: Command, actor: Actor): void {
  const s = d.state;
  if (!c || typeof c !== 'object') fail('bad-command', 'INPUT', 'a command must be an object with a "type"');
  // Read once: commands come in many shapes, so every read of `type` is a slow (megamorphic) one.
  const type = c.type;
  if (typeof type !== 'string') fail('bad-command', 'INPUT', 'a command must be an object with a "type"');
  if (s.phase.kind === 'ended' && !allowedAfterEnd(s, type)) fail('game-over', 'R-WIN-0', `the game is over (${s.winner}); no more commands`);
  if (actor.kind !== 'host' && isHostOnly(type)) fail('host-only', 'R-HOST-1', `only the host (Ведущий) may send ${type}`);
  // The most frequent commands first: a switch on strings compares its cases one by one.
  switch (type) {
    case 'vote': return vote(d, c, actor);
    case 'endSpeech': return endSpeech(d, actor);
    case 'nominate': return nominate(d, c, actor);
    case 'act': return act(d, c, actor);
    case 'endNight': return endNight(d);
    case 'bestMove': return bestMove(d, c, actor);
    case 'dyingNote': return dyingNote(d, c, actor);
    case 'endLastWords': return endLastWords(d);
    case 'foul': return foul(d, c);
    case 'remove': return remove(d, c);
    case 'liftVote': return liftVote(d, c, actor);
    case 'closeVote': return closeVote(d);
    case 'circle': return circle(d, c);
    case 'blood': return blood(d, c, actor);
    case 'silenceBroken': return silenceBroken(d, c);
    case 'rakeTakes': return rakeTakes(d, c, actor);
    case 'victimList': return victimList(d, c, actor);
    case 'statement': return statement(d, c, actor);
    case 'override': return override(d, c.action);
    case 'techFoul': return techFoul(d, c);
    case 'teamDefeat': return teamDefeat(d, c);
    case 'extraPoints': return extraPoints(d, c);
    // Sent only by the app as host when a timer runs out (never in a simulation): late in the list.
    case 'timeUp': return timeUp(d);
    case 'undo': return fail('undo-needs-log', 'R-HOST-1', 'undo works on a game log: use transition() on a Game');
    default:
      return fail('unknown-command', 'INPUT', `unknown command type ${JSON.stringify(type)}`);
  }
}

/** The first phase of a new game: night 1, or day 1 when the preset has no nights (R-PHASE-5). */
export function openingEvents(state: GameState): GameEvent[] {
  return opening(state, false).events;
}

/**
 * The opening events and the state after them. `inPlace`: the caller gives `state` up (a fresh
 * `initialState`), so the events are folded into it with no copy.
 */
export function opening(state: GameState, inPlace: boolean): { events: GameEvent[]; state: GameState } {
  const d = new Draft(state, inPlace);
  if (state.options.nights) d.emit({ type: 'NightStarted', n: 1 });
  else startDay(d, 1, false, []);
  return { events: d.events === NO_EVENTS ? [] : d.events, state: d.state };
}

import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { advanceSpeakers, openVote, reopenRound, resolveDay } from '../day/flow.js';
import { everyAliveVoted } from '../day/rules.js';
import { countLift, countRound } from '../day/count.js';
import { afterLeaving } from './transform.js';
import type { Command } from './commands.js';
import type { Draft } from './draft.js';
import type { GameState, RemovalReason } from '../model/state.js';
import { penaltyEffect, removal } from './penalties.js';
import { isIn, needAlive, needSeat } from './guards.js';
import { checkWinner, endIfWon, winningSeats } from './win.js';

/**
 * R-FOUL-1: a foul; the last one allowed (option foulsToRemove) removes the player. `fiim`: also at
 * night, in the player's own last word and in the final minute (game/penalties.ts says how it counts).
 */
export function foul(d: Draft, c: Extract<Command, { type: 'foul' }>): void {
  const s = d.state;
  const [seat, effect] = penaltyEffect(s, c.seat, 'the fouled player', s.options.fiim ? 'R-FIIM-11' : 'R-FOUL-1');
  const total = s.fouls[seat - 1] + 1;
  d.emit({ type: 'Fouled', seat, total });
  if (s.options.foulsToRemove > 0 && total === s.options.foulsToRemove) removal(d, seat, 'fouls', effect, afterRemoval);
}

/** R-FIIM-14: a technical foul (option `techFouls: yes`); the 2nd removes the player as a 4th foul does. */
export function techFoul(d: Draft, c: Extract<Command, { type: 'techFoul' }>): void {
  const s = d.state;
  if (!s.options.fiim || s.options.techFouls !== 'yes') fail('not-in-preset', 'R-FIIM-14', `technical fouls are not counted in this ${s.setup.preset} game (option techFouls is not "yes")`);
  const [seat, effect] = penaltyEffect(s, c.seat, 'the player given a technical foul', 'R-FIIM-14');
  const total = s.techFouls[seat - 1] + 1;
  d.emit({ type: 'TechFouled', seat, total });
  if (total === TECH_FOULS_TO_REMOVE) removal(d, seat, 'tech-fouls', effect, afterRemoval);
}

/** R-FIIM-14: the technical foul that removes a player. */
const TECH_FOULS_TO_REMOVE = 2;

/** R-FOUL-1 / R-FIIM-12: the host removes a player; in `fiim` for a reason (disqualified, the default, or left the table). */
export function remove(d: Draft, c: Extract<Command, { type: 'remove' }>): void {
  const s = d.state;
  let reason: RemovalReason = 'host';
  if (s.options.fiim) {
    if (c.reason !== undefined && c.reason !== 'disqualified' && c.reason !== 'left') fail('bad-field', 'INPUT', `a removal's reason is "disqualified" or "left", got ${JSON.stringify(c.reason)}`);
    reason = c.reason ?? 'disqualified';
  } else if (c.reason !== undefined) {
    fail('not-in-preset', 'R-FIIM-12', `a removal's reason is recorded in the fiim preset only (this game: ${s.setup.preset})`);
  }
  const [seat, effect] = penaltyEffect(s, c.seat, 'the removed player', s.options.fiim ? 'R-FIIM-12' : 'R-FOUL-1');
  const already = effect === 'night' ? s.pendingRemovals.some((p) => p.seat === seat) : effect === 'record' && s.removedFor[seat - 1] !== null;
  if (already) fail('already-removed', 'R-FIIM-12', `seat ${seat} has already been removed${effect === 'night' ? ' (it takes effect at dawn)' : ''}`);
  removal(d, seat, reason, effect, afterRemoval);
}

/** R-FIIM-15: a team defeat; it takes effect at the end of the step (or counts for the points only once the game is decided). */
export function teamDefeat(d: Draft, c: Extract<Command, { type: 'teamDefeat' }>): void {
  const s = d.state;
  if (!s.options.fiim) fail('not-in-preset', 'R-FIIM-15', `a team defeat is given in the fiim preset only (this game: ${s.setup.preset})`);
  const seat = needSeat(s, c.seat, 'the offender of the team defeat');
  if (s.teamDefeat !== null) fail('team-defeat-given', 'R-FIIM-15', `a team defeat has already been given (seat ${s.teamDefeat})`);
  d.emit({ type: 'TeamDefeatRecorded', seat });
}

/** R-FIIM-16: the referee's extra points for a seat (±), at any time, also after the game. */
export function extraPoints(d: Draft, c: Extract<Command, { type: 'extraPoints' }>): void {
  const s = d.state;
  if (!s.options.fiim) fail('not-in-preset', 'R-FIIM-16', `extra points are given in the fiim preset only (this game: ${s.setup.preset})`);
  const seat = needSeat(s, c.seat, 'the seat given extra points');
  const p = c.points;
  if (typeof p !== 'number' || !Number.isFinite(p) || p === 0 || Math.abs(p) > 10) fail('bad-field', 'INPUT', `extra points are a number from -10 to 10 other than 0, got ${JSON.stringify(p)}`);
  d.emit({ type: 'ExtraPointsGiven', seat, points: p });
}

/**
 * R-FIIM-13/16: what the referee may still record once a `fiim` game is over: extra points always;
 * fouls, removals and a team defeat in the final minute (the game was decided by a vote or a shot and
 * option gameEndSpeech is "yes"), for the points only.
 */
export function allowedAfterEnd(s: GameState, type: string): boolean {
  if (!s.options.fiim) return false;
  if (type === 'extraPoints') return true;
  if (s.final === null || s.options.gameEndSpeech !== 'yes') return false;
  return type === 'foul' || type === 'techFoul' || type === 'remove' || type === 'teamDefeat';
}

export function afterRemoval(d: Draft, seat: SeatNo): void {
  afterLeaving(d, [seat]);
  const s = d.state;
  const day = s.day;
  if (checkWinner(s) !== null) {
    // R-SPORT-2: the removal ends the game; an undecided day is recorded as ended by the removal.
    if (s.phase.kind === 'day' && day && day.outcome === null) d.emit({ type: 'DayResolved', n: day.n, left: [...day.left].sort((a, b) => a - b), eliminated: [], by: 'removed', tally: null });
    endIfWon(d);
    return;
  }
  if (s.phase.kind !== 'day' || !day) return;
  if (day.stage === 'speeches') return advanceSpeakers(d);
  if (day.stage === 'rake') {
    // The Rake chooses among the voters still in the game; none left: he takes nobody.
    const choice = day.rakeChoice!;
    if (isIn(choice.among, seat)) d.emit({ type: 'RakeChoiceOpened', by: choice.by, among: choice.among.filter((x) => x !== seat) });
    return;
  }
  if (day.stage === 'defence' || day.stage === 'vote' || day.stage === 'lift') {
    if (day.voteCancelled) return resolveDay(d, [], 'removed', null);
    if (day.candidates.includes(seat)) {
      const others = day.candidates.filter((c) => c !== seat);
      if (s.options.voting !== 'sequential') return reopenRound(d, day.round, others);
      // The round starts again among the others (a lone one is never voted on: R-VOTE-4).
      openVote(d, day.round, others);
      return;
    }
    if (day.stage === 'defence') return;
    const ballots = day.stage === 'vote' ? day.ballots : day.lift;
    if (everyAliveVoted(s, ballots)) return day.stage === 'vote' ? countRound(d) : countLift(d);
  }
}

/** R-HOST-1: the host's overrides (eliminate, revive, end the game). */
export function override(d: Draft, a: Extract<Command, { type: 'override' }>['action']): void {
  const s = d.state;
  if (!a || typeof a !== 'object') fail('bad-command', 'INPUT', 'an override needs an action');
  switch (a.kind) {
    case 'eliminate': {
      const seat = needAlive(s, a.seat, 'the eliminated player', 'R-HOST-1');
      d.emit({ type: 'HostOverride', action: { kind: 'eliminate', seat } });
      afterLeaving(d, [seat]);
      endIfWon(d);
      return;
    }
    case 'revive': {
      const seat = needSeat(s, a.seat, 'the revived player');
      if (s.alive[seat - 1]) fail('alive', 'R-HOST-1', `seat ${seat} is alive already`);
      d.emit({ type: 'HostOverride', action: { kind: 'revive', seat } });
      return;
    }
    case 'endGame': {
      const w = a.winner;
      if (w !== 'town' && w !== 'mafia' && w !== 'draw' && !s.roles.includes(w)) fail('bad-winner', 'R-HOST-1', `unknown winner ${JSON.stringify(w)}`);
      d.emit({ type: 'HostOverride', action: { kind: 'endGame', winner: w } });
      d.emit({ type: 'GameEnded', winner: w, winners: winningSeats(s, w) });
      return;
    }
    default:
      fail('bad-command', 'INPUT', `unknown override ${JSON.stringify((a as { kind: unknown }).kind)}`);
  }
}

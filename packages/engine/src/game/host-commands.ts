import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { advanceSpeakers } from '../day/speeches.js';
import { everyAliveVoted, openVote, reopenRound } from '../day/vote.js';
import { countLift, countRound } from '../day/count.js';
import { resolveDay } from '../day/evening.js';
import { afterLeaving } from './transform.js';
import type { Command } from './commands.js';
import type { Draft } from './draft.js';
import { isIn, needAlive, needSeat } from './guards.js';
import { checkWinner, endIfWon, winningSeats } from './win.js';

/** R-FOUL-1: a foul; the last one allowed (option foulsToRemove) removes the player. */
export function foul(d: Draft, c: Extract<Command, { type: 'foul' }>): void {
  const s = d.state;
  const seat = needAlive(s, c.seat, 'the fouled player', 'R-FOUL-1');
  const total = s.fouls[seat - 1] + 1;
  d.emit({ type: 'Fouled', seat, total });
  if (s.options.foulsToRemove > 0 && total === s.options.foulsToRemove) {
    d.emit({ type: 'PlayerRemoved', seat, reason: 'fouls' });
    afterRemoval(d, seat);
  }
}

export function remove(d: Draft, c: Extract<Command, { type: 'remove' }>): void {
  const s = d.state;
  const seat = needAlive(s, c.seat, 'the removed player', 'R-FOUL-1');
  d.emit({ type: 'PlayerRemoved', seat, reason: 'host' });
  return afterRemoval(d, seat);
}

function afterRemoval(d: Draft, seat: SeatNo): void {
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

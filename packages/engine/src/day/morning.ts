// The morning: a day starts, and what the night's victims may still do (best move, dying note, name in blood).
import { seatAt, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Actor, Command } from '../game/commands.js';
import type { GameState } from '../game/state.js';
import type { Draft } from '../game/draft.js';
import { aliveCount, isIn, needAlive, needDay, needSeat, needSelfOrHost } from '../game/guards.js';
import { advanceSpeakers } from './speeches.js';

export function startDay(d: Draft, n: number, emergency: boolean, victims: readonly SeatNo[]): void {
  const s = d.state;
  const speakers = speakingOrder(s);
  const lastWords = s.options.nightVictimLastWord ? victims : [];
  if (s.setup.modifications.length > 0 && s.setup.modifications.includes('name-in-blood')) {
    // `name-in-blood` (R-MOD): the day keeps last night's victims, who may name a suspect.
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote, victims });
  } else {
    d.emit({ type: 'DayStarted', n, emergency, speakers, lastWords, voteCancelled: s.cancelNextVote });
  }
  if (s.options.commissarDyingNote && victims.length > 0) {
    const by = commissarKilledByDark(d.state, n, victims);
    if (by !== null) d.emit({ type: 'DyingNoteOwed', by });
  }
  if (d.state.day!.stage === 'speeches') advanceSpeakers(d);
}

/** R-PHASE-2: day 1 starts at seat 1; each next day at the next alive seat after the previous first speaker. */
export function speakingOrder(s: GameState): SeatNo[] {
  const n = s.seats;
  let start = 0;
  if (s.options.fiim && s.options.rotation === 'last' && s.lastLastSpeaker > 0) {
    // R-FIIM-9 `last`: the next alive seat after the previous day's last speaker speaks last today.
    const closer = nextAlive(s, s.lastLastSpeaker - 1);
    start = nextAlive(s, closer);
  } else if (s.lastFirstSpeaker > 0) {
    for (let k = 1; k <= n; k++) {
      const i = (s.lastFirstSpeaker - 1 + k) % n;
      if (s.alive[i]) { start = i; break; }
    }
  } else {
    for (let i = 0; i < n; i++) if (s.alive[i]) { start = i; break; }
  }
  const out: SeatNo[] = [];
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (s.alive[i]) out.push(seatAt(i));
  }
  return out;
}

/** The index of the first alive seat after seat index `i` (round the table; `i` itself last). */
function nextAlive(s: GameState, i: number): number {
  for (let k = 1; k <= s.seats; k++) {
    const j = (i + k) % s.seats;
    if (s.alive[j]) return j;
  }
  return i;
}

/**
 * R-SPORT-3 / R-FIIM-4: may `seat` make the best move today (before the day's vote)? The first night
 * victim with a kill (FIIM: the night-2 victim only, a miss on night 2 leaving nobody one), unless 2 or
 * more left by the day-1 vote.
 */
export function bestMoveOpen(s: GameState, day: number, seat: SeatNo): boolean {
  const fk = s.firstKill;
  if (!s.options.bestMove || s.bestMove !== null || fk === null || fk.night !== day || !fk.victims.includes(seat) || s.dayOneLeft >= 2) return false;
  return !s.options.fiim || fk.night === 2;
}

export function bestMove(d: Draft, c: Extract<Command, { type: 'bestMove' }>, actor: Actor): void {
  const s = d.state;
  const day = needDay(s, 'lastWords', 'the best move', 'R-SPORT-3');
  if (!s.options.bestMove) fail('no-best-move', 'R-SPORT-3', `the ${s.setup.preset} preset has no best move (option bestMove is off)`);
  const by = needSeat(s, c.by, 'the best move\'s author');
  needSelfOrHost(actor, by);
  const fk = s.firstKill;
  if (!fk || fk.night !== day.n || !fk.victims.includes(by) || day.outcome !== null) {
    fail('no-best-move', 'R-SPORT-3', `seat ${by} was not killed on the first night with a kill, so he has no best move`);
  }
  if (s.options.fiim && fk.night !== 2) fail('no-best-move', 'R-FIIM-4', `only the player shot on night 2 makes a best move, and night 2 was a miss (seat ${by} was shot on night ${fk.night})`);
  if (s.dayOneLeft >= 2) fail('no-best-move', 'R-SPORT-3', 'no best move: 2 or more players left by the day-1 vote');
  if (day.lastWords[0] !== by) fail('not-your-turn', 'R-SPORT-3', `seat ${by} names his best move during his own last word (now: ${day.lastWords.length > 0 ? `seat ${day.lastWords[0]}'s` : 'none'})`);
  if (s.bestMove) fail('no-best-move', 'R-SPORT-3', 'the best move has already been made');
  if (!Array.isArray(c.named) || c.named.length !== 3) fail('bad-field', 'R-SPORT-3', 'a best move names exactly three players');
  const named = c.named.map((x, i) => needSeat(s, x, `best move seat ${i + 1}`));
  if (new Set(named).size !== 3 || named.includes(by)) fail('bad-field', 'R-SPORT-3', 'a best move names three different players other than himself');
  d.emit({ type: 'BestMoveMade', by, named });
}

/** R-ROLE Commissar (000 tabletop): last night's victim who was the Commissar and whom a dark role (mafia, Maniac, Gangster) shot. */
function commissarKilledByDark(s: GameState, n: number, victims: readonly SeatNo[]): SeatNo | null {
  for (const v of victims) {
    if (s.roles[v - 1] !== 'commissar') continue;
    for (const a of s.pastActs) {
      if (a.night !== n || a.act !== 'kill' || a.target !== v) continue;
      const r = s.roles[a.by - 1];
      if (s.teams[a.by - 1] === 'mafia' || r === 'maniac' || r === 'gangster') return v;
    }
  }
  return null;
}

/** R-ROLE Commissar (`commissarDyingNote`): the killed Commissar's note names one player, in the morning. */
export function dyingNote(d: Draft, c: Extract<Command, { type: 'dyingNote' }>, actor: Actor): void {
  const s = d.state;
  if (!s.options.commissarDyingNote) fail('no-dying-note', 'R-ROLE', `the ${s.setup.preset} game has no dying note (option commissarDyingNote is off)`);
  const day = needDay(s, ['lastWords', 'speeches'], 'a dying note', 'R-ROLE');
  const by = needSeat(s, c.by, 'the Commissar who leaves the note');
  needSelfOrHost(actor, by);
  const note = day.dyingNote;
  if (note === null || note.by !== by) fail('no-dying-note', 'R-ROLE', `seat ${by} is not a Commissar killed last night by a dark role, so he leaves no note`);
  if (note.named !== null) fail('already-named', 'R-ROLE', `seat ${by} has already left his dying note`);
  if (day.outcome !== null) fail('wrong-phase', 'R-ROLE', 'the dying note is read out in the morning, before the day\'s vote');
  const named = needSeat(s, c.named, 'the player named in the dying note');
  if (named === by) fail('bad-field', 'R-ROLE', 'the dying note names another player');
  d.emit({ type: 'DyingNoteLeft', by, named });
}

/** `name-in-blood` (R-MOD): a player killed last night names a suspect, before the day's vote. */
export function blood(d: Draft, c: Extract<Command, { type: 'blood' }>, actor: Actor): void {
  const s = d.state;
  if (!s.setup.modifications.includes('name-in-blood')) fail('modification-not-in-play', 'R-MOD', 'the name-in-blood modification is not in play');
  const day = needDay(s, ['lastWords', 'speeches'], 'a name in blood', 'R-MOD');
  if (day.outcome !== null) fail('wrong-phase', 'R-MOD', 'a name in blood counts at the vote: it is given before the day\'s vote');
  const by = needSeat(s, c.by, 'the victim who names his killer');
  needSelfOrHost(actor, by);
  if (!isIn(day.victims, by)) fail('not-a-victim', 'R-MOD', `seat ${by} was not killed last night, so he names nobody in blood`);
  for (const [v] of day.blood) if (v === by) fail('already-named', 'R-MOD', `seat ${by} has already named his killer`);
  const target = needAlive(s, c.target, 'the suspect named in blood', 'R-MOD');
  if (aliveCount(s) <= 3) fail('too-few-players', 'R-MOD', 'no name in blood when 3 players remain');
  d.emit({ type: 'BloodNamed', by, target });
}

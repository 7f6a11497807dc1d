import { ALL_ROLE_IDS, type RoleId, type SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import type { Actor, Command } from '../game/commands.js';
import type { Draft } from '../game/draft.js';
import { isIn, needAlive, needDay, needSeat, needSelfOrHost } from '../game/guards.js';
import type { GameState } from '../model/state.js';
import { MAX_PLAN_SHOTS, MAX_STATEMENTS_PER_DAY, MAX_VERSION_SEATS, STATEMENT_KINDS, type Statement } from '../model/statement.js';

const ROLES: ReadonlySet<string> = new Set(ALL_ROLE_IDS);
const KINDS: ReadonlySet<string> = new Set(STATEMENT_KINDS);

/**
 * A statement (issue 27): a player says it in his own turn to speak, his speech, his defence or his
 * last word; the host may enter it for him (the in-person console). It is recorded as said,
 * true or false: a bluff is the game. What is checked is only that it can be said: the seats it
 * names are at this table, a claimed role is a card of this game's deck, a check is of a night that
 * has been, and a day is talk, not a flood (MAX_STATEMENTS_PER_DAY).
 */
export function statement(d: Draft, c: Extract<Command, { type: 'statement' }>, actor: Actor): void {
  const s = d.state;
  if (s.phase.kind === 'night') return nightStatement(d, c, actor);
  const day = needDay(s, ['speeches', 'defence', 'lastWords'], 'a statement', 'R-PHASE-2');
  const by = needSeat(s, c.by, 'the speaking player');
  needSelfOrHost(actor, by);
  const speaking = day.stage === 'lastWords' ? isIn(day.lastWords, by) : day.speakers[day.speakerIndex] === by && !isIn(day.silenced, by);
  if (!speaking) fail('not-your-turn', 'R-PHASE-2', `seat ${by} may make a statement only while he speaks (his speech, defence or last word)`);
  if (day.stage !== 'lastWords') needAlive(s, by, 'the speaking player', 'R-PHASE-2');
  let today = 0;
  for (const said of s.said) if (said.day === day.n && said.by === by) today++;
  if (today >= MAX_STATEMENTS_PER_DAY) fail('too-many-statements', 'INPUT', `seat ${by} has made ${MAX_STATEMENTS_PER_DAY} statements today, the most a day allows`);
  d.emit({ type: 'StatementMade', by, statement: checked(s, by, day.n, c.statement) });
}

/**
 * The mafia's night meeting (issue 27): a living member of the mafia says, at night, their shot order
 * (`plan`); the mafia alone hear it. Nights from this one on, each once, any seat at the table; at
 * most MAX_STATEMENTS_PER_DAY statements of a player a night.
 */
function nightStatement(d: Draft, c: Extract<Command, { type: 'statement' }>, actor: Actor): void {
  const s = d.state;
  const n = s.phase.kind === 'night' ? s.phase.n : 0;
  const by = needSeat(s, c.by, 'the speaking player');
  needSelfOrHost(actor, by);
  if (s.teams[by - 1] !== 'mafia') fail('not-mafia', 'R-NIGHT-2', `seat ${by} is not of the mafia: at night only the mafia speak, at their meeting`);
  needAlive(s, by, 'the speaking player', 'R-NIGHT-2');
  let tonight = 0;
  for (const said of s.said) if (said.night === n && said.by === by) tonight++;
  if (tonight >= MAX_STATEMENTS_PER_DAY) fail('too-many-statements', 'INPUT', `seat ${by} has made ${MAX_STATEMENTS_PER_DAY} statements tonight, the most a night allows`);
  const raw = c.statement as unknown as Record<string, unknown> | null;
  if (!raw || typeof raw !== 'object' || raw.kind !== 'plan') fail('bad-statement', 'INPUT', `at night the mafia's meeting says its plan ("plan"), got ${JSON.stringify(raw?.kind)}`);
  const shots = raw!.shots;
  if (!Array.isArray(shots) || shots.length < 1 || shots.length > MAX_PLAN_SHOTS) fail('bad-statement', 'INPUT', `a plan names 1 to ${MAX_PLAN_SHOTS} shots`);
  const out: { night: number; target: SeatNo }[] = [];
  for (const shot of shots as unknown[]) {
    const x = shot as Record<string, unknown> | null;
    const night = x?.night;
    if (typeof night !== 'number' || !Number.isInteger(night) || night < n || night > n + 20) fail('bad-statement', 'INPUT', `a plan's shot is of tonight (${n}) or a night after it, got ${JSON.stringify(night)}`);
    if (out.some((o) => o.night === night)) fail('bad-statement', 'INPUT', `a plan names night ${night} once`);
    out.push({ night: night as number, target: needSeat(s, x?.target, 'the planned shot') });
  }
  d.emit({ type: 'StatementMade', by, statement: { kind: 'plan', shots: out } });
}

/** The statement as the game records it (a fresh plain object), or a clear refusal naming what is wrong. */
function checked(s: GameState, by: SeatNo, dayN: number, raw: unknown): Statement {
  if (!raw || typeof raw !== 'object') fail('bad-statement', 'INPUT', 'a statement must be an object with a "kind"');
  const st = raw as Record<string, unknown>;
  const kind = st.kind;
  if (kind === 'plan') fail('bad-statement', 'INPUT', 'a plan is said at night, at the mafia\'s meeting, not in a speech');
  if (typeof kind !== 'string' || !KINDS.has(kind)) fail('bad-statement', 'INPUT', `unknown statement kind ${JSON.stringify(kind)}; kinds: ${STATEMENT_KINDS.join(', ')}`);
  const other = (seat: unknown, what: string): SeatNo => {
    const n = needSeat(s, seat, what);
    if (n === by) fail('bad-statement', 'INPUT', `${what} must be another player than seat ${by} himself`);
    return n;
  };
  switch (kind as Statement['kind']) {
    case 'claim': {
      const role = st.role;
      const deck: readonly RoleId[] = s.setup.deck ?? s.setup.roles;
      if (typeof role !== 'string' || !ROLES.has(role)) fail('bad-statement', 'INPUT', `a claim names a role id, got ${JSON.stringify(role)}`);
      if (!deck.includes(role as RoleId)) fail('bad-statement', 'INPUT', `there is no ${role} card in this game`);
      return { kind: 'claim', role: role as RoleId };
    }
    case 'checked': {
      const target = other(st.target, 'the checked player');
      const night = st.night;
      if (typeof night !== 'number' || !Number.isInteger(night) || night < 1 || night > dayN) fail('bad-statement', 'INPUT', `a check is of a night that has been: 1 to ${dayN}, got ${JSON.stringify(night)}`);
      if (st.color !== 'red' && st.color !== 'black') fail('bad-statement', 'INPUT', `a check's answer is "red" (the town) or "black" (the mafia), got ${JSON.stringify(st.color)}`);
      return { kind: 'checked', target, night: night as number, color: st.color };
    }
    case 'suspect':
    case 'trust':
    case 'willVote': {
      const target = other(st.target, `the player a "${kind}" names`);
      needAlive(s, target, `the player a "${kind}" names`, 'R-PHASE-2');
      return { kind: kind as 'suspect' | 'trust' | 'willVote', target };
    }
    case 'version': {
      const seats = st.seats;
      if (!Array.isArray(seats) || seats.length < 1 || seats.length > MAX_VERSION_SEATS) fail('bad-statement', 'INPUT', `a version names 1 to ${MAX_VERSION_SEATS} seats`);
      const named = (seats as unknown[]).map((seat) => other(seat, 'a seat of the version'));
      if (new Set(named).size !== named.length) fail('bad-statement', 'INPUT', 'a version names each seat once');
      return { kind: 'version', seats: named };
    }
    case 'plan':
      return fail('bad-statement', 'INPUT', 'a plan is said at night, at the mafia\'s meeting');
  }
}

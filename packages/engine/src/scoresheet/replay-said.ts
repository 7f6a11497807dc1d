import { ALL_ROLE_IDS } from '../ids.js';
import { fail } from '../errors.js';
import type { GameState } from '../model/state.js';
import { expectArray, expectInt, expectObject, expectSeat, onlyKeys } from './shape.js';

const ROLES: ReadonlySet<string> = new Set(ALL_ROLE_IDS);
const ANSWERS: ReadonlySet<string> = new Set(['yes', 'no', 'red', 'black']);
const KINDS = ['claim', 'checked', 'suspect', 'trust', 'vote', 'version', 'plan'] as const;

/**
 * A step's `said` (spec/protocol.md "What was said"): what was said, true or false, checked only for
 * its shape and ignored by the rules. An unknown kind, a seat or a role that does not exist, or a
 * speaker who was not in the game at that moment is an error. `s` is the state as the step begins:
 * a day's speakers are the players alive that morning and the morning's victims (alive when the
 * night before began, `aliveAtNight`, or giving their last word); a night's, the players alive that night.
 */
export function checkSaid(s: GameState, step: Record<string, unknown>, path: string, aliveAtNight: readonly boolean[] | null): void {
  if (step.said === undefined) return;
  const list = expectArray(step.said, `${path}.said`);
  // A day's morning victims: alive when the night before it began, or giving their last word now.
  const victims: number[] = [];
  if (s.phase.kind === 'day' && s.day !== null) {
    for (const seat of s.day.lastWords) victims.push(seat);
    if (aliveAtNight !== null) for (let i = 0; i < s.seats; i++) if (aliveAtNight[i]) victims.push(i + 1);
  }
  list.forEach((raw, k) => {
    const p = `${path}.said[${k}]`;
    const pair = expectArray(raw, p);
    if (pair.length !== 2) fail('bad-field', 'INPUT', `${p} must be [SEAT, STATEMENT]`, p);
    const by = seat(s, pair[0], `${p}[0]`);
    if (!s.alive[by - 1] && !victims.includes(by)) fail('not-alive', 'INPUT', `${p}: seat ${by} was not in the game when this was said`, `${p}[0]`);
    statement(s, pair[1], `${p}[1]`);
  });
}

function seat(s: GameState, v: unknown, path: string): number {
  const n = expectSeat(v, path);
  if (n < 1 || n > s.seats) fail('bad-seat', 'INPUT', `${path} must be a seat number from 1 to ${s.seats}, got ${n}`, path);
  return n;
}

function statement(s: GameState, raw: unknown, path: string): void {
  const st = expectObject(raw, path);
  const kind = KINDS.find((k) => k in st);
  if (kind === undefined) fail('bad-field', 'INPUT', `${path} is not a statement: its kind is one of ${KINDS.join(', ')}`, path);
  switch (kind) {
    case 'claim': {
      onlyKeys(st, ['claim'], path);
      if (typeof st.claim !== 'string' || !ROLES.has(st.claim)) fail('unknown-role', 'INPUT', `${path}.claim: no role ${JSON.stringify(st.claim)} exists`, `${path}.claim`);
      return;
    }
    case 'checked': {
      onlyKeys(st, ['checked', 'answer', 'night'], path);
      seat(s, st.checked, `${path}.checked`);
      const answer = st.answer;
      if (typeof answer !== 'string' || !(ANSWERS.has(answer) || ROLES.has(answer))) {
        fail('bad-field', 'INPUT', `${path}.answer must be "yes", "no", "red", "black" or a role id, got ${JSON.stringify(answer)}`, `${path}.answer`);
      }
      if (expectInt(st.night, `${path}.night`) < 1) fail('bad-field', 'INPUT', `${path}.night must be a night number from 1`, `${path}.night`);
      return;
    }
    case 'suspect':
    case 'trust':
    case 'vote':
      onlyKeys(st, [kind], path);
      seat(s, st[kind], `${path}.${kind}`);
      return;
    case 'version':
      onlyKeys(st, ['version'], path);
      expectArray(st.version, `${path}.version`).forEach((v, j) => seat(s, v, `${path}.version[${j}]`));
      return;
    case 'plan':
      onlyKeys(st, ['plan'], path);
      expectArray(st.plan, `${path}.plan`).forEach((raw, j) => {
        const pp = `${path}.plan[${j}]`;
        const pair = expectArray(raw, pp);
        if (pair.length !== 2) fail('bad-field', 'INPUT', `${pp} must be [NIGHT, SEAT]`, pp);
        if (expectInt(pair[0], `${pp}[0]`) < 1) fail('bad-field', 'INPUT', `${pp}[0] must be a night number from 1`, `${pp}[0]`);
        seat(s, pair[1], `${pp}[1]`);
      });
      return;
  }
}

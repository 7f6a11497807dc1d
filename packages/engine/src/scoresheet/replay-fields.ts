import { fail } from '../errors.js';
import type { Command } from '../game/commands.js';
import type { Entry } from './replayer.js';
import { expectArray, expectInt, expectObject, expectSeat, onlyKeys, seatKey } from './shape.js';

/*
 * The penalty and day fields of a protocol step (spec/protocol.md): their shapes, checked before any
 * of the step is replayed, and the commands they stand for.
 */

/** `removed` entries: SEAT (disqualified) or {"seat": SEAT, "reason": "disqualified" | "left"} (R-FIIM-12). */
function removalCommand(raw: unknown, p: string): Command {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { type: 'remove', seat: expectSeat(raw, p) };
  const o = expectObject(raw, p);
  onlyKeys(o, ['seat', 'reason'], p);
  const seat = expectSeat(o.seat, `${p}.seat`);
  if (o.reason === undefined) return { type: 'remove', seat };
  if (o.reason !== 'disqualified' && o.reason !== 'left') fail('bad-field', 'INPUT', `${p}.reason must be "disqualified" or "left", got ${JSON.stringify(o.reason)}`, `${p}.reason`);
  return { type: 'remove', seat, reason: o.reason };
}

/** Field types of the penalty fields, checked before anything is replayed. */
export function checkPenaltyShape(step: Record<string, unknown>, path: string): void {
  for (const k of ['fouls', 'techFouls', 'foulsAfterVote']) {
    if (step[k] !== undefined) expectArray(step[k], `${path}.${k}`).forEach((x, j) => expectInt(x, `${path}.${k}[${j}]`));
  }
  for (const k of ['removed', 'removedAfterVote']) {
    if (step[k] !== undefined) expectArray(step[k], `${path}.${k}`).forEach((x, j) => removalCommand(x, `${path}.${k}[${j}]`));
  }
  if (step.teamDefeat !== undefined) expectInt(step.teamDefeat, `${path}.teamDefeat`);
  if (step.extraPoints !== undefined) {
    for (const [key, v] of Object.entries(expectObject(step.extraPoints, `${path}.extraPoints`))) {
      seatKey(key, `${path}.extraPoints`);
      if (typeof v !== 'number' || !Number.isFinite(v)) fail('bad-field', 'INPUT', `${path}.extraPoints.${key} must be a number, got ${JSON.stringify(v)}`, `${path}.extraPoints.${key}`);
    }
  }
}

/** The step's fouls, technical fouls, removals and team defeat as commands, in that order (`suffix`: "AfterVote"). */
export function penaltiesOf(step: Record<string, unknown>, path: string, suffix = ''): Entry[] {
  const out: Entry[] = [];
  const fouls = step[`fouls${suffix}`];
  if (fouls !== undefined) expectArray(fouls, `${path}.fouls${suffix}`).forEach((x, j) => out.push({ cmd: { type: 'foul', seat: expectSeat(x, `${path}.fouls${suffix}[${j}]`) }, path: `${path}.fouls${suffix}[${j}]` }));
  if (suffix === '' && step.techFouls !== undefined) expectArray(step.techFouls, `${path}.techFouls`).forEach((x, j) => out.push({ cmd: { type: 'techFoul', seat: expectSeat(x, `${path}.techFouls[${j}]`) }, path: `${path}.techFouls[${j}]` }));
  const removed = step[`removed${suffix}`];
  if (removed !== undefined) expectArray(removed, `${path}.removed${suffix}`).forEach((x, j) => out.push({ cmd: removalCommand(x, `${path}.removed${suffix}[${j}]`), path: `${path}.removed${suffix}[${j}]` }));
  if (suffix === '' && step.teamDefeat !== undefined) out.push({ cmd: { type: 'teamDefeat', seat: expectSeat(step.teamDefeat, `${path}.teamDefeat`) }, path: `${path}.teamDefeat` });
  return out;
}

/** R-FIIM-16: the step's extra points as commands. */
export function extraPointsOf(step: Record<string, unknown>, path: string): Entry[] {
  if (step.extraPoints === undefined) return [];
  // A seat listed with 0 (a club's export may list every seat) is given nothing.
  return Object.entries(expectObject(step.extraPoints, `${path}.extraPoints`)).filter(([, v]) => v !== 0).map(([key, v]) => ({
    cmd: { type: 'extraPoints', seat: seatKey(key, `${path}.extraPoints`), points: v as number },
    path: `${path}.extraPoints.${key}`,
  }));
}

/**
 * The day step's field types (spec/protocol.md "Day step"), checked before any of them is replayed, so
 * that a malformed field is reported as such (INPUT) rather than as a stage the day did not reach.
 */
export function checkDayShape(step: Record<string, unknown>, path: string): void {
  const ints = (v: unknown, p: string) => expectArray(v, p).forEach((x, j) => expectInt(x, `${p}[${j}]`));
  const ballots = (v: unknown, p: string) => {
    for (const [key, voters] of Object.entries(expectObject(v, p))) {
      seatKey(key, p);
      ints(voters, `${p}.${key}`);
    }
  };
  if (step.fouls !== undefined) ints(step.fouls, `${path}.fouls`);
  // `removed` (SEAT, or a fiim removal with its reason) is checked by checkPenaltyShape.
  const pairs = (v: unknown, p: string, shape: string) =>
    expectArray(v, p).forEach((raw, j) => {
      const pp = `${p}[${j}]`;
      if (!Array.isArray(raw) || raw.length !== 2) fail('bad-field', 'INPUT', `${pp} must be ${shape}`, pp);
      ints(raw, pp);
    });
  if (step.nominations !== undefined) pairs(step.nominations, `${path}.nominations`, '[BY, TARGET]');
  if (step.votes !== undefined) ballots(step.votes, `${path}.votes`);
  if (Array.isArray(step.revote)) step.revote.forEach((v, k) => ballots(v, `${path}.revote[${k}]`));
  else if (step.revote !== undefined) {
    const rv = step.revote;
    if (rv === null || typeof rv !== 'object') fail('bad-field', 'INPUT', `${path}.revote must be an object (TARGET: [VOTER, ...]) or an array of such objects`, `${path}.revote`);
    ballots(rv, `${path}.revote`);
  }
  if (step.liftAll !== undefined) ints(step.liftAll, `${path}.liftAll`);
  if (step.rakeTakes !== undefined) expectInt(step.rakeTakes, `${path}.rakeTakes`);
  if (step.circle !== undefined) expectObject(step.circle, `${path}.circle`);
  if (step.blood !== undefined) pairs(step.blood, `${path}.blood`, '[VICTIM, SUSPECT]');
  if (step.bestMove !== undefined) {
    const bp = `${path}.bestMove`;
    const bm = expectArray(step.bestMove, bp);
    if (bm.length !== 2 || !Array.isArray(bm[1])) fail('bad-field', 'INPUT', `${bp} must be [VICTIM, [S1, S2, S3]]`, bp);
    expectInt(bm[0], `${bp}[0]`);
    ints(bm[1], `${bp}[1]`);
  }
}

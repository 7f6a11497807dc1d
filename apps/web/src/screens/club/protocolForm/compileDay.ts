import type { BloodDraft, DayDraft, FiimDraft } from './draft';
import { stepKey, Writer } from './writer';

type Step = Record<string, unknown>;
type Keys = Record<string, string>;

/** The parts of a step that concern penalties and the referee (fouls, removals, R-FIIM-11…16). */
interface PenaltyDraft {
  readonly fouls?: string;
  readonly removed?: string;
  readonly fiim?: FiimDraft;
}

/**
 * Writes a step's fouls and removals, and the tournament entries of `fiim` (technical fouls, players
 * who left the table, a team defeat, extra points; on a day also the fouls and removals after the vote).
 */
export function penalties(d: PenaltyDraft, i: number, w: Writer, step: Step, keys: Keys, isDay: boolean): void {
  const f = d.fiim;
  const fouls = w.list(d.fouls, stepKey(i, 'fouls'));
  if (fouls) step.fouls = fouls;
  keys.fouls = stepKey(i, 'fouls');
  const bare = w.list(d.removed, stepKey(i, 'removed')) ?? [];
  const left = w.list(f?.left, stepKey(i, 'left')) ?? [];
  if (bare.length + left.length > 0) step.removed = [...bare, ...left.map((seat) => ({ seat, reason: 'left' }))];
  keys.removed = stepKey(i, 'removed');
  left.forEach((_, j) => (keys[`removed[${bare.length + j}]`] = stepKey(i, 'left')));
  if (!f) return;
  const tech = w.list(f.techFouls, stepKey(i, 'techFouls'));
  if (tech) step.techFouls = tech;
  keys.techFouls = stepKey(i, 'techFouls');
  const defeat = w.seat(f.teamDefeat, stepKey(i, 'teamDefeat'));
  if (defeat !== undefined) step.teamDefeat = defeat;
  keys.teamDefeat = stepKey(i, 'teamDefeat');
  if (isDay) {
    const after = w.list(f.foulsAfter, stepKey(i, 'foulsAfter'));
    if (after) step.foulsAfterVote = after;
    keys.foulsAfterVote = stepKey(i, 'foulsAfter');
    const removedAfter = w.list(f.removedAfter, stepKey(i, 'removedAfter'));
    if (removedAfter) step.removedAfterVote = removedAfter;
    keys.removedAfterVote = stepKey(i, 'removedAfter');
  }
  const points = w.points(f.extraPoints, stepKey(i, 'extraPoints'));
  if (points) step.extraPoints = points;
  keys.extraPoints = stepKey(i, 'extraPoints');
}

function ballots(record: Readonly<Record<string, string>>, key: string, w: Writer): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [target, text] of Object.entries(record)) {
    const l = w.list(text, key);
    if (l) out[target] = l;
  }
  return out;
}

function blood(rows: readonly BloodDraft[], i: number, w: Writer, step: Step, keys: Keys): void {
  const out: number[][] = [];
  rows.forEach((b, k) => {
    const key = stepKey(i, `blood.${k}`);
    const victim = w.seat(b.victim, key);
    const suspect = w.seat(b.suspect, key);
    if (victim === undefined || suspect === undefined) return;
    keys[`blood[${out.length}]`] = key;
    out.push([victim, suspect]);
  });
  if (out.length > 0) step.blood = out;
  keys.blood = stepKey(i, 'blood');
}

/** The re-vote rounds: one round as an object, repeated rounds (R-SPORT-5) as an array of them. */
function revotes(d: DayDraft, i: number, w: Writer, step: Step, keys: Keys): void {
  const rounds = d.revotes.map((r, k) => ballots(r, stepKey(i, `revote.${k}`), w));
  if (rounds.length === 1) step.revote = rounds[0];
  if (rounds.length > 1) step.revote = rounds;
  keys.revote = stepKey(i, 'revote');
  if (rounds.length > 1) rounds.forEach((_, k) => (keys[`revote[${k}]`] = stepKey(i, `revote.${k}`)));
}

/** A day of the sheet as the protocol's day step, with the field each part came from. */
export function compileDay(d: DayDraft, i: number, w: Writer): { step: Step; keys: Keys } {
  const keys: Keys = {};
  const step: Step = { ...d.extra, day: d.n };
  const bmBy = w.seat(d.bestMoveBy, stepKey(i, 'bestMove'));
  const bm = w.list(d.bestMove, stepKey(i, 'bestMove'));
  if (bmBy !== undefined && bm) step.bestMove = [bmBy, bm];
  keys.bestMove = stepKey(i, 'bestMove');
  blood(d.blood ?? [], i, w, step, keys);
  penalties(d, i, w, step, keys, true);
  const noms: number[][] = [];
  d.nominations.forEach((nom, k) => {
    const key = stepKey(i, `nom.${k}`);
    const by = w.seat(nom.by, key);
    const target = w.seat(nom.target, key);
    if (by === undefined || target === undefined) return;
    keys[`nominations[${noms.length}]`] = key;
    noms.push([by, target]);
  });
  if (noms.length > 0) step.nominations = noms;
  keys.nominations = stepKey(i, 'nominations');
  const from = d.circle ? w.seat(d.circle.from, stepKey(i, 'circle')) : undefined;
  if (d.circle && (from !== undefined || d.circle.dir === 'down')) step.circle = { from: from ?? 1, dir: d.circle.dir };
  keys.circle = stepKey(i, 'circle');
  const votes = ballots(d.votes, stepKey(i, 'votes'), w);
  if (Object.keys(votes).length > 0) step.votes = votes;
  keys.votes = stepKey(i, 'votes');
  revotes(d, i, w, step, keys);
  if (d.lift !== null) step.liftAll = w.list(d.lift, stepKey(i, 'lift')) ?? [];
  keys.liftAll = stepKey(i, 'lift');
  return { step, keys };
}

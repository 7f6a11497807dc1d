import type { SeatNo } from '../ids.js';
import { fail } from '../errors.js';
import { actAt } from '../roles/registry.js';
import { missingRequiredAct, resolveNight } from '../night/resolve.js';
import { startDay } from '../day/flow.js';
import { afterLeaving, nightChanges } from './transform.js';
import type { Actor, Command } from './commands.js';
import type { NightAct } from '../model/state.js';
import type { Draft } from './draft.js';
import { describePhase, needAlive, needSeat, needSelfOrHost } from './guards.js';
import { endIfDraw, endIfWon } from './win.js';
import { settleNight } from './penalties.js';

/** A night act (R-NIGHT-1, R-PHASE-1 on night 1, the role's own limits R-ROLE), recorded until the night ends. */
export function act(d: Draft, c: Extract<Command, { type: 'act' }>, actor: Actor): void {
  const s = d.state;
  if (s.phase.kind !== 'night' || !s.night) fail('not-night', 'R-NIGHT-1', `night acts are only possible at night (now: ${describePhase(s)})`);
  const n = s.night!.n;
  const by = needAlive(s, c.by, 'the acting player', 'R-NIGHT-4');
  needSelfOrHost(actor, by);
  const role = s.roles[by - 1];
  const spec = actAt(s, by - 1, c.act);
  if (!spec) fail('no-such-ability', 'R-ROLE', `seat ${by} (${role}) has no "${c.act}" ability`);
  if (spec!.availableOn !== undefined && !spec!.availableOn(s, n, by)) fail('not-tonight', 'R-ROLE', `seat ${by} (${role}) cannot use "${c.act}" on night ${n}`);
  if (n === 1) {
    if (s.options.firstNight === 'introduction') fail('introduction-night', 'R-PHASE-1', `night 1 is the introduction night: nobody acts (seat ${by} tried "${c.act}")`);
    if (!spec!.onCheckingFirstNight && s.options.firstNight !== 'active') fail('introduction-night', 'R-PHASE-1', `nobody dies on night 1: only checks are allowed (seat ${by} tried "${c.act}")`);
  }
  // R-FIIM-11: the host calls every seat number, dead ones too: a shot at a seat out of the game is a
  // miss, a check of one is answered like any other.
  const fiimCall = s.options.fiim && (c.act === 'kill' || c.act === 'check');
  const target = fiimCall ? needSeat(s, c.target, `the target of seat ${by}'s ${c.act}`) : needAlive(s, c.target, `the target of seat ${by}'s ${c.act}`, 'R-ROLE');
  if (target === by && !spec!.mayTargetSelf) fail('self-target', 'R-ROLE', `seat ${by} (${role}) cannot ${c.act} himself`);
  let target2: SeatNo | undefined;
  if (spec!.needsTarget2) target2 = needAlive(s, c.target2, `the second target of seat ${by}'s ${c.act}`, 'R-ROLE');
  else if (c.target2 !== undefined) fail('bad-field', 'INPUT', `"${c.act}" takes no target2`);
  if (spec!.needsRole && typeof c.role !== 'string') fail('bad-field', 'INPUT', `"${c.act}" needs a role`);
  if (!spec!.needsRole && c.role !== undefined) fail('bad-field', 'INPUT', `"${c.act}" takes no role`);
  // R-FIIM-11: a mafia member who shoots twice makes the night a miss (a second shot is recorded, not a third).
  const times = actedTimes(s.night!.acts, by, c.act);
  if (times > 0 && !(fiimCall && c.act === 'kill' && times === 1)) fail('already-acted', c.act === 'kill' ? 'R-NIGHT-2' : 'R-ROLE', `seat ${by} has already used "${c.act}" tonight`);
  const record: { by: SeatNo; act: NightAct['act']; target: SeatNo; target2?: SeatNo; role?: NightAct['role'] } = { by, act: c.act, target };
  if (target2 !== undefined) record.target2 = target2;
  if (c.role !== undefined) record.role = c.role;
  const refusal = spec!.validate?.(s, record);
  if (refusal) fail('forbidden-target', refusal.rule, refusal.message);
  d.emit({ type: 'ActRecorded', act: record });
}

function actedTimes(acts: readonly NightAct[], by: SeatNo, act: string): number {
  let n = 0;
  for (let k = 0; k < acts.length; k++) if (acts[k].by === by && acts[k].act === act) n++;
  return n;
}

/**
 * The host ends the night: the night is resolved (night/resolve.ts), then the win and draw checks, then
 * the day. `timeUp` (R-HOST-2): the night's time ran out, so a required act not made is simply not made.
 */
export function endNight(d: Draft, timeUp = false): void {
  const s = d.state;
  if (s.phase.kind !== 'night' || !s.night) fail('not-night', 'R-NIGHT-1', `there is no night to end (now: ${describePhase(s)})`);
  const n = s.night!.n;
  const missing = timeUp ? null : missingRequiredAct(s);
  if (missing !== null) fail('act-required', 'R-ROLE', `seat ${missing[0]} must use "${missing[1]}" tonight (it cannot be skipped unless he is blocked)`);
  const outcome = resolveNight(s);
  // `alibi` and `silenced` only when the night gave any (most nights do not).
  if (outcome.alibi.length === 0 && outcome.silenced.length === 0) {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful });
  } else {
    d.emit({ type: 'NightResolved', n, died: outcome.died, results: outcome.results, useful: outcome.useful, alibi: outcome.alibi, silenced: outcome.silenced });
  }
  const changed = nightChanges(d, outcome.changes);
  afterLeaving(d, outcome.died);
  if (s.options.fiim) {
    // R-FIIM-11..15: the night's removals and a team defeat, after its shot; R-FIIM-3: the quiet-night draw.
    if (settleNight(d, outcome.died) || endIfDraw(d, true)) return;
    return startDay(d, n, false, outcome.died);
  }
  if ((outcome.died.length || changed) && endIfWon(d)) return;
  if (endIfDraw(d)) return;
  startDay(d, n, false, outcome.died);
}

import { createGame, nightSteps } from '@mafia/engine';
import { dealt, NAMES, type Scenario, type Table } from './auditTable.js';

/**
 * Issue 23, the decoy's word: every phone is tapped at every night step, and a tap where its seat
 * has no act is recorded too (a `tap` entry for that seat alone), so every phone may honestly say
 * «Принято». Two pairs check that nobody else can tell a decoy from an act, or a decoy from nothing:
 * every other viewer's frames must be byte for byte the same in both games.
 */

/** Classic, ten seats, night 1 with checks: the Commissar acts on the first night. */
const request = { preset: 'classic', seats: 10, names: NAMES.slice(0, 10), options: { firstNight: 'checks' } };

/** The step of the night script that wakes the Commissar (the same in every classic deal of ten). */
function commissarStep(): number {
  const g = createGame({ preset: request.preset, players: request.seats, seed: 1, options: request.options });
  if (!g.ok) throw new Error(g.error.message);
  const k = nightSteps(g.game.state.setup).findIndex((s) => s.wake.includes('commissar'));
  if (k < 0) throw new Error('classic has no Commissar step');
  return k;
}

/**
 * Two deals that differ only in which of two seats holds the Commissar's card (the other a
 * civilian's): the first pair of seeds (from 1) whose deals are the same once the Commissar is read
 * as a civilian. Answers the seeds and the two seats (x: the Commissar in the first deal).
 */
function swappedDeals(): { seeds: [number, number]; x: number; w: number } {
  const seen = new Map<string, { seed: number; at: number }>();
  for (let seed = 1; seed < 20_000; seed++) {
    const roles = dealt(request, seed);
    const at = roles.indexOf('commissar') + 1;
    const key = roles.map((r) => (r === 'commissar' ? 'civilian' : r)).join(',');
    const before = seen.get(key);
    if (before && before.at !== at) return { seeds: [before.seed, seed], x: before.at, w: at };
    if (!before) seen.set(key, { seed, at });
  }
  throw new Error('no two classic deals differ only in the Commissar\'s seat');
}

/**
 * A decoy vs an act: at the Commissar's step (opened by the host) two seats tap their phones — in
 * one game seat X is the Commissar and checks, seat W a civilian whose tap is a decoy; in the other
 * the cards are swapped, and so are the act and the decoy. Every other town seat and the spectator
 * must get the same frames.
 */
export function decoyVsAct(): Scenario {
  const { seeds, x, w } = swappedDeals();
  const step = commissarStep();
  const roles = dealt(request, seeds[0]);
  const target = roles.findIndex((r, i) => r === 'civilian' && i + 1 !== x && i + 1 !== w) + 1;
  const taps = (commissar: number, decoy: number) => async (t: Table) => {
    await t.openStep(step);
    await t.send({ type: 'act', by: commissar as never, act: 'check', target: target as never }, commissar);
    await t.tap(decoy, step);
  };
  return {
    name: `classic decoy vs act: seat ${x} checks and seat ${w} taps, or the other way round`, request,
    pair: [{ seed: seeds[0], hidden: taps(x, w) }, { seed: seeds[1], hidden: taps(w, x) }],
    self: [x, w],
    async script(t, hidden) {
      await hidden();
      await t.hostSteps((s) => s.phase.kind === 'day');
    },
  };
}

/**
 * A decoy vs nothing: the same deal; in one game a civilian taps his phone at every step of the
 * night, in the other he does not. Every other viewer — the host too, who is never told of a decoy
 * — must get the same frames.
 */
export function decoyVsNothing(): Scenario {
  const seed = 1;
  const civilian = dealt(request, seed).indexOf('civilian') + 1;
  const steps = commissarStep() + 1;
  const everyStep = async (t: Table, tap: boolean) => {
    for (let k = 0; k < steps; k++) {
      if (k > 0) await t.openStep(k);
      if (tap) await t.tap(civilian, k);
    }
  };
  return {
    name: `classic decoy vs nothing: seat ${civilian} taps at every step, or not`, request,
    pair: [{ seed, hidden: (t) => everyStep(t, true) }, { seed, hidden: (t) => everyStep(t, false) }],
    self: [civilian],
    host: true,
    async script(t, hidden) {
      await hidden();
      await t.hostSteps((s) => s.phase.kind === 'day');
    },
  };
}

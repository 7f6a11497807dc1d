import { roleIn } from '@mafia/engine';
import { compileDay, penalties } from './compileDay';
import { MISS, type NightDraft, type SheetDraft } from './draft';
import { stepKey, Writer } from './writer';

export { stepKey };

/**
 * The sheet as the game's protocol (the format the club's import takes), with where each part of
 * it came from: `keys[i][path]` is the field of step i that wrote `steps[i].<path>`, so that an
 * error the rules find is shown next to that field. A field that is not a seat number (or a list
 * of them) is a local error of that field (`bad-seat-list`), and its part is left out.
 */
export interface Compiled {
  readonly protocol: Record<string, unknown>;
  /** Seats (1-based) whose players are guests. */
  readonly guests: readonly number[];
  readonly keys: readonly Readonly<Record<string, string>>[];
  readonly local: ReadonlyMap<string, string>;
}

/** Who takes part in a role's act tonight: the role's spec of `act` in this preset. */
function actsOf(preset: string, role: string) {
  return roleIn(preset as never, role as never)?.acts ?? [];
}

/** Seats whose role shoots with the mafia (every alive one names the same target: one shot). */
export function mafiaShooters(sheet: SheetDraft, alive: ReadonlySet<number>): number[] {
  return sheet.seats.flatMap((s, k) => (alive.has(k + 1) && actsOf(sheet.preset, s.role).some((a) => a.act === 'kill' && a.teamAct === 'mafia') ? [k + 1] : []));
}

/** Whether `role` checks at night in this preset (the party's Sheriff shoots instead). */
export const checks = (preset: string, role: string): boolean => actsOf(preset, role).some((a) => a.act === 'check');

/** The first alive seat with one of `roles` that checks at night (the Don, the Commissar or detective Sheriff). */
export function seatWithRole(sheet: SheetDraft, roles: readonly string[], alive: ReadonlySet<number>): number | null {
  const k = sheet.seats.findIndex((s, i) => roles.includes(s.role) && checks(sheet.preset, s.role) && alive.has(i + 1));
  return k < 0 ? null : k + 1;
}

/** The acts that name a second seat (the Journalist's and the Commissar's compare, the Cheater's copy). */
export const TWO_TARGETS = ['compare', 'copy'];

/** The roles whose checks the Commissar's field writes (the detective Sheriff checks as he does). */
export const CHECKERS = ['commissar', 'sheriff'];

/** Acts other than the mafia's shot and the Don's and Commissar's checks: the roles of the preset that have them. */
export function otherActs(preset: string, role: string): string[] {
  return actsOf(preset, role)
    .filter((a) => a.teamAct !== 'mafia' && !(a.act === 'check' && (role === 'don' || CHECKERS.includes(role))))
    .map((a) => a.act);
}

function night(sheet: SheetDraft, d: NightDraft, i: number, alive: ReadonlySet<number>, w: Writer) {
  const acts: Record<string, unknown>[] = [];
  const keys: Record<string, string> = {};
  const push = (act: Record<string, unknown>, key: string) => {
    keys[`acts[${acts.length}]`] = key;
    acts.push(act);
  };
  if (d.shot !== '' && d.shot !== MISS) {
    const target = w.seat(d.shot, stepKey(i, 'shot'));
    if (target !== undefined) for (const by of mafiaShooters(sheet, alive)) push({ by, act: 'kill', target }, stepKey(i, 'shot'));
  }
  const check = (text: string, roles: readonly string[], part: string) => {
    const target = w.seat(text, stepKey(i, part));
    const by = seatWithRole(sheet, roles, alive);
    if (target !== undefined && by !== null) push({ by, act: 'check', target }, stepKey(i, part));
  };
  check(d.don, ['don'], 'don');
  check(d.commissar, CHECKERS, 'commissar');
  d.others.forEach((o, j) => {
    const key = stepKey(i, `other.${j}`);
    const by = w.seat(o.by, key);
    const target = w.seat(o.target, key);
    const target2 = w.seat(o.target2, key);
    if (by === undefined || target === undefined || o.act === '') return;
    if (o.act === 'guess' && !o.role) return void w.local.set(key, 'guess-role');
    const role = o.act === 'guess' && o.role ? { role: o.role } : {};
    push({ by, act: o.act, target, ...(target2 !== undefined ? { target2 } : {}), ...role }, key);
  });
  const step: Record<string, unknown> = { ...d.extra, night: d.n, acts };
  penalties(d, i, w, step, keys, false);
  return { step, keys };
}

/**
 * The protocol of the sheet's first `upTo` steps (all by default). `aliveBefore(i)`: the seats in
 * the game when step i starts (the check of the steps before it, see check.ts).
 */
export function compile(sheet: SheetDraft, aliveBefore: (i: number) => ReadonlySet<number>, upTo = sheet.steps.length): Compiled {
  const w = new Writer();
  const keys: Record<string, string>[] = [];
  const steps = sheet.steps.slice(0, upTo).map((s, i) => {
    const out = s.kind === 'night' ? night(sheet, s, i, aliveBefore(i), w) : compileDay(s, i, w);
    keys.push(out.keys);
    return out.step;
  });
  const protocol = {
    ...sheet.header,
    format: 'mafia-protocol/1',
    preset: sheet.preset,
    seats: sheet.seats.map((s) => s.role),
    names: sheet.seats.map((s) => s.name.trim()),
    steps,
  };
  const guests = sheet.seats.flatMap((s, k) => (s.guest ? [k + 1] : []));
  return { protocol, guests, keys, local: w.local };
}

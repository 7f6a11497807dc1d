import { presetOf, replayProtocol } from '@mafia/engine';
import { compile, stepKey, type Compiled } from './compile';
import type { SheetDraft } from './draft';

/** An error of a field: a rule the engine refused (`refusals:code.<code>`) or the form's own (`club:paper.errors.<code>`). */
export interface FieldError {
  readonly code: string;
  readonly source: 'rule' | 'form';
}

export interface Checked {
  readonly compiled: Compiled;
  /** The winner the rules give the game written so far (null: it has not ended). */
  readonly winner: string | null;
  /** Per field key (`seat.3.name`, `step.2.shot`, `sheet`…): what is wrong there. */
  readonly errors: ReadonlyMap<string, FieldError>;
  /** The seats in the game when each step starts, and after the last one. */
  readonly alive: readonly ReadonlySet<number>[];
  /** The rules hold an emergency day next (R-PHASE-4): the next step is a day, not a night. */
  readonly emergency: boolean;
}

/** Whether a night after the sheet's last day is refused because an emergency day comes first (R-PHASE-4). */
function emergencyNext(sheet: SheetDraft, compiled: Compiled): boolean {
  const last = sheet.steps[sheet.steps.length - 1];
  if (last?.kind !== 'day') return false;
  const option = (sheet.header?.options as Readonly<Record<string, unknown>> | undefined)?.emergencyDay;
  if ((option ?? presetOf(sheet.preset as never)?.defaults.emergencyDay) === false) return false;
  const steps = [...(compiled.protocol.steps as unknown[]), { night: last.n + 1, acts: [] }];
  const r = replayProtocol({ ...compiled.protocol, steps });
  return !r.ok && r.error.code === 'emergency-day';
}

/** The field a replay error's path (`steps[2].acts[1].target`) belongs to. */
export function fieldOf(path: string | undefined, keys: Compiled['keys']): string {
  if (!path) return 'sheet';
  if (path === 'preset' || path.startsWith('options') || path.startsWith('modifications')) return 'preset';
  const seat = /^seats\[(\d+)\]/.exec(path);
  if (seat) return `seat.${seat[1]}.role`;
  if (path === 'seats' || path.startsWith('names')) return 'seats';
  const step = /^steps\[(\d+)\]\.?(.*)$/.exec(path);
  if (!step) return 'sheet';
  const i = Number(step[1]);
  const rest = step[2]!;
  const own = keys[i] ?? {};
  const match = Object.keys(own).filter((k) => rest === k || rest.startsWith(`${k}.`) || rest.startsWith(`${k}[`)).sort((a, b) => b.length - a.length)[0];
  return match !== undefined ? own[match]! : stepKey(i);
}

/** The form's own checks of the names: each seat named, members by their nickname, nobody twice. */
function nameErrors(sheet: SheetDraft, members: ReadonlySet<string>, errors: Map<string, FieldError>): void {
  const seen = new Set<string>();
  sheet.seats.forEach((s, k) => {
    const name = s.name.trim();
    const key = `seat.${k}.name`;
    if (name === '') errors.set(key, { code: 'name-missing', source: 'form' });
    else if (!s.guest && !members.has(name)) errors.set(key, { code: 'not-a-member', source: 'form' });
    else if (s.guest && members.has(name)) errors.set(key, { code: 'guest-is-member', source: 'form' });
    else if (seen.has(name.toLowerCase())) errors.set(key, { code: 'twice', source: 'form' });
    seen.add(name.toLowerCase());
  });
}

/**
 * Checks the sheet as the rules would: its steps are replayed one by one (the seats still in the
 * game before each step decide who shoots and checks), and the first step the rules refuse has its
 * error next to the field it concerns; the steps after it are not checked.
 */
export function checkSheet(sheet: SheetDraft, members: ReadonlySet<string>): Checked {
  const errors = new Map<string, FieldError>();
  nameErrors(sheet, members, errors);
  const alive: Set<number>[] = [new Set(sheet.seats.map((_, k) => k + 1))];
  let compiled = compile(sheet, (i) => alive[i]!, 0);
  let winner: string | null = null;
  for (let upTo = sheet.steps.length === 0 ? 0 : 1; upTo <= sheet.steps.length; upTo++) {
    compiled = compile(sheet, (i) => alive[i] ?? alive[alive.length - 1]!, upTo);
    for (const [key, code] of compiled.local) if (!errors.has(key)) errors.set(key, { code, source: 'form' });
    const r = replayProtocol(compiled.protocol);
    if (!r.ok) {
      const key = fieldOf(r.error.path, compiled.keys);
      if (!errors.has(key)) errors.set(key, { code: r.error.code, source: 'rule' });
      winner = null;
      break;
    }
    winner = r.result.winner;
    const entry = r.result.timeline[upTo - 1] as { died?: readonly number[]; left?: readonly number[] } | undefined;
    const next = new Set(alive[alive.length - 1]);
    for (const s of [...(entry?.died ?? []), ...(entry?.left ?? [])]) next.delete(s);
    if (upTo > 0) alive.push(next);
    if (upTo === 0) break;
  }
  if (compiled.local.size > 0 || sheet.steps.length > compiled.keys.length) winner = null;
  const all = compile(sheet, (i) => alive[i] ?? alive[alive.length - 1]!);
  const emergency = winner === null && emergencyNext(sheet, all);
  return { compiled: all, winner, errors, alive, emergency };
}

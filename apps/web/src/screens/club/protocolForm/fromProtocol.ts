import { CHECKERS } from './compile';
import { emptyDay, emptyNight, type ActDraft, type DayDraft, type NightDraft, type SheetDraft, type StepDraft } from './draft';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(' ') : v === undefined || v === null ? '' : String(v));
const rest = (o: Obj, known: readonly string[]): Obj | undefined => {
  const out = Object.fromEntries(Object.entries(o).filter(([k]) => !known.includes(k)));
  return Object.keys(out).length > 0 ? out : undefined;
};

function night(o: Obj, roles: readonly string[]): NightDraft {
  const acts = (Array.isArray(o.acts) ? o.acts : []).filter(isObj);
  const d = emptyNight(Number(o.night));
  const others: ActDraft[] = [];
  let shot = '';
  let don = '';
  let commissar = '';
  for (const a of acts) {
    const role = roles[Number(a.by) - 1] ?? '';
    if (a.act === 'kill' && (role === 'mafia' || role === 'don')) shot = text(a.target);
    else if (a.act === 'check' && role === 'don') don = text(a.target);
    else if (a.act === 'check' && CHECKERS.includes(role)) commissar = text(a.target);
    else others.push({ by: text(a.by), act: text(a.act), target: text(a.target), target2: text(a.target2) });
  }
  const extra = rest(o, ['night', 'acts']);
  return { ...d, shot, don, commissar, others, ...(extra ? { extra } : {}) };
}

const ballots = (v: unknown): Record<string, string> => (isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x)])) : {});

function day(o: Obj): DayDraft {
  const d = emptyDay(Number(o.day));
  const bm = Array.isArray(o.bestMove) ? o.bestMove : null;
  const noms = (Array.isArray(o.nominations) ? o.nominations : []).filter(Array.isArray).map((p) => ({ by: text(p[0]), target: text(p[1]) }));
  // A repeated re-vote (an array of rounds) is kept as written: the form shows one round.
  const known = ['day', 'nominations', 'votes', 'liftAll', 'fouls', 'removed', 'bestMove', ...(isObj(o.revote) ? ['revote'] : [])];
  const extra = rest(o, known);
  return {
    ...d,
    bestMoveBy: bm ? text(bm[0]) : '',
    bestMove: bm ? text(bm[1]) : '',
    nominations: noms,
    votes: ballots(o.votes),
    revote: isObj(o.revote) ? ballots(o.revote) : null,
    lift: o.liftAll === undefined ? null : text(o.liftAll),
    fouls: text(o.fouls),
    removed: (Array.isArray(o.removed) && o.removed.every((x) => typeof x === 'number')) ? text(o.removed) : '',
    ...(extra || (Array.isArray(o.removed) && !o.removed.every((x) => typeof x === 'number')) ? { extra: { ...extra, ...(Array.isArray(o.removed) && !o.removed.every((x) => typeof x === 'number') ? { removed: o.removed } : {}) } } : {}),
  };
}

/**
 * A protocol file (a game downloaded from the club, or one written elsewhere) as a sheet, so that
 * it can be checked and entered: a name that is no member's nickname is marked a guest. Null when
 * the file is not a game's protocol at all.
 */
export function fromProtocol(doc: unknown, members: ReadonlySet<string>): SheetDraft | null {
  if (!isObj(doc) || typeof doc.preset !== 'string' || !Array.isArray(doc.seats)) return null;
  const roles = doc.seats.map(String);
  const names = Array.isArray(doc.names) ? doc.names.map(String) : [];
  const steps: StepDraft[] = (Array.isArray(doc.steps) ? doc.steps : []).filter(isObj).map((s) => ('night' in s ? night(s, roles) : day(s)));
  const header = rest(doc, ['format', 'preset', 'seats', 'names', 'steps']);
  return {
    preset: doc.preset,
    seats: roles.map((role, k) => {
      const name = (names[k] ?? '').trim();
      return { name, guest: name !== '' && !members.has(name), role };
    }),
    steps,
    ...(header ? { header } : {}),
  };
}

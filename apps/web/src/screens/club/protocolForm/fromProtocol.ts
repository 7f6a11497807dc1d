import { CHECKERS } from './compile';
import { emptyDay, emptyNight, type ActDraft, type DayDraft, type FiimDraft, type NightDraft, type SheetDraft, type StepDraft } from './draft';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (Array.isArray(v) ? v.map(String).join(' ') : v === undefined || v === null ? '' : String(v));
const rest = (o: Obj, known: readonly string[]): Obj | undefined => {
  const out = Object.fromEntries(Object.entries(o).filter(([k]) => !known.includes(k)));
  return Object.keys(out).length > 0 ? out : undefined;
};

const isSeat = (x: unknown): boolean => typeof x === 'number';
const isLeft = (x: unknown): boolean => isObj(x) && x.reason === 'left' && typeof x.seat === 'number' && Object.keys(x).length === 2;
/** A removal the form writes: a bare seat (disqualified), or a seat that left the table. */
const removals = (v: unknown): boolean => v === undefined || (Array.isArray(v) && v.every((x) => isSeat(x) || isLeft(x)));

/** The penalty fields of a step the form shows; null when one is written in a way the form does not (kept as it was). */
function penaltiesOf(o: Obj, isDay: boolean) {
  const removed = Array.isArray(o.removed) ? o.removed : [];
  const lists = ['fouls', 'techFouls', ...(isDay ? ['foulsAfterVote', 'removedAfterVote'] : [])];
  const shown = lists.every((k) => o[k] === undefined || (Array.isArray(o[k]) && (o[k] as unknown[]).every(isSeat)))
    && removals(o.removed) && (o.teamDefeat === undefined || isSeat(o.teamDefeat))
    && (o.extraPoints === undefined || (isObj(o.extraPoints) && Object.values(o.extraPoints).every((v) => typeof v === 'number')));
  if (!shown) return null;
  const fiim: FiimDraft = {
    techFouls: text(o.techFouls),
    left: text(removed.filter(isLeft).map((x) => (x as Obj).seat)),
    teamDefeat: text(o.teamDefeat),
    extraPoints: isObj(o.extraPoints) ? Object.entries(o.extraPoints).map(([k, v]) => `${k}: ${String(v)}`).join('; ') : '',
    foulsAfter: text(o.foulsAfterVote),
    removedAfter: text(o.removedAfterVote),
  };
  const any = Object.values(fiim).some((x) => x !== '');
  return { fouls: text(o.fouls), removed: text(removed.filter(isSeat)), ...(any ? { fiim } : {}), known: ['fouls', 'removed', 'teamDefeat', 'extraPoints', ...lists] };
}

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
    else others.push({ by: text(a.by), act: text(a.act), target: text(a.target), target2: text(a.target2), ...(a.role !== undefined ? { role: text(a.role) } : {}) });
  }
  const p = penaltiesOf(o, false);
  const extra = rest(o, ['night', 'acts', ...(p?.known ?? [])]);
  const pen = p ? { ...(p.fouls ? { fouls: p.fouls } : {}), ...(p.removed ? { removed: p.removed } : {}), ...(p.fiim ? { fiim: p.fiim } : {}) } : {};
  return { ...d, shot, don, commissar, others, ...pen, ...(extra ? { extra } : {}) };
}

const ballots = (v: unknown): Record<string, string> => (isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x)])) : {});

function day(o: Obj): DayDraft {
  const d = emptyDay(Number(o.day));
  const bm = Array.isArray(o.bestMove) ? o.bestMove : null;
  const noms = (Array.isArray(o.nominations) ? o.nominations : []).filter(Array.isArray).map((p) => ({ by: text(p[0]), target: text(p[1]) }));
  const rounds = Array.isArray(o.revote) && o.revote.every(isObj) ? o.revote.map(ballots) : isObj(o.revote) ? [ballots(o.revote)] : null;
  const blood = Array.isArray(o.blood) && o.blood.every((b) => Array.isArray(b) && b.length === 2) ? (o.blood as unknown[][]).map((b) => ({ victim: text(b[0]), suspect: text(b[1]) })) : null;
  const p = penaltiesOf(o, true);
  const c = isObj(o.circle) && (o.circle.dir === undefined || o.circle.dir === 'up' || o.circle.dir === 'down') ? o.circle : null;
  const circle = c ? { circle: { from: text(c.from ?? 1), dir: (c.dir ?? 'up') as 'up' | 'down' } } : {};
  const known = ['day', 'nominations', 'votes', 'liftAll', 'bestMove', ...(rounds ? ['revote'] : []), ...(blood ? ['blood'] : []), ...(c ? ['circle'] : []), ...(p?.known ?? [])];
  const extra = rest(o, known);
  return {
    ...d,
    bestMoveBy: bm ? text(bm[0]) : '',
    bestMove: bm ? text(bm[1]) : '',
    nominations: noms,
    votes: ballots(o.votes),
    revotes: rounds ?? [],
    lift: o.liftAll === undefined ? null : text(o.liftAll),
    fouls: p?.fouls ?? '',
    removed: p?.removed ?? '',
    ...(blood ? { blood } : {}),
    ...circle,
    ...(p?.fiim ? { fiim: p.fiim } : {}),
    ...(extra ? { extra } : {}),
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

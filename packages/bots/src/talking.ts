import { MAX_STATEMENTS_PER_DAY, type GameView, type RoleId, type SeatNo, type Statement } from '@mafia/engine';
import { clubShields } from './shields.js';
import type { Side } from './side.js';

/** The town's checkers whose checks answer "black" (yes) or "red" (no). */
const CHECKERS: ReadonlySet<RoleId> = new Set<RoleId>(['commissar', 'sheriff']);
const NOTHING: readonly Statement[] = [];

/**
 * What the heuristic bot says in its turn to talk (issue 27). The town's checker keeps his role
 * hidden while he has nothing to show (the Don is hunting him) and claims when it pays: once he has
 * found a living mafioso, when he is up for the vote, and in his last word. Then he names every check
 * he has not named yet. A mafioso answers a checker who named one of the mafia: he claims the same
 * role and calls the checker black, unless a teammate already has.
 */
export function speechOf(view: GameView, seat: SeatNo): readonly Statement[] {
  const me = view.me;
  const day = view.day;
  if (me === null || day === null) return NOTHING;
  let today = 0;
  for (const x of view.said) if (x.by === seat && x.day === day.n) today++;
  const room = MAX_STATEMENTS_PER_DAY - today;
  if (room <= 0) return NOTHING;
  const said = me.team === 'mafia' ? counterClaim(view, seat, day.n) : me.team === 'town' && CHECKERS.has(me.role) ? checkerSpeech(view, seat, me.role) : NOTHING;
  return said.length > room ? said.slice(0, room) : said;
}

/** Whether the seat has anything to say in its turn (`speechOf`): the town's checkers and the mafia. */
export function mayTalk(view: GameView): boolean {
  const me = view.me;
  return me !== null && (me.team === 'mafia' || (me.team === 'town' && CHECKERS.has(me.role)));
}

function checkerSpeech(view: GameView, seat: SeatNo, role: RoleId): readonly Statement[] {
  const day = view.day!;
  let claimed = false;
  // A check is named once per night: the club's Sheriff checks a red again once the Maniac can no
  // longer hide among them (hiddenManiac.ts), and that answer is news.
  const named = new Set<number>();
  const key = (target: number, night: number): number => night * 65 + target;
  for (const x of view.said) {
    if (x.by !== seat) continue;
    if (x.statement.kind === 'claim') claimed = true;
    else if (x.statement.kind === 'checked') named.add(key(x.statement.target, x.statement.night));
  }
  const checks = view.results.filter((r) => r.act === 'check' && (r.answer === 'yes' || r.answer === 'no'));
  const livingBlack = checks.some((r) => r.answer === 'yes' && view.seats[r.target - 1].alive);
  const onTrial = day.candidates.includes(seat) || day.nominations.some(([, target]) => target === seat);
  const lastWord = day.stage === 'lastWords';
  // The club's Doctor and Beauty cover a claimed checker every night between them (shields.ts): there he claims at once.
  if (!claimed && !livingBlack && !onTrial && !lastWord && !clubShields(view)) return NOTHING;
  const out: Statement[] = [];
  if (!claimed) out.push({ kind: 'claim', role });
  for (const r of checks) {
    if (named.has(key(r.target, r.night))) continue;
    named.add(key(r.target, r.night));
    out.push({ kind: 'checked', target: r.target, night: r.night, color: r.answer === 'yes' ? 'black' : 'red' });
  }
  return out;
}

function counterClaim(view: GameView, seat: SeatNo, dayN: number): readonly Statement[] {
  const mafia = (s: SeatNo): boolean => view.seats[s - 1].team === 'mafia';
  let exposer: SeatNo | 0 = 0;
  for (const x of view.said) {
    // A teammate has already answered.
    if (x.statement.kind === 'claim' && mafia(x.by)) return NOTHING;
    if (exposer === 0 && x.statement.kind === 'checked' && x.statement.color === 'black' && mafia(x.statement.target) && !mafia(x.by)) exposer = x.by;
  }
  if (exposer === 0 || exposer === seat || !view.seats[exposer - 1].alive) return NOTHING;
  const claim = view.said.find((x) => x.by === exposer && x.statement.kind === 'claim');
  if (claim === undefined || claim.statement.kind !== 'claim') return NOTHING;
  return [{ kind: 'claim', role: claim.statement.role }, { kind: 'checked', target: exposer, night: Math.max(1, dayN), color: 'black' }];
}

/** Who claimed a town checker's role (the Commissar, the Sheriff), in the order they claimed. */
export function checkerClaimants(view: GameView): SeatNo[] {
  const claimants: SeatNo[] = [];
  for (const x of view.said) if (x.statement.kind === 'claim' && CHECKERS.has(x.statement.role) && !claimants.includes(x.by)) claimants.push(x.by);
  return claimants;
}

/** How far a lone or proven claimant himself is trusted: as far as a side all but known (record.ts BELIEVED). */
const CLAIMANT_TRUST = 4;

/**
 * What the talk tells a town player (higher = more likely mafia), added to `score`: the checks named
 * by whoever claimed a checker's role. One claimant is believed; of several, the first to claim is
 * believed more and the later ones are suspected (a false Commissar answers a true one). A checker
 * knows that anyone else claiming his role lies. The sides the viewer knows (`known`: cards shown,
 * his own, his own checks) test the claims: a claimant shown to be of the mafia, or who named a known
 * side wrongly, lies; one shown red, or whose black a card confirmed, is the true checker, and so is
 * the one claimant left when the others are found lying. `staleRed`: a red of that night may hide
 * the club's Maniac (hiddenManiac.ts), so it clears nobody now.
 */
export function talkEvidence(
  view: GameView, seat: SeatNo, score: Float64Array, deaths?: { has(seat: SeatNo): boolean }, known?: readonly (Side | null)[],
  staleRed?: (night: number) => boolean,
): void {
  const claimants = checkerClaimants(view);
  if (claimants.length === 0) return;
  const iAmChecker = view.me !== null && view.me.team === 'town' && CHECKERS.has(view.me.role);
  const single = claimants.length === 1;
  // A claimant the night took is proven (the mafia shoot the true checker, not their own false one):
  // of two, the one left alive lies.
  let proven: SeatNo | 0 = 0;
  if (deaths && !single) {
    for (const c of claimants) {
      if (!deaths.has(c)) continue;
      if (proven !== 0) {
        proven = 0;
        break;
      }
      proven = c;
    }
  }
  const liar = known ? testedClaims(view, claimants, known) : null;
  if (liar !== null && liar.proven !== 0) proven = liar.proven;
  for (let i = 0; i < claimants.length; i++) {
    const c = claimants[i];
    if (c === seat) continue;
    if (iAmChecker) {
      score[c] += 50;
      continue;
    }
    let weight: number;
    // The claimant himself: a lone or proven one is trusted, a later one of several suspected, one
    // beside a proven checker (or caught lying) all but known.
    if (liar !== null && liar.lies.has(c)) {
      weight = 0;
      score[c] += 8;
    } else if (proven !== 0) {
      weight = c === proven ? 6 : 0;
      score[c] += c === proven ? -CLAIMANT_TRUST : 8;
    } else {
      weight = single ? 6 : i === 0 ? 2 : 1;
      score[c] += single ? -CLAIMANT_TRUST : i === 0 ? -1 : 1.5;
    }
    if (weight === 0) continue;
    for (const x of view.said) {
      if (x.by !== c || x.statement.kind !== 'checked') continue;
      if (x.statement.color === 'red' && staleRed?.(x.statement.night)) continue;
      score[x.statement.target] += x.statement.color === 'black' ? weight : -weight;
    }
  }
}

/**
 * The claims read against the sides the viewer knows: who lies (shown to be of the mafia, or named a
 * known red black or a known mafioso red), and the true checker if one is proven (shown red, or a
 * black of his confirmed, with no other so confirmed; or the only claimant not lying beside liars).
 */
function testedClaims(view: GameView, claimants: readonly SeatNo[], known: readonly (Side | null)[]): { lies: ReadonlySet<SeatNo>; proven: SeatNo | 0 } | null {
  let lies: Set<SeatNo> | null = null;
  let proven: SeatNo | 0 = 0;
  let twice = false;
  for (const c of claimants) {
    let lied = known[c] === 'mafia';
    let confirmed = known[c] === 'town';
    for (const x of view.said) {
      if (x.by !== c || x.statement.kind !== 'checked') continue;
      const side = known[x.statement.target];
      if (side === null || side === undefined) continue;
      if ((side === 'town') === (x.statement.color === 'black')) lied = true;
      else if (side === 'mafia') confirmed = true;
    }
    if (lied) (lies ??= new Set<SeatNo>()).add(c);
    else if (confirmed) {
      if (proven !== 0) twice = true;
      proven = c;
    }
  }
  if (twice) proven = 0;
  if (lies === null) return proven === 0 ? null : { lies: new Set<SeatNo>(), proven };
  if (proven === 0 && lies.size === claimants.length - 1) for (const c of claimants) if (!lies.has(c)) proven = c;
  return { lies, proven };
}

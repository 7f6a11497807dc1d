// Reads one file of a tournament series for `mafia score`: a fiim protocol (replayed through the engine)
// or a fiim result, as the tournament points and compensation marks (R-FIIM-16) of each named player.
import { replayProtocol } from '@mafia/engine';
import { parseJson, readInput, UsageError } from '../io.js';

/** One player's line of one game. */
export interface ScoredSeat {
  readonly name: string;
  readonly points: number;
  /** Marked for the compensation (`shotFirstNight`). */
  readonly marked: boolean;
}

/** A refusal of one file: the message names the file; `rule`/`path` come from the engine when it refused. */
export class ScoreFileError extends UsageError {
  constructor(readonly file: string, message: string, code: string, readonly rule?: string, readonly path?: string) {
    super(message, code);
  }
}

function refuse(file: string, message: string, code: string, rule?: string, path?: string): never {
  throw new ScoreFileError(file, `${file}: ${message}`, code, rule, path);
}

/** What the messages call a file: standard input has no name. */
const fileLabel = (file: string): string => (file === '-' ? 'standard input' : file);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads, parses and scores one file; every problem is a ScoreFileError naming it. */
export function loadGame(file: string): ScoredSeat[] {
  const label = fileLabel(file);
  let doc: unknown;
  try {
    doc = parseJson(readInput(file), label);
  } catch (e) {
    // readInput and parseJson name the file already; keep their message, add the file field.
    if (e instanceof UsageError) throw new ScoreFileError(label, e.message, e.code);
    throw e;
  }
  if (!isRecord(doc)) refuse(label, 'expected a JSON object (a mafia-protocol/1 protocol or a mafia-result/1 result)', 'bad-file');
  if (doc.format === 'mafia-result/1') return fromResult(label, doc);
  if (doc.format === undefined || doc.format === 'mafia-protocol/1') return fromProtocol(label, doc);
  refuse(label, `format must be "mafia-protocol/1" or "mafia-result/1", got ${JSON.stringify(doc.format)}`, 'bad-format');
}

function fromProtocol(label: string, doc: Record<string, unknown>): ScoredSeat[] {
  // Checked before the replay: a sport or classic game has no tournament points to add up.
  if (doc.preset !== 'fiim') {
    refuse(label, `the protocol's preset is ${JSON.stringify(doc.preset)}; only fiim games have tournament points (R-FIIM-16)`, 'not-fiim');
  }
  if (doc.names === undefined) refuse(label, 'the protocol has no "names": players cannot be matched across games without them', 'no-names');
  const outcome = replayProtocol(doc);
  if (!outcome.ok) {
    const { code, rule, message, path } = outcome.error;
    refuse(label, path === undefined ? message : `${path}: ${message}`, code, rule, path);
  }
  // The replay has checked the seats; the names must cover every one of them.
  const r = outcome.result;
  const scores: GameScores = { winner: r.winner, points: (seat) => r.tournamentScores?.[seat] ?? 0, marked: r.shotFirstNight ?? [] };
  return seatsOf(label, scores, checkNames(label, doc.names, (doc.seats as unknown[]).length));
}

function fromResult(label: string, doc: Record<string, unknown>): ScoredSeat[] {
  const scores = doc.tournamentScores;
  if (!isRecord(scores)) refuse(label, 'the result has no "tournamentScores": only fiim games have tournament points (R-FIIM-16)', 'not-fiim');
  const seats = Object.keys(scores).length;
  const points: number[] = [];
  for (let seat = 1; seat <= seats; seat++) {
    const p = scores[seat];
    if (typeof p !== 'number' || !Number.isFinite(p)) refuse(label, `tournamentScores must give a number for every seat 1 to ${seats}; seat ${seat} has ${JSON.stringify(p)}`, 'bad-result');
    points[seat] = p;
  }
  const marked = doc.shotFirstNight;
  if (!Array.isArray(marked) || marked.some((s) => !Number.isInteger(s) || s < 1 || s > seats)) {
    refuse(label, `shotFirstNight must be an array of seats from 1 to ${seats}`, 'bad-result');
  }
  if (doc.names === undefined) {
    refuse(label, 'a result carries no player names: add a top-level "names" array (one name per seat) to score it', 'no-names');
  }
  const names = checkNames(label, doc.names, seats);
  return seatsOf(label, { winner: doc.winner, points: (seat) => points[seat] ?? 0, marked }, names);
}

/** One non-empty name per seat, no name twice: the names are how games of one player are matched. */
function checkNames(label: string, names: unknown, seats: number): string[] {
  if (!Array.isArray(names) || names.length !== seats) {
    refuse(label, `"names" must be an array of ${seats} names, one per seat`, 'bad-names');
  }
  const seen = new Map<string, number>();
  return names.map((n, i) => {
    if (typeof n !== 'string' || n.trim() === '') refuse(label, `names[${i}] must be a non-empty string`, 'bad-names');
    const name = n.trim();
    const other = seen.get(name);
    if (other !== undefined) refuse(label, `seats ${other} and ${i + 1} are both named ${JSON.stringify(name)}`, 'bad-names');
    seen.set(name, i + 1);
    return name;
  });
}

/** What scoring reads of a game, from a replayed protocol or a checked result alike. */
interface GameScores {
  /** null or undefined while the game is not over. */
  readonly winner: unknown;
  /** A seat's tournament points (R-FIIM-16). */
  readonly points: (seat: number) => number;
  /** The seats marked for the compensation (`shotFirstNight`). */
  readonly marked: readonly number[];
}

function seatsOf(label: string, r: GameScores, names: readonly string[]): ScoredSeat[] {
  // An unfinished game has no winner yet, so its points are not final.
  if (r.winner === null || r.winner === undefined) refuse(label, 'the game is not over (no winner yet); only finished games are scored', 'unfinished');
  const marked = new Set<number>(r.marked);
  return names.map((name, i) => ({ name, points: r.points(i + 1), marked: marked.has(i + 1) }));
}

/**
 * What the leaderboard, the CSV and a member's profile must show, worked out by the test itself
 * from the games' replayed protocols (not from anything the server computed): each member's
 * seed-004 evening points (`eveningPoints`), the season table (`seasonTable`, with the ledger's
 * penalties apart) and the red/black Elo (`rateGames`), docs/points.md and docs/ratings.md.
 */
import {
  compareKey, compareNicknames, displayPoints, eveningPoints, overall, rateGames, seasonTable, sideOfTeam, START_RATING,
  type GameWinner, type RatedGame, type Track,
} from '@mafia/club';
import { roleIn, seatAt, type PresetId, type ProtocolResult, type Team } from '@mafia/engine';

/** One ended game: its replayed protocol's result and who sat on each seat (null: no member, a guest). */
export interface ReplayedGame {
  readonly id: string;
  readonly preset: string;
  /** The dealt roles (the protocol's `seats`). */
  readonly dealt: readonly string[];
  readonly result: ProtocolResult;
  readonly members: readonly (string | null)[];
}

export interface Member { readonly userId: string; readonly nickname: string }

export interface ExpectedRow {
  readonly rank: number; readonly userId: string; readonly nickname: string;
  readonly points: number; readonly penalties: number; readonly total: number;
  readonly evenings: number; readonly games: number; readonly wins: number; readonly winRate: number;
  readonly red: number; readonly black: number; readonly overall: number;
}

export interface RatingsAfter { readonly red: number; readonly black: number; readonly overall: number }

export interface Expected {
  /** In the season table's order (by=points). */
  readonly rows: readonly ExpectedRow[];
  /** Per member, his ratings after each of his rated games, in order. */
  readonly history: ReadonlyMap<string, readonly RatingsAfter[]>;
  /** Per member, his score at the evening (his only one here). */
  readonly evening: ReadonlyMap<string, number>;
}

const winnerSide = (w: string): GameWinner => (w === 'town' ? 'red' : w === 'mafia' ? 'black' : w === 'draw' ? 'draw' : 'solo');

/** Each seat's team at the end: the changed role's, else the dealt one's, in the protocol's preset. */
function teamOf(g: ReplayedGame, seat: number): Team {
  const role = g.result.roles[seat] ?? g.dealt[seat - 1]!;
  const r = roleIn(g.preset as PresetId, role);
  if (!r) throw new Error(`game ${g.id}: no role ${role} in ${g.preset}`);
  return r.team;
}

/**
 * `games` in the order they were played (per table: game 1, 2, 3; the tables seat different
 * members, so their order against each other changes no rating). `penalties`: each member's
 * ledger points at this evening.
 */
export function expectedBoard(o: {
  readonly members: readonly Member[]; readonly games: readonly ReplayedGame[]; readonly weight: number; readonly at: number;
  readonly penalties: ReadonlyMap<string, readonly number[]>;
}): Expected {
  const played = new Map<string, { points: number; players: number; won: boolean }[]>();
  const rated: RatedGame[] = o.games.map((g) => ({
    id: g.id,
    kind: g.preset === 'fiim' ? 'tournament' : 'club',
    winner: winnerSide(g.result.winner!),
    seats: g.members.map((member, i) => {
      const seat = seatAt(i);
      if (member !== null) {
        const list = played.get(member) ?? [];
        list.push({ points: g.result.scores[seat] ?? 0, players: g.members.length, won: g.result.winners.includes(seat) });
        played.set(member, list);
      }
      // A guest plays at the start rating in every game and is not rated: a key of his own per game.
      return { member: member ?? `guest:${g.id}:${seat}`, side: sideOfTeam(teamOf(g, seat)) };
    }),
  }));
  const { ratings, history } = rateGames(rated);
  const evening = new Map<string, number>();
  const table = seasonTable(o.members.map((m) => {
    const games = played.get(m.userId) ?? [];
    const score = eveningPoints({ weight: o.weight, games }).total;
    if (games.length > 0) evening.set(m.userId, score);
    return {
      memberId: m.userId, nickname: m.nickname,
      evenings: games.length > 0 ? [{ at: o.at, score, games: games.length, wins: games.filter((g) => g.won).length }] : [],
      penalties: (o.penalties.get(m.userId) ?? []).map((points) => ({ at: o.at, points, cancelledAt: null })),
    };
  }));
  const rows = table.map((t): ExpectedRow => {
    const r = ratings.get(t.memberId) ?? { red: START_RATING, black: START_RATING, gamesRed: 0, gamesBlack: 0 };
    return {
      rank: t.rank, userId: t.memberId, nickname: t.nickname, points: t.points, penalties: t.penalties, total: t.total,
      evenings: t.evenings, games: t.games, wins: t.wins, winRate: t.winRate,
      red: r.red, black: r.black, overall: overall(r.red, r.black, r.gamesRed, r.gamesBlack),
    };
  });
  // Each member's ratings as the fold goes: after each of his rated games, both tracks and overall.
  const now = new Map<string, Record<Track, { rating: number; games: number }>>();
  const hist = new Map<string, RatingsAfter[]>();
  for (const c of history.flatMap((h) => h.changes)) {
    const m = now.get(c.member) ?? { red: { rating: START_RATING, games: 0 }, black: { rating: START_RATING, games: 0 } };
    m[c.track] = { rating: c.after, games: m[c.track].games + 1 };
    now.set(c.member, m);
    const after = { red: m.red.rating, black: m.black.rating, overall: overall(m.red.rating, m.black.rating, m.red.games, m.black.games) };
    hist.set(c.member, [...(hist.get(c.member) ?? []), after]);
  }
  return { rows, history: hist, evening };
}

/**
 * The leaderboard ranked by a rating (docs/ratings-server.md): highest first; ratings equal to
 * 1e-6 share a rank (1, 2, 2, 4) and are listed by nickname the Russian way (Ё with Е), as the server lists them.
 */
export function byRating(rows: readonly ExpectedRow[], key: 'red' | 'black' | 'overall'): { userId: string; rank: number }[] {
  const sorted = [...rows].sort((a, b) => compareKey(b[key]) - compareKey(a[key]) || compareNicknames(a.nickname, b.nickname) || (a.userId < b.userId ? -1 : 1));
  let rank = 0;
  return sorted.map((r, i) => {
    if (i === 0 || compareKey(sorted[i - 1]![key]) !== compareKey(r[key])) rank = i + 1;
    return { userId: r.userId, rank };
  });
}

/** The CSV export's record of a row (docs/ratings-server.md: 2 decimals, the win rate 4). */
export const csvRecord = (r: ExpectedRow, lang: 'ru' | 'en' = 'en'): string[] => {
  // Russian Excel's decimal mark is a comma (issue 24 point 6): number columns only, never the nickname.
  const n = (text: string) => (lang === 'ru' ? text.replace('.', ',') : text);
  return [
    String(r.rank), r.nickname, n(displayPoints(r.points)), n(displayPoints(r.penalties)), n(displayPoints(r.total)),
    String(r.evenings), String(r.games), String(r.wins), n(r.winRate.toFixed(4)), n(displayPoints(r.red)), n(displayPoints(r.black)), n(displayPoints(r.overall)),
  ];
};

/** Parses an RFC 4180 CSV (CRLF, fields quoted when needed, quotes doubled), without its byte-order mark; `sep` as Excel's list separator (`;` in Russian). */
export function parseCsv(text: string, sep = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) row.push(field), (field = '');
    else if (c === '\r' && s[i + 1] === '\n') {
      rows.push([...row, field]);
      (row = []), (field = ''), i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A number as a Russian page shows it («−6,00», «1 003», «33 %») read back. */
export const pageNumber = (text: string): number =>
  Number(text.replace(/\u2212/g, '-').replace(/[\s\u00a0\u202f%]/g, '').replace(',', '.'));

import type { MemberProfile, WinRate } from '@mafia/protocol';
import { displayPoints } from '@mafia/club';
import { clubTimeZone } from '../services/messages.js';
import { csvText } from './csv.js';
import type { CsvLang } from './csvLang.js';
import type { ProfileTable } from './profile.js';

/** The columns of each table of the profile's CSV (docs/ratings-server.md). */
export const PROFILE_CSV_COLUMNS: Record<ProfileTable, readonly string[]> = {
  games: ['no', 'endedAt', 'tableNo', 'gameNo', 'seat', 'role', 'team', 'won', 'points', 'winner', 'track', 'ratingBefore', 'ratingDelta', 'ratingAfter'],
  evenings: ['startsAt', 'score', 'games', 'wins'],
  ratings: ['no', 'endedAt', 'red', 'black', 'overall'],
  roles: ['role', 'games', 'wins', 'winRate'],
  teams: ['team', 'games', 'wins', 'winRate'],
};

/** `YYYY-MM-DD HH:mm` in the club's time zone (CLUB_TIMEZONE): a spreadsheet reads it as a date. */
export function csvDate(at: number, timeZone = clubTimeZone()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(at));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

const rates = (w: WinRate) => [w.games, w.wins, w.winRate.toFixed(4)];

/**
 * One table of a member's profile as CSV (the leaderboard's way: BOM, CRLF, quoted only when
 * needed), numbers rounded for display (points and ratings 2 decimals, win rates 4), no ids.
 */
export function profileCsv(p: MemberProfile, table: ProfileTable, lang: CsvLang = 'en'): string {
  const records = {
    games: () => p.games.map((g, i) => [
      i + 1, csvDate(g.at), g.tableNo ?? '', g.gameNo ?? '', g.seat, g.role, g.team, g.won ? 1 : 0, displayPoints(g.points), g.winner,
      g.ratingDelta?.track ?? '', ...(g.ratingDelta ? [displayPoints(g.ratingDelta.before), displayPoints(g.ratingDelta.delta), displayPoints(g.ratingDelta.after)] : ['', '', '']),
    ]),
    evenings: () => p.eveningPoints.map((e) => [csvDate(e.at), displayPoints(e.score), e.games, e.wins]),
    ratings: () => p.ratingHistory.map((r, i) => [i + 1, csvDate(r.at), displayPoints(r.red), displayPoints(r.black), displayPoints(r.overall)]),
    roles: () => p.byRole.map((r) => [r.role, ...rates(r)]),
    teams: () => p.byTeam.map((t) => [t.team, ...rates(t)]),
  }[table]();
  return csvText(PROFILE_CSV_COLUMNS[table], records, lang);
}

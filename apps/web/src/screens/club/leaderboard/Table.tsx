import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Leaderboard, LeaderboardRow } from '@mafia/protocol';
import { formatBoardPoints, formatRating, formatWinRate } from './format';

/** The table's columns; the rated-game counts are the profile's, not a column. */
type Col = keyof Omit<LeaderboardRow, 'rank' | 'userId' | 'nickname' | 'gamesRed' | 'gamesBlack'>;

const COLS: readonly { key: Col; kind: 'points' | 'count' | 'rate' | 'rating' }[] = [
  { key: 'total', kind: 'points' },
  { key: 'points', kind: 'points' },
  { key: 'penalties', kind: 'points' },
  { key: 'evenings', kind: 'count' },
  { key: 'games', kind: 'count' },
  { key: 'wins', kind: 'count' },
  { key: 'winRate', kind: 'rate' },
  { key: 'red', kind: 'rating' },
  { key: 'black', kind: 'rating' },
  { key: 'overall', kind: 'rating' },
];

/** The column the table is ranked by: a rating, or the season order's first key (total or points). */
function sortedColumn(board: Leaderboard): Col {
  if (board.by !== 'points') return board.by;
  const first = board.season?.order[0];
  return first === 'points' ? 'points' : 'total';
}

/**
 * The columns in the order shown: the ranked-by column first, right after the sticky nickname, so a
 * 360 px phone sorted by a rating shows that rating without scrolling sideways (issue 24 point 6).
 */
export function shownColumns(sorted: Col): readonly (typeof COLS)[number][] {
  return [...COLS.filter((c) => c.key === sorted), ...COLS.filter((c) => c.key !== sorted)];
}

/**
 * The leaderboard: every column at once (a phone scrolls it sideways inside its own box, rank and
 * nickname stay put), the ranked-by column first and marked with aria-sort; each nickname links to his page.
 */
export function BoardTable({ clubId, board, caption }: { readonly clubId: string; readonly board: Leaderboard; readonly caption: string }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const sorted = sortedColumn(board);
  const cols = shownColumns(sorted);
  const cell = (row: LeaderboardRow, c: (typeof COLS)[number]) => {
    const v = row[c.key];
    switch (c.kind) {
      case 'points':
        return formatBoardPoints(v, lng);
      case 'rating':
        return formatRating(v, lng);
      case 'rate':
        return formatWinRate(v, lng);
      default:
        return new Intl.NumberFormat(lng).format(v);
    }
  };
  return (
    <div className="club-scroll board-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="club-table board-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="board-rank">
              {t('leaderboard.cols.rank')}
            </th>
            <th scope="col" className="board-nick">
              {t('leaderboard.cols.nickname')}
            </th>
            {cols.map((c) => (
              <th key={c.key} scope="col" className="board-num" aria-sort={c.key === sorted ? 'descending' : undefined} data-sorted={c.key === sorted}>
                {t(`leaderboard.cols.${c.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.rows.map((r) => (
            <tr key={r.userId} data-testid={`board-${r.userId}`}>
              <td className="board-rank">{r.rank}</td>
              <th scope="row" className="board-nick">
                <Link to={`/club/${clubId}/members/${r.userId}`}>{r.nickname}</Link>
              </th>
              {cols.map((c) => (
                <td key={c.key} className="board-num" data-col={c.key} data-sorted={c.key === sorted}>
                  {cell(r, c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

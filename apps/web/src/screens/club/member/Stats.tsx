import { useTranslation } from 'react-i18next';
import { roleName } from '../../../i18n/roleName';
import type { MemberProfile, WinRate } from '@mafia/protocol';
import { winnerName } from '../common/bits';
import { CsvLink } from './CsvLink';
import { formatRating, formatScore, formatWinRate } from './format';

/** His ratings and totals as tiles: what the leaderboard shows of him, in one place. */
export function Stats({ profile }: { readonly profile: MemberProfile }) {
  const { t, i18n } = useTranslation('club');
  const lng = i18n.language;
  const { ratings: r, totals: s } = profile;
  const tiles: [string, string, string?][] = [
    [t('profile.red'), formatRating(r.red, lng), t('profile.ratedGames', { count: r.gamesRed })],
    [t('profile.black'), formatRating(r.black, lng), t('profile.ratedGames', { count: r.gamesBlack })],
    [t('profile.overall'), formatRating(r.overall, lng)],
    [t('profile.evenings'), String(s.evenings)],
    [t('profile.games'), String(s.games)],
    [t('profile.wins'), String(s.wins)],
    [t('profile.winRate'), formatWinRate(s.winRate, lng)],
    [t('profile.points'), formatScore(s.points, lng)],
    [t('profile.penalties'), formatScore(s.penalties, lng)],
    [t('profile.total'), formatScore(s.total, lng)],
  ];
  return (
    <section className="stack" aria-labelledby="p-stats">
      <h2 id="p-stats" className="club-h">
        {t('profile.stats')}
      </h2>
      <dl className="profile-stats" data-testid="profile-stats">
        {tiles.map(([label, value, note]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="club-points">{value}</span>
              {note && <span className="muted"> · {note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Games, wins and the win rate per role or per team, with its CSV. */
export function WinRates({ kind, rows }: { readonly kind: 'role' | 'team'; readonly rows: readonly (WinRate & { readonly role?: string; readonly team?: string })[] }) {
  const { t, i18n } = useTranslation('club');
  const title = t(kind === 'role' ? 'profile.byRole' : 'profile.byTeam');
  const name = (r: (typeof rows)[number]) => (kind === 'role' ? roleName(t, null, r.role ?? '') : winnerName(t, r.team ?? null));
  const id = `p-by-${kind}`;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="club-h">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t('profile.noGames')}</p>
      ) : (
        <div className="club-scroll">
          <table className="club-table" data-testid={`by-${kind}`}>
            <thead>
              <tr>
                <th scope="col">{t(kind === 'role' ? 'profile.role' : 'profile.team')}</th>
                <th scope="col" className="profile-num">{t('profile.games')}</th>
                <th scope="col" className="profile-num">{t('profile.wins')}</th>
                <th scope="col" className="profile-num">{t('profile.winRate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.role ?? r.team}>
                  <th scope="row">{name(r)}</th>
                  <td className="profile-num">{r.games}</td>
                  <td className="profile-num">{r.wins}</td>
                  <td className="profile-num">{formatWinRate(r.winRate, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && <CsvLink table={kind === 'role' ? 'roles' : 'teams'} title={title} />}
    </section>
  );
}

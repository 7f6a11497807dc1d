import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AuditEntry } from '@mafia/protocol';
import { useClubApi } from '../common/api';
import { formatDateTime } from '../common/format';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';

/** Where an entry's target is shown: the evening's page, the member's, the game's, the ledger. */
function targetLink(clubId: string, e: AuditEntry): string | null {
  switch (e.target.kind) {
    case 'evening': return `/club/${clubId}/evenings/${e.target.id}`;
    case 'member': return `/club/${clubId}/members/${e.target.id}`;
    case 'game': return `/club/${clubId}/games/${e.target.id}`;
    case 'ledger': return `/club/${clubId}/ledger`;
    default: return null;
  }
}

/** What changed, as «поле: было → стало» and the names and counts the server recorded. */
function detailsText(e: AuditEntry): string {
  const d = e.details;
  const out: string[] = [];
  for (const [k, v] of Object.entries(d)) {
    if (k.endsWith('.from')) {
      const field = k.slice(0, -5);
      out.push(`${field}: ${String(v)} → ${String(d[`${field}.to`])}`);
    } else if (!k.endsWith('.to') && !k.endsWith('Id') && typeof v !== 'object') out.push(`${k}: ${String(v)}`);
  }
  return out.join(' · ');
}

/** /club/:clubId/audit (admins): the corrections log — who, when, what, why — newest first. */
export default function AuditLog() {
  const { t, i18n } = useTranslation('corrections');
  const api = useClubApi();
  const { clubId = '' } = useParams();
  const page = useLoad(() => Promise.all([api.club(clubId), api.auditLog(clubId)]), [api, clubId]);
  const [club, log] = page.data ?? [null, null];
  return (
    <ClubPage title={t('audit.title')} error={page.error} ready={page.data !== null}>
      <Link to={`/club/${clubId}`}>← {club?.club.name}</Link>
      {log && log.entries.length === 0 && <p className="muted">{t('audit.empty')}</p>}
      <ul className="club-list" aria-label={t('audit.title')}>
        {(log?.entries ?? []).map((e) => {
          const to = targetLink(clubId, e);
          const what = t(`audit.actions.${e.action}` as 'audit.actions.evening-edited', { defaultValue: e.action });
          return (
            <li key={e.id} className="stack" style={{ gap: 4 }} data-testid={`audit-${e.id}`} data-action={e.action}>
              <div className="row" style={{ gap: 8 }}>
                <strong>{to ? <Link to={to}>{what}</Link> : what}</strong>
                <span className="muted">{formatDateTime(e.at, i18n.language)}</span>
              </div>
              <div>
                <span className="muted">{t('audit.who')}:</span> {e.actor.nickname ?? '—'} · <span className="muted">{t('audit.why')}:</span> {e.reason}
              </div>
              {detailsText(e) && <div className="muted" style={{ fontSize: '0.85rem', overflowWrap: 'anywhere' }}>{detailsText(e)}</div>}
            </li>
          );
        })}
      </ul>
    </ClubPage>
  );
}

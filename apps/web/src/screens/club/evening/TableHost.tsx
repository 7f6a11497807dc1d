import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { EveningPage, EveningTable } from '@mafia/protocol';
import { secrets as browserSecrets, type Secrets } from '../../../net/secrets';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';

/** Everyone the evening knows by name (invited, let in at the door, checked in): whom a table may be given to. */
export function peopleOf(page: EveningPage): { userId: string; nickname: string }[] {
  const seen = new Map<string, string>();
  // Members only: a guest (issue 24 point 4) hosts no table and is kept apart from nobody.
  for (const p of [...page.invitations, ...(page.nicknameOnly ?? []), ...page.attendance.filter((a) => !a.guest)]) seen.set(p.userId, p.nickname);
  return [...seen].map(([userId, nickname]) => ({ userId, nickname })).sort((a, b) => a.nickname.localeCompare(b.nickname, 'ru'));
}

/**
 * A table's host (issue 24): his nickname; for an admin a choice that assigns the table or hands
 * it to another host (the old console loses control); «Пульт ведущего» asks the server for the
 * table's host key (POST …/console: the assigned host on any device, or a club host taking a table
 * that has none), keeps it in this browser and opens the console. A refusal is shown in words.
 */
export function TableHost({ page, table, admin, onChanged, secrets }: {
  readonly page: EveningPage; readonly table: EveningTable; readonly admin: boolean; readonly onChanged: () => void; readonly secrets?: Secrets;
}) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(table.host?.userId ?? '');
  const n = table.tableNo;
  const open = async () => {
    const r = await act.run(() => api.tableConsole(page.evening.id, n));
    if (r) {
      (secrets ?? browserSecrets()).setHostKey(r.roomCode, r.hostKey);
      void navigate(`/r/${r.roomCode}/host`);
    }
  };
  const assign = async () => {
    if (chosen && (await act.run(() => api.assignTableHost(page.evening.id, n, chosen)))) onChanged();
  };
  return (
    <div className="stack" style={{ gap: 6 }}>
      <span data-testid={`table-host-${n}`}>{table.host ? t('tables.hostIs', { nickname: table.host.nickname }) : t('tables.noHost')}</span>
      {admin && (
        <div className="row">
          <label htmlFor={`table-host-pick-${n}`} className="muted">{t('tables.assignHostOf', { n })}</label>
          <select id={`table-host-pick-${n}`} className="input" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">—</option>
            {peopleOf(page).map((p) => <option key={p.userId} value={p.userId}>{p.nickname}</option>)}
          </select>
          <Button type="button" disabled={act.busy || !chosen || chosen === table.host?.userId} onClick={() => void assign()}>
            {table.host ? t('tables.handOver') : t('tables.assignHost')}
          </Button>
        </div>
      )}
      {table.roomCode && (
        <div className="row">
          <Button type="button" variant="primary" disabled={act.busy} onClick={() => void open()} aria-label={t('tables.hostConsoleOf', { n })}>
            {t('tables.hostConsole')}
          </Button>
          <Link className="btn btn-ghost" to={`/r/${table.roomCode}/table`} aria-label={t('tables.tableScreenOf', { n })}>
            {t('tables.tableScreen')}
          </Link>
        </div>
      )}
      <ErrorText error={act.error} />
    </div>
  );
}

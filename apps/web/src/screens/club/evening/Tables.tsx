import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EveningPage } from '@mafia/protocol';
import { secrets as browserSecrets, type Secrets } from '../../../net/secrets';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { errorAt, ErrorText, errorElsewhere, useAction } from '../common/errors';
import { HostLog } from './HostLog';
import { Reseat } from './Reseat';
import { TableHost } from './TableHost';

/**
 * Tables: «Рассадить» draws the seats among the members and guests present (POST tables); each table's room
 * gets a host key in that answer only (the key of a table nobody hosts yet), kept in this browser
 * the way the create page keeps a new room's key (secrets.setHostKey). Each table shows its host
 * (TableHost: assign, hand over, open the console on any device), the log of handovers, and, between
 * games, the reseating (Reseat).
 */
export function Tables({ page, host, admin = false, onChanged, secrets }: {
  readonly page: EveningPage;
  readonly host: boolean;
  readonly admin?: boolean;
  readonly onChanged: () => void;
  readonly secrets?: Secrets;
}) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const present = page.attendance.filter((a) => a.arrivedAt !== null && a.leftAt === null).length;
  // The suggestion follows the door (members keep arriving while the page is open) until the host types his own.
  const [typed, setTyped] = useState<string | null>(null);
  const count = typed ?? String(Math.max(1, Math.round(present / 10)));
  const draw = async (e: FormEvent) => {
    e.preventDefault();
    const r = await act.run(() => api.drawTables(page.evening.id, Number(count)));
    if (r) {
      const s = secrets ?? browserSecrets();
      for (const table of r.tables) if (table.roomCode) s.setHostKey(table.roomCode, table.hostKey);
      onChanged();
    }
  };
  return (
    <section className="stack" aria-labelledby="ev-tables">
      <h2 id="ev-tables" className="club-h">
        {t('tables.title')}
      </h2>
      {page.tables.length === 0 ? (
        <p className="muted">{t('tables.none')}</p>
      ) : (
        <ul className="club-list">
          {page.tables.map((tb) => (
            <li key={tb.tableNo} className="stack" style={{ gap: 6 }} data-testid={`table-${tb.tableNo}`}>
              <div className="row" style={{ justifyContent: 'space-between' }}>
                <strong>{t('tables.table', { n: tb.tableNo })}</strong>
                {tb.roomCode && <span className="muted">{tb.roomCode}</span>}
              </div>
              {tb.seatSeed !== undefined && <span className="muted">{t('tables.seed', { seed: tb.seatSeed })}</span>}
              <ol style={{ margin: 0, paddingLeft: 24 }}>
                {[...tb.seats].sort((a, b) => a.seat - b.seat).map((s) => (
                  <li key={s.seat} value={s.seat}>
                    {s.nickname}
                    {s.guestId && (
                      <span className="club-badge" data-kind="guest" style={{ marginLeft: 6 }}>
                        {t('guests.mark')}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
              <TableHost page={page} table={tb} admin={admin} onChanged={onChanged} {...(secrets ? { secrets } : {})} />
            </li>
          ))}
        </ul>
      )}
      <HostLog page={page} />
      {host && page.tables.length > 0 && <Reseat page={page} admin={admin} onChanged={onChanged} />}
      {host && page.tables.length === 0 && (
        <form className="card club-form" onSubmit={draw} aria-labelledby="ev-tables">
          <p className="muted" style={{ margin: 0 }}>
            {t('tables.present', { count: present })}
          </p>
          <div className="field">
            <label htmlFor="tables-count">{t('fields.tables')}</label>
            <input id="tables-count" className="input" type="number" inputMode="numeric" min={1} max={50} step={1} required value={count} onChange={(e) => setTyped(e.target.value)} />
            <ErrorText error={errorAt(act.error, 'tables')} />
          </div>
          <Button type="submit" variant="primary" block disabled={act.busy}>
            {t('tables.draw')}
          </Button>
          <ErrorText error={errorElsewhere(act.error, ['tables'])} />
        </form>
      )}
    </section>
  );
}

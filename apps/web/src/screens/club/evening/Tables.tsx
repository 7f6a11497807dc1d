import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EveningPage } from '@mafia/protocol';
import { secrets as browserSecrets, type Secrets } from '../../../net/secrets';
import { useClubApi } from '../common/api';
import { errorAt, errorElsewhere, useAction } from '../common/errors';
import { ClubForm, InputField, SubmitButton } from '../common/form';
import { HostLog } from './HostLog';
import { Reseat } from './Reseat';
import { TableHost } from './TableHost';
import { ClubList, TitledSection } from '../common/section';

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
    <TitledSection id="ev-tables" title={t('tables.title')}>
      <ClubList items={page.tables} empty={t('tables.none')}>
        {(tb) => <TableCard key={tb.tableNo} page={page} table={tb} admin={admin} onChanged={onChanged} secrets={secrets} />}
      </ClubList>
      <HostLog page={page} />
      {host && page.tables.length > 0 && <Reseat page={page} admin={admin} onChanged={onChanged} />}
      {host && page.tables.length === 0 && (
        <ClubForm labelledBy="ev-tables" onSubmit={draw}>
          <p className="muted" style={{ margin: 0 }}>
            {t('tables.present', { count: present })}
          </p>
          <InputField id="tables-count" label={t('fields.tables')} type="number" inputMode="numeric" min={1} max={50} step={1} required value={count} onValue={setTyped} error={errorAt(act.error, 'tables')} />
          <SubmitButton label={t('tables.draw')} disabled={act.busy} error={errorElsewhere(act.error, ['tables'])} />
        </ClubForm>
      )}
    </TitledSection>
  );
}

/** One table: its room, the seed its seats were drawn with, the seats in order, and its host. */
function TableCard({ page, table: tb, admin, onChanged, secrets }: {
  readonly page: EveningPage;
  readonly table: EveningPage['tables'][number];
  readonly admin: boolean;
  readonly onChanged: () => void;
  readonly secrets: Secrets | undefined;
}) {
  const { t } = useTranslation('club');
  return (
    <li className="stack" style={{ gap: 6 }} data-testid={`table-${tb.tableNo}`}>
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
  );
}

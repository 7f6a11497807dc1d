import type { ReactNode } from 'react';
import type { Member } from '@mafia/protocol';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClubApi } from '../common/api';
import { AnswerBadge } from '../common/bits';
import { Counts } from '../common/Counts';
import { formatDateTime, formatNumber } from '../common/format';
import { Ledger } from '../common/Ledger';
import { ClubPage } from '../common/Page';
import { useLoad } from '../common/useLoad';
import { EveningCorrections } from '../corrections/EveningCorrections';
import { Door } from './Door';
import { Games } from './Games';
import { Invitations } from './Invitations';
import { Tables } from './Tables';

/**
 * /club/:clubId/evenings/:eveningId (GET /api/evenings/:eveningId): the evening's header, who said
 * ДА / НЕТ / nothing, the door, the tables and their rooms, the games and the evening's penalties.
 */
export default function EveningScreen() {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const { clubId = '', eveningId = '' } = useParams();
  const page = useLoad(() => api.evening(eveningId), [api, eveningId]);
  const p = page.data;
  const admin = p?.me.role === 'admin';
  const host = admin || p?.me.role === 'host';
  // The admin's invitation picker lists the members not yet invited: loaded before the page shows,
  // so no list appears later above the door's buttons and moves them under the host's finger.
  const clubOf = p?.evening.clubId || clubId;
  const members = useLoad(
    async () => ({ forAdmin: admin, list: admin ? (await api.members(clubOf)).members : ([] as readonly Member[]) }),
    [api, admin, clubOf],
  );
  const lng = i18n.language;
  return (
    <ClubPage title={p ? formatDateTime(p.evening.startsAt, lng) : t('evening.title')} error={page.error} ready={p !== null && (members.data?.forAdmin === admin || members.error !== null)}>
      {p && (
        <>
          <Link to={`/club/${p.evening.clubId || clubId}`}>← {t('calendar.title')}</Link>
          <dl className="card club-pair" style={{ margin: 0 }} aria-label={t('evening.title')}>
            <Fact term={t('fields.place')}>{p.evening.place}</Fact>
            <Fact term={t('fields.answerBy')}>{formatDateTime(p.evening.answerBy, lng)}</Fact>
            <Fact term={t('fields.capacity')}>{formatNumber(p.evening.capacity, lng)}</Fact>
            <Fact term={t('fields.weight')}>{formatNumber(p.evening.weight, lng)}</Fact>
            <Fact term={t('fields.preset')}>{t(`presets.${p.evening.preset}`, { ns: 'common', defaultValue: p.evening.preset })}</Fact>
            <Fact term={t('fields.gamesPlanned')}>{formatNumber(p.evening.gamesPlanned, lng)}</Fact>
          </dl>
          <EveningCorrections key={`${p.evening.startsAt}-${p.evening.place}-${p.evening.capacity}-${p.evening.weight}-${p.evening.gamesPlanned}`} page={p} admin={admin} onChanged={page.reload} />
          <Counts counts={p.evening.counts} />
          <p style={{ margin: 0 }}>
            {t('evening.myAnswer')} <AnswerBadge answer={p.me.answer} />
          </p>
          <Invitations page={p} admin={admin} members={members.data?.list ?? []} membersError={members.error} onChanged={() => (members.reload(), page.reload())} />
          <Door page={p} host={host} onChanged={page.reload} />
          <Tables page={p} host={host} admin={admin} onChanged={page.reload} />
          <Games page={p} host={host} admin={admin} onChanged={page.reload} />
          <section className="stack" aria-labelledby="ev-ledger">
            <h2 id="ev-ledger" className="club-h">
              {t('evening.penalties')}
            </h2>
            <Ledger entries={p.ledger} admin={admin} onChanged={page.reload} />
          </section>
        </>
      )}
    </ClubPage>
  );
}

function Fact({ term, children }: { readonly term: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt className="muted" style={{ fontSize: '0.85rem' }}>
        {term}
      </dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{children}</dd>
    </div>
  );
}

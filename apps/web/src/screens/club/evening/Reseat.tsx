import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EveningPage, Named, Seating } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { ErrorText, useAction } from '../common/errors';
import { peopleOf } from './TableHost';

type Tables = { userId: string; nickname: string; guest: boolean }[][];

/** Each seat's id as the seating takes it back: a member's user id or a guest's id (issue 24 point 4). */
export const tablesOf = (s: Seating): Tables => s.tables.map((t) => t.seats.map((p) => ({ userId: p.userId ?? p.guestId ?? '', nickname: p.nickname, guest: !p.userId && !!p.guestId })));

/**
 * Between games (issue 24): the tables re-formed from who is here. «Оставить столы» keeps each
 * table's players (a leaver's seat gone, a replacement on it, a latecomer at the smallest table);
 * «Перемешать» asks the seating optimizer (a seed gives the same seating) and shows its qualities.
 * Two taps swap two players; a tapped player and «Сюда» move him to another table. «Подтвердить»
 * sends the seating: each table's next game is in a new room with these seats.
 */
export function Reseat({ page, admin, onChanged }: { readonly page: EveningPage; readonly admin: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [proposal, setProposal] = useState<Seating | null>(null);
  const [tables, setTables] = useState<Tables>([]);
  const [picked, setPicked] = useState<string | null>(null);
  const [seed, setSeed] = useState('');
  const propose = async (mode: 'keep' | 'mix') => {
    const r = await act.run(() => api.proposeSeating(page.evening.id, mode, seed.trim() || undefined));
    if (r) {
      setProposal(r);
      setTables(tablesOf(r));
      setPicked(null);
    }
  };
  const tap = (userId: string) => {
    if (picked === null) return setPicked(userId);
    if (picked === userId) return setPicked(null);
    const where = (u: string) => {
      const ti = tables.findIndex((tb) => tb.some((p) => p.userId === u));
      return [ti, tables[ti]!.findIndex((p) => p.userId === u)] as const;
    };
    const [[ta, sa], [tb, sb]] = [where(picked), where(userId)];
    const next = tables.map((x) => x.slice());
    [next[ta]![sa], next[tb]![sb]] = [next[tb]![sb]!, next[ta]![sa]!];
    setTables(next);
    setPicked(null);
  };
  const moveHere = (to: number) => {
    if (picked === null) return;
    const next = tables.map((x) => x.filter((p) => p.userId !== picked));
    const who = tables.flat().find((p) => p.userId === picked)!;
    next[to]!.push(who);
    setTables(next);
    setPicked(null);
  };
  const confirm = async () => {
    if (await act.run(() => api.confirmSeating(page.evening.id, tables.map((tb) => tb.map((p) => p.userId))))) {
      setProposal(null);
      onChanged();
    }
  };
  return (
    <section className="card stack" aria-labelledby="ev-reseat">
      <h3 id="ev-reseat" style={{ margin: 0 }}>{t('reseat.title')}</h3>
      <p className="muted" style={{ margin: 0 }}>{t('reseat.hint')}</p>
      <div className="row">
        <Button type="button" disabled={act.busy} onClick={() => void propose('keep')}>{t('reseat.keep')}</Button>
        <Button type="button" disabled={act.busy} onClick={() => void propose('mix')}>{t('reseat.mix')}</Button>
        <label htmlFor="reseat-seed" className="muted">{t('reseat.seed')}</label>
        <input id="reseat-seed" className="input" style={{ maxWidth: 140 }} value={seed} onChange={(e) => setSeed(e.target.value)} />
      </div>
      {proposal && (
        <>
          {proposal.qualities && (
            <p data-testid="reseat-qualities" style={{ margin: 0 }}>
              {t('reseat.qualities', { seats: proposal.qualities.seats, opponents: proposal.qualities.opponents, tables: proposal.qualities.tables })}
            </p>
          )}
          {proposal.seed && <p className="muted" style={{ margin: 0 }}>{t('reseat.seedWas', { seed: proposal.seed })}</p>}
          {tables.map((tb, i) => (
            <div key={i} className="stack" style={{ gap: 4 }} data-testid={`reseat-table-${i + 1}`}>
              <div className="row" style={{ justifyContent: 'space-between' }}>
                <strong>{t('tables.table', { n: i + 1 })} · {t('reseat.players', { count: tb.length })}</strong>
                {picked !== null && !tb.some((p) => p.userId === picked) && (
                  <Button type="button" onClick={() => moveHere(i)}>{t('reseat.moveHere', { n: i + 1 })}</Button>
                )}
              </div>
              <ol style={{ margin: 0, paddingLeft: 24 }}>
                {tb.map((p) => (
                  <li key={p.userId}>
                    <button type="button" className={`btn btn-ghost${picked === p.userId ? ' btn-active' : ''}`} aria-pressed={picked === p.userId} onClick={() => tap(p.userId)}>
                      {p.nickname}
                    </button>
                    {p.guest && <span className="club-badge" data-kind="guest">{t('guests.mark')}</span>}
                  </li>
                ))}
              </ol>
            </div>
          ))}
          <p className="muted" style={{ margin: 0 }}>{picked === null ? t('reseat.tapHint') : t('reseat.pickedHint')}</p>
          <Button type="button" variant="primary" block disabled={act.busy} onClick={() => void confirm()}>{t('reseat.confirm')}</Button>
        </>
      )}
      <ErrorText error={act.error} />
      {admin && <Apart page={page} />}
    </section>
  );
}

/** Admin: the club's pairs kept at different tables (a couple, a coach and his student). */
function Apart({ page }: { readonly page: EveningPage }) {
  const { t } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [pairs, setPairs] = useState<{ a: Named; b: Named }[]>([]);
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const clubId = page.evening.clubId;
  useEffect(() => {
    void api.apartPairs(clubId).then((r) => setPairs(r.pairs), () => {});
  }, [api, clubId]);
  const set = async (userA: string, userB: string, apart: boolean) => {
    const r = await act.run(() => api.setApart(clubId, userA, userB, apart));
    if (r) setPairs(r.pairs);
  };
  const people = peopleOf(page);
  return (
    <div className="stack" style={{ gap: 6 }}>
      <strong>{t('reseat.apartTitle')}</strong>
      <ul className="club-list" data-testid="apart-pairs">
        {pairs.map((p) => (
          <li key={`${p.a.userId}-${p.b.userId}`} className="row" style={{ justifyContent: 'space-between' }}>
            <span>{p.a.nickname} — {p.b.nickname}</span>
            <Button type="button" onClick={() => void set(p.a.userId, p.b.userId, false)}>{t('reseat.apartRemove')}</Button>
          </li>
        ))}
      </ul>
      <div className="row">
        {([[a, setA, 'apart-a'], [b, setB, 'apart-b']] as const).map(([v, setV, id]) => (
          <select key={id} id={id} aria-label={t('reseat.apartPick')} className="input" value={v} onChange={(e) => setV(e.target.value)}>
            <option value="">—</option>
            {people.map((p) => <option key={p.userId} value={p.userId}>{p.nickname}</option>)}
          </select>
        ))}
        <Button type="button" disabled={act.busy || !a || !b} onClick={() => void set(a, b, true)}>{t('reseat.apartAdd')}</Button>
      </div>
      <ErrorText error={act.error} />
    </div>
  );
}

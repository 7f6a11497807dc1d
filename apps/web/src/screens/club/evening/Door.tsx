import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attendance, EveningPage } from '@mafia/protocol';
import { Button } from '../../../ui';
import { useClubApi } from '../common/api';
import { AnswerBadge } from '../common/bits';
import { ErrorText, useAction } from '../common/errors';
import { formatPoints, formatTime, fromTimeInput, toTimeInput } from '../common/format';
import { ruleName } from '../common/Ledger';
import { GuestForm } from './GuestForm';
import { ClubList, TitledSection } from '../common/section';

/**
 * The door: every invited member, when he came (and «опоздал»), when he left. A host checks each
 * in («Отметить приход»: now, or the time he types) and out («Ушёл», with a replacement or none).
 */
export function Door({ page, host, onChanged }: { readonly page: EveningPage; readonly host: boolean; readonly onChanged: () => void }) {
  const { t } = useTranslation('club');
  const byUser = new Map(page.attendance.map((a) => [a.userId, a]));
  const people = [
    ...page.invitations.map((i) => ({ userId: i.userId, nickname: i.nickname, answer: i.answer })),
    ...page.attendance.filter((a) => !page.invitations.some((i) => i.userId === a.userId)).map((a) => ({ userId: a.userId, nickname: a.nickname, answer: null })),
    // Not invited (no account yet, so no letters), still let in: the club plays with them (issue 23 point 9).
    ...(page.nicknameOnly ?? []).filter((m) => !page.attendance.some((a) => a.userId === m.userId)).map((m) => ({ userId: m.userId, nickname: m.nickname, answer: null })),
  ];
  const present = replacementsOf(page);
  // The default arrival time follows the clock while the page stays open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return (
    <TitledSection id="ev-door" title={t('door.title')}>
      {host && <GuestForm eveningId={page.evening.id} onAdded={onChanged} />}
      <ClubList items={people} empty={t('evening.noInvitations')}>
        {(p) => (
          <DoorRow key={p.userId} page={page} person={p} att={byUser.get(p.userId) ?? null} present={present} host={host} now={now} onChanged={onChanged} />
        )}
      </ClubList>
    </TitledSection>
  );
}

/**
 * Who may replace a leaver: the members and guests in the room now (checked in, not left) who sit at no table
 * now; the server refuses a replacement already seated (`bad-replacement`). The leaver himself is
 * left out per row.
 */
export function replacementsOf(page: EveningPage): Attendance[] {
  const seated = new Set(page.tables.flatMap((tb) => tb.seats.map((s) => s.userId ?? s.guestId ?? null)).filter((u): u is string => u !== null));
  return page.attendance.filter((a) => a.arrivedAt !== null && a.leftAt === null && !seated.has(a.userId));
}

function DoorRow({ page, person, att, present, host, now, onChanged }: {
  readonly page: EveningPage;
  readonly person: { readonly userId: string; readonly nickname: string; readonly answer: 'yes' | 'no' | null };
  readonly att: Attendance | null;
  readonly present: readonly Attendance[];
  readonly host: boolean;
  readonly now: number;
  readonly onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('club');
  const api = useClubApi();
  const act = useAction();
  const [typed, setTyped] = useState<string | null>(null);
  const [replacement, setReplacement] = useState('');
  const [penalty, setPenalty] = useState<string | null>(null);
  const lng = i18n.language;
  const id = person.userId;
  const arrived = att?.arrivedAt ?? null;
  const left = att?.leftAt ?? null;

  const checkin = async () => {
    // An untouched time is "now": the server's clock decides (no arrivedAt sent).
    const at = typed === null ? undefined : fromTimeInput(typed, page.evening.startsAt) ?? undefined;
    const r = await act.run(() => api.checkin(page.evening.id, id, at));
    if (r) {
      setPenalty(r.penalty ? `${formatPoints(r.penalty.points, lng)} · ${ruleName(t, r.penalty.rule)}` : null);
      onChanged();
    }
  };
  const checkout = async () => {
    const r = await act.run(() => api.checkout(page.evening.id, id, replacement || undefined));
    if (r) {
      setPenalty(r.penalty ? `${formatPoints(r.penalty.points, lng)} · ${ruleName(t, r.penalty.rule)}` : null);
      onChanged();
    }
  };

  return (
    <li className="stack" style={{ gap: 8 }} data-testid={`door-${id}`}>
      <div className="row" style={{ gap: 8 }}>
        <span style={{ fontWeight: 600 }}>{person.nickname}</span>
        {att?.guest ? (
          <span className="club-badge" data-kind="guest">
            {t('guests.mark')}
          </span>
        ) : (
          <AnswerBadge answer={person.answer} />
        )}
        {arrived !== null && <span>{t('door.arrivedAt', { time: formatTime(arrived, lng) })}</span>}
        {att?.late && (
          <span className="club-badge" data-kind="late">
            {t('door.late')}
          </span>
        )}
        {left !== null && <span>{t('door.leftAt', { time: formatTime(left, lng) })}</span>}
        {att && att.unplayed > 0 && left !== null && <span className="muted">{t('door.unplayed', { n: att.unplayed })}</span>}
      </div>
      {host && arrived === null && (
        <div className="row">
          <label className="visually-hidden" htmlFor={`arrive-${id}`}>
            {t('door.arrivalTimeOf', { nickname: person.nickname })}
          </label>
          <input id={`arrive-${id}`} className="input" type="time" value={typed ?? toTimeInput(now)} onChange={(e) => setTyped(e.target.value)} style={{ width: 150, flex: '0 0 auto' }} />
          <Button variant="primary" disabled={act.busy} onClick={() => void checkin()} label={t('door.checkinOf', { nickname: person.nickname })}>
            {t('door.checkin')}
          </Button>
        </div>
      )}
      {host && arrived !== null && left === null && (
        <div className="row">
          <label className="visually-hidden" htmlFor={`repl-${id}`}>
            {t('door.replacementOf', { nickname: person.nickname })}
          </label>
          <select id={`repl-${id}`} className="input" value={replacement} onChange={(e) => setReplacement(e.target.value)} style={{ flex: '1 1 140px', minWidth: 0 }}>
            <option value="">{t('door.noReplacement')}</option>
            {present
              .filter((a) => a.userId !== id)
              .map((a) => (
                <option key={a.userId} value={a.userId}>
                  {a.guest ? t('guests.option', { nickname: a.nickname }) : a.nickname}
                </option>
              ))}
          </select>
          <Button variant="danger" disabled={act.busy} onClick={() => void checkout()} label={t('door.checkoutOf', { nickname: person.nickname })}>
            {t('door.checkout')}
          </Button>
        </div>
      )}
      {penalty && <p role="status" style={{ margin: 0 }}>{t('door.penalty', { penalty })}</p>}
      <ErrorText error={act.error} />
    </li>
  );
}

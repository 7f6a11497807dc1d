import type { Command, GameView, RoleId } from '@mafia/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../i18n/roleName';
import { statementText } from '../../i18n/statementText';
import { Button } from '../../ui';
import { parseSeat } from '../seat';
import { claimableRoles, emptyDraft, nightsSoFar, SAY_KINDS, seatsFor, statementOf, toggleSaySeat, type SayDraft } from './statementDraft';

/**
 * The speaker's statements on his phone (issue 27): during his own speech, defence or last word he
 * marks what he says («Я — Комиссар», «Проверил № 4: чёрный», a version of three seats), each one a
 * `statement` command the engine checks; the whole table then sees it under his number. At a human
 * host's table the host marks them for the speaker from his console (`byHost`).
 */
export function StatementComposer({ view, seat, send, byHost = false }: { view: GameView; seat: number; send: (cmd: Command) => Promise<unknown>; byHost?: boolean }) {
  const { t } = useTranslation('player');
  const nights = nightsSoFar(view);
  const [draft, setDraft] = useState<SayDraft>(() => emptyDraft(nights[nights.length - 1] ?? 1));
  const statement = statementOf(draft);
  const others = view.seats.filter((s) => s.seat !== seat);
  const say = () => {
    if (!statement) return;
    setDraft(emptyDraft(draft.night));
    void send({ type: 'statement', by: parseSeat(seat), statement }).catch(() => {});
  };
  return (
    <section className="card stack" data-testid="say" aria-label={t('say.title')}>
      <strong>{byHost ? t('say.titleFor', { n: seat }) : t('say.title')}</strong>
      <p className="muted" style={{ margin: 0 }}>{byHost ? t('say.hintHost', { n: seat }) : t('say.hint')}</p>
      <div className="row" role="group" aria-label={t('say.title')} style={{ flexWrap: 'wrap' }}>
        {SAY_KINDS.map((k) => (
          <Button key={k} data-testid={`say-${k}`} aria-pressed={draft.kind === k} variant={draft.kind === k ? 'primary' : 'default'} onClick={() => setDraft({ ...emptyDraft(draft.night), kind: k })}>
            {t(`say.kinds.${k}`)}
          </Button>
        ))}
      </div>
      {draft.kind === 'claim' ? (
        <label className="field">
          <span>{t('say.role')}</span>
          <select className="input" data-testid="say-role" value={draft.role ?? ''} onChange={(e) => setDraft({ ...draft, role: (e.target.value || null) as RoleId | null })}>
            <option value="" />
            {claimableRoles(view).map((r) => (
              <option key={r} value={r}>{roleName(t, view.preset, r)}</option>
            ))}
          </select>
        </label>
      ) : null}
      {seatsFor(draft.kind) > 0 ? (
        <div className="row" role="group" aria-label={seatsFor(draft.kind) > 1 ? t('say.seats') : t('say.seat')} style={{ flexWrap: 'wrap' }}>
          {others.map((s) => (
            <Button key={s.seat} data-testid={`say-seat-${s.seat}`} aria-pressed={draft.seats.includes(s.seat)} variant={draft.seats.includes(s.seat) ? 'primary' : 'default'} label={t('say.pickSeat', { n: s.seat })} onClick={() => setDraft(toggleSaySeat(draft, s.seat))}>
              {s.seat}
            </Button>
          ))}
        </div>
      ) : null}
      {draft.kind === 'checked' ? (
        <div className="row" style={{ flexWrap: 'wrap' }}>
          {(['red', 'black'] as const).map((c) => (
            <Button key={c} data-testid={`say-${c}`} aria-pressed={draft.color === c} variant={draft.color === c ? 'primary' : 'default'} onClick={() => setDraft({ ...draft, color: c })}>
              {t(`say.${c}`)}
            </Button>
          ))}
          <label className="field" style={{ flex: 1 }}>
            <span>{t('say.night')}</span>
            <select className="input" data-testid="say-night" value={draft.night} onChange={(e) => setDraft({ ...draft, night: Number(e.target.value) })}>
              {nights.map((n) => (
                <option key={n} value={n}>{t('say.nightN', { n })}</option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <Button variant="primary" size="large" block data-testid="say-submit" disabled={statement === null} onClick={say}>
        {statement ? t('say.send', { text: statementText(t, view.preset, statement) }) : t('say.sendNone')}
      </Button>
    </section>
  );
}

import type { Command, GameView } from '@mafia/engine';
import { useState } from 'react';
import { Button } from '../../ui';
import { SeatSelect } from './SeatSelect';
import type { Tx } from './types';
import { parsePoints, teamDefeatOpen, type FiimRecord } from './fiim';
import { signedPoints } from './history';
import type { SetupOf } from './logic';
import { parseSeat } from '../seat';

interface Props {
  readonly t: Tx;
  readonly view: GameView;
  readonly setup: SetupOf;
  readonly record: FiimRecord;
  readonly busy: boolean;
  readonly send: (c: Command) => void;
}

/**
 * The referee's tournament tools of a `fiim` game (R-FIIM-13..17): the options kept for the record,
 * the final minute, a team defeat, extra points per seat (also after the game) and, at the end, the
 * tournament points.
 */
export function FiimPanel(p: Props) {
  const { t, view, record } = p;
  return (
    <section className="card stack" aria-label={t('fiim.title')} data-testid="fiim-panel">
      <strong>{t('fiim.title')}</strong>
      <RecordOnly t={t} setup={p.setup} />
      {record.final !== null && view.phase.kind === 'ended' && p.setup.options.gameEndSpeech === 'yes' ? (
        <span data-testid="final-minute">{t('fiim.final', { seats: record.final.join(', № ') })}</span>
      ) : null}
      <TeamDefeat {...p} />
      <ExtraPoints {...p} />
      {view.phase.kind === 'ended' ? <Scores t={t} view={view} record={record} /> : null}
    </section>
  );
}

/** R-FIIM-17: the rules code, «on record» and withdrawal change nothing the app records: shown, not used. */
function RecordOnly({ t, setup }: { t: Tx; setup: SetupOf }) {
  const o = setup.options;
  const value = (name: string, v: string) => t(`option.${name}.values.${v}`, { ns: 'create' });
  return (
    <div className="stack muted" data-testid="fiim-record-only" style={{ gap: 2 }}>
      <span data-testid="fiim-rules-code">{t('fiim.rulesCode', { code: o.rulesCode })}</span>
      <span>{t('fiim.onRecord', { value: value('onRecord', o.onRecord), count: o.onRecordCount })}</span>
      <span>{t('fiim.withdraw', { value: value('withdraw', o.withdraw) })}</span>
      <span>{t('fiim.techFouls', { value: value('techFouls', o.techFouls) })}</span>
      <span>{t('fiim.recordOnly')}</span>
    </div>
  );
}

/** R-FIIM-15: one team defeat per game, confirmed (it ends the game for the offender's team). */
function TeamDefeat({ t, view, setup, record, busy, send }: Props) {
  const [seat, setSeat] = useState(1);
  if (record.teamDefeat !== null) return <span data-testid="team-defeat-given">{t('fiim.teamDefeat.given', { seat: record.teamDefeat })}</span>;
  if (!teamDefeatOpen(view, setup, record)) return null;
  return (
    <div className="stack" style={{ gap: 4 }}>
      <span className="muted">{t('fiim.teamDefeat.hint')}</span>
      <div className="row">
        <SeatSelect label={t('fiim.teamDefeat.seat')} testId="team-defeat-seat" view={view} seat={seat} onChange={setSeat} />
        <Button data-testid="team-defeat" variant="danger" disabled={busy} onClick={() => {
          if (globalThis.confirm?.(t('fiim.teamDefeat.confirm', { seat })) ?? true) send({ type: 'teamDefeat', seat: parseSeat(seat) });
        }}>
          {t('fiim.teamDefeat.submit')}
        </Button>
      </div>
    </div>
  );
}

/** R-FIIM-16: the referee's extra points, seat by seat, with what each seat has so far. */
function ExtraPoints({ t, view, record, busy, send }: Props) {
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [bad, setBad] = useState<number | null>(null);
  const give = (seat: number) => {
    const points = parsePoints(typed[seat] ?? '');
    if (points === null) return setBad(seat);
    setBad(null);
    setTyped((x) => ({ ...x, [seat]: '' }));
    send({ type: 'extraPoints', seat: parseSeat(seat), points });
  };
  return (
    <div className="stack" style={{ gap: 4 }} data-testid="extra-points">
      <strong>{t('fiim.extra.title')}</strong>
      <span className="muted">{t('fiim.extra.hint')}</span>
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0, gap: 4 }}>
        {view.seats.map((s) => (
          <li key={s.seat} className="row" style={{ gap: 8 }}>
            <span style={{ minWidth: 28, fontWeight: 700 }}>{s.seat}</span>
            <span className="muted" data-testid={`extra-total-${s.seat}`} data-points={record.extraPoints[s.seat - 1]} style={{ flex: 1 }}>
              {t('fiim.extra.total', { points: signedPoints(record.extraPoints[s.seat - 1]!) || '0' })}
            </span>
            <input
              className="input" style={{ width: '6em' }} type="text" inputMode="decimal" data-testid={`extra-input-${s.seat}`}
              aria-label={t('fiim.extra.input', { seat: s.seat })} aria-invalid={bad === s.seat} placeholder="+0.3"
              value={typed[s.seat] ?? ''} onChange={(e) => setTyped((x) => ({ ...x, [s.seat]: e.target.value }))}
              onKeyDown={(e) => e.key === 'Enter' && give(s.seat)}
            />
            <Button data-testid={`extra-${s.seat}`} label={t('fiim.extra.label', { seat: s.seat })} disabled={busy} onClick={() => give(s.seat)}>
              {t('fiim.extra.submit')}
            </Button>
            {bad === s.seat ? (
              <span className="error" role="alert" data-testid={`extra-error-${s.seat}`} style={{ flexBasis: '100%' }}>
                {t('fiim.extra.bad')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * R-FIIM-16 at the end: the tournament points the server's engine put in the host's view
 * (`view.tournament.scores`), with the extra points and removals behind them.
 */
function Scores({ t, view, record }: { t: Tx; view: GameView; record: FiimRecord }) {
  const scores = view.tournament?.scores ?? null;
  return (
    <div className="stack" style={{ gap: 4 }} data-testid="tournament-scores">
      <strong>{t('fiim.scores.title')}</strong>
      <ul style={{ margin: 0 }}>
        {view.seats.map((s) => {
          const why = record.removed[s.seat - 1];
          const extra = record.extraPoints[s.seat - 1]!;
          const notes = [extra !== 0 ? t('fiim.scores.extra', { points: signedPoints(extra) }) : '', why ? t('seats.removedFor', { reason: t(`history.reason.${why}`) }) : ''].filter(Boolean).join(', ');
          const points = scores?.[String(s.seat)];
          return (
            <li key={s.seat} data-testid={`score-${s.seat}`} data-points={points ?? ''}>
              {t('fiim.scores.line', { seat: s.seat, name: s.name, points: points === undefined ? '—' : String(points) })}
              {notes ? ` (${notes})` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import type { Command, GameView, Pending } from '@mafia/engine';
import type { RoomMode } from '@mafia/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SaidList, SeatGrid, useLockout, type SeatInfo } from '../../ui';
import { StatementComposer } from './StatementComposer';
import { dayControls, extraCommand, toggleSeat, type DayControls, type ExtraKind } from './logic';
import { parseSeat, parseSeats } from '../seat';

const EXTRA_TEST_ID: Record<ExtraKind, string> = { rakeTake: 'rake-take-submit', blood: 'blood-submit', dyingNote: 'dying-note-submit' };

export interface DayPanelProps {
  readonly view: GameView;
  readonly pending: readonly Pending[];
  readonly seat: number;
  readonly mode: RoomMode | null;
  readonly send: (cmd: Command) => Promise<unknown>;
}

/**
 * The day on a player's phone: who speaks, his own fouls, and the controls the view and his pending
 * decisions allow: nominate during his speech, end his speech and last word (app/online rooms), vote
 * by tapping a candidate, the lift vote, the best move. A dead seat gets only what is pending for him
 * (the best move, his last word).
 */
export function DayPanel({ view, pending, seat, mode, send }: DayPanelProps) {
  const { t } = useTranslation('player');
  const c = dayControls(view, pending, seat, mode);
  const day = view.day;
  // The selection belongs to one decision: a new stage, round or speaker starts it afresh.
  const key = `${view.phase.kind === 'day' ? view.phase.n : 0}:${day?.stage}:${day?.round}:${day?.speaker}:${c.vote?.join(',')}`;
  const [sel, setSel] = useState<{ key: string; picked: readonly number[] }>({ key, picked: [] });
  const picked = sel.key === key ? sel.picked : [];
  const setPicked = (p: readonly number[]) => setSel({ key, picked: p });
  const by = parseSeat(seat);
  const fire = (cmd: Command) => {
    setPicked([]);
    void send(cmd).catch(() => {});
  };
  const alive = (s: number) => view.seats.find((x) => x.seat === s)?.alive === true;
  // The buttons that end a step cannot end the next one on a double tap.
  const { locked, guard } = useLockout();

  // What a tap on a seat means now (one decision at a time).
  const mode_ = c.bestMove ? 'bestMove' : c.extra ? 'extra' : c.vote ? 'vote' : c.nominate ? 'nominate' : null;
  const extra = c.extra;
  const onSelect =
    mode_ === 'bestMove'
      ? (s: number) => setPicked(toggleSeat(picked, s, 3))
      : mode_ === 'extra' && extra
        ? (s: number) => extra.candidates.includes(s) && setPicked(picked[0] === s ? [] : [s])
        : mode_ === 'vote'
        ? (s: number) => c.vote!.includes(s) && setPicked(picked[0] === s ? [] : [s])
        : mode_ === 'nominate'
          ? (s: number) => alive(s) && setPicked(picked[0] === s ? [] : [s])
          : undefined;
  const choosable = (s: number) =>
    mode_ === 'vote' ? c.vote!.includes(s) : mode_ === 'extra' && extra ? extra.candidates.includes(s) : true;
  const seats: SeatInfo[] = view.seats.map((s) => ({
    seat: s.seat,
    name: s.name || null,
    // Seats this decision cannot take are shown disabled, so the phone says who is on the ballot.
    state: picked.includes(s.seat) ? 'selected' : !s.alive ? 'dead' : choosable(s.seat) ? 'alive' : 'disabled',
    // Never a role here: a phone on the table must not show partners' cards to onlookers.
    note: s.fouls > 0 ? t('day.foulsNote', { n: s.fouls }) : undefined,
  }));
  const target = picked[0];

  return (
    <section className="stack" data-testid="day">
      <div className="card stack" style={{ gap: 4 }}>
        {day ? <strong data-testid="day-stage" data-stage={day.stage}>{t(`day.stage.${day.stage}`)}</strong> : null}
        <span data-testid="speaker" data-seat={c.speaker ?? ''}>
          {speakerText(t, c, day?.stage)}
        </span>
        {c.myLastWords !== null && c.myLastWords > 0 ? (
          <span data-testid="my-last-words-queue">{t('day.myLastWordsAfter', { n: day!.lastWords[c.myLastWords - 1] })}</span>
        ) : null}
        {day && day.candidates.length > 0 ? <span>{t('day.candidates', { seats: day.candidates.join(', ') })}</span> : null}
        {c.myNominee !== null ? <span data-testid="my-nomination" data-seat={c.myNominee}>{t('day.myNomination', { n: c.myNominee })}</span> : null}
        {c.myBallot !== null ? <span data-testid="my-vote" data-seat={c.myBallot}>{t('day.myVote', { n: c.myBallot })}</span> : null}
        {c.myLift !== null ? <span data-testid="my-lift" data-lift={c.myLift}>{t(`day.myLift.${c.myLift}`)}</span> : null}
        <span data-testid="fouls" data-fouls={c.fouls}>
          {t('day.fouls', { n: c.fouls })}
        </span>
      </div>

      {mode_ === 'nominate' ? <p className="muted" style={{ margin: 0 }}>{t('day.nominateHint')}</p> : null}
      {mode_ === 'vote' ? <p className="muted" style={{ margin: 0 }}>{t('day.voteHint')}</p> : null}
      {mode_ === 'bestMove' ? <p className="muted" style={{ margin: 0 }}>{t('day.bestMoveHint')}</p> : null}
      {mode_ === 'extra' && extra ? <p className="muted" style={{ margin: 0 }}>{t(`day.extra.${extra.kind}.hint`)}</p> : null}

      <SeatGrid label={t('day.grid')} seats={seats} onSelect={onSelect} />

      {/* His own turn to talk, where his phone is his control (not at a human host's table): what he says. */}
      {(c.mySpeech || c.myLastWords === 0) && mode !== 'human' ? <StatementComposer view={view} seat={seat} send={send} /> : null}
      {/* Online, the day chat shows them (ChatPanel): not twice on one phone. */}
      {day && mode !== 'online' ? <SaidList said={view.said} day={day.n} preset={view.preset} /> : null}

      {c.vote ? (
        <div className="row" role="group" aria-label={t('day.voteHint')}>
          {c.vote.map((s) => (
            <Button key={s} data-testid={`candidate-${s}`} aria-pressed={target === s} variant={target === s ? 'primary' : 'default'} label={t('day.candidate', { n: s })} onClick={() => setPicked(target === s ? [] : [s])}>
              {s}
            </Button>
          ))}
        </div>
      ) : null}
      {c.vote ? (
        <Button variant="primary" size="large" block data-testid="vote-submit" disabled={target === undefined} onClick={() => target !== undefined && fire({ type: 'vote', by, target: parseSeat(target) })}>
          {target !== undefined ? t('day.vote', { n: target }) : t('day.voteNone')}
        </Button>
      ) : null}

      {c.nominate && mode_ === 'nominate' ? (
        <Button variant="primary" size="large" block data-testid="nominate-submit" disabled={target === undefined} onClick={() => target !== undefined && fire({ type: 'nominate', by, target: parseSeat(target) })}>
          {target !== undefined ? t('day.nominate', { n: target }) : t('day.nominateNone')}
        </Button>
      ) : null}

      {c.lift ? (
        <div className="row">
          <Button variant="primary" size="large" data-testid="lift-yes" style={{ flex: 1 }} onClick={() => fire({ type: 'liftVote', by, leave: true })}>
            {t('day.liftYes')}
          </Button>
          <Button size="large" data-testid="lift-no" style={{ flex: 1 }} onClick={() => fire({ type: 'liftVote', by, leave: false })}>
            {t('day.liftNo')}
          </Button>
        </div>
      ) : null}

      {c.bestMove ? (
        <Button variant="primary" size="large" block data-testid="best-move-submit" disabled={picked.length !== 3} onClick={() => picked.length === 3 && fire({ type: 'bestMove', by, named: parseSeats(picked) })}>
          {t('day.bestMove', { k: picked.length })}
        </Button>
      ) : null}

      {mode_ === 'extra' && extra ? (
        <Button variant="primary" size="large" block data-testid={EXTRA_TEST_ID[extra.kind]} disabled={target === undefined} onClick={() => target !== undefined && fire(extraCommand(extra.kind, seat, target))}>
          {target !== undefined ? t(`day.extra.${extra.kind}.submit`, { n: target }) : t(`day.extra.${extra.kind}.none`)}
        </Button>
      ) : null}

      {c.endSpeech ? (
        <Button size="large" block data-testid="end-speech" disabled={locked} onClick={guard(() => fire({ type: 'endSpeech' }))}>
          {t('day.endSpeech')}
        </Button>
      ) : null}
      {c.endLastWords ? (
        <Button size="large" block data-testid="end-last-words" disabled={locked} onClick={guard(() => fire({ type: 'endLastWords' }))}>
          {t('day.endLastWords')}
        </Button>
      ) : null}
    </section>
  );
}

type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** Who speaks now, from this phone's side: «Ваша речь», «Ваше последнее слово», or the seat. */
function speakerText(tt: unknown, c: DayControls, stage: string | undefined): string {
  const t = tt as Tx;
  if (c.myLastWords === 0) return t('day.myLastWords');
  if (c.mySpeech) return stage === 'defence' ? t('day.myDefence') : t('day.mySpeech');
  if (c.speaker === null) return t('day.noSpeaker');
  if (stage === 'lastWords') return t('day.lastWordsOf', { n: c.speaker });
  return t('day.speaker', { n: c.speaker });
}

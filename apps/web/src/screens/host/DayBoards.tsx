import type { GameView, SeatNo } from '@mafia/engine';
import { Button } from '../../ui';
import { parseSeat } from '../seat';
import { tallyText } from './history';
import type { VoteBoard } from './logic';
import type { Send, Tx } from './types';

/** The day's speech: who speaks, the nominations so far, and «Принято» for the seat he nominates. */
export function SpeechPanel({ t, view, speaker, picked, nominatePending, busy, send }: {
  t: Tx; view: GameView; speaker: SeatNo; picked: number | null; nominatePending: boolean; busy: boolean; send: Send;
}) {
  return (
    <section className="card stack" aria-label={t('speech.speaker', { seat: speaker })}>
      <strong>{t('speech.speaker', { seat: speaker })}</strong>
      <span className="muted">
        {view.day && view.day.nominations.length > 0
          ? t('speech.nominations', { list: view.day.nominations.map(([by, to]) => t('speech.nominationLine', { by, target: to })).join(', ') })
          : t('speech.nominationsNone')}
      </span>
      {nominatePending ? <span className="muted">{t('speech.nominate')}</span> : null}
      <Button
        data-testid="nominate-accept" variant="primary" block disabled={busy || picked === null || !nominatePending}
        onClick={() => picked !== null && send({ type: 'nominate', by: speaker, target: parseSeat(picked) })}
      >
        {picked !== null ? t('speech.accept', { seat: picked }) : t('speech.acceptNone')}
      </Button>
    </section>
  );
}

/** The vote: the candidates with their votes so far (a tap picks whose hands are counted), the votes not cast, the count. */
export function VoteBoardPanel({ t, view, board, currentCandidate, setCandidate }: {
  t: Tx; view: GameView; board: VoteBoard; currentCandidate: number | null; setCandidate: (i: number) => void;
}) {
  return (
    <section className="card stack" data-testid="vote-board" aria-label={t('vote.title', { n: (view.day?.round ?? 0) + 1 })}>
      <strong>{t('vote.title', { n: (view.day?.round ?? 0) + 1 })}</strong>
      <div className="row">
        {board.candidates.map((c, i) => (
          <Button key={c.seat} data-testid={`vote-candidate-${c.seat}`} aria-pressed={c.seat === currentCandidate} variant={c.seat === currentCandidate ? 'primary' : 'default'} onClick={() => setCandidate(i)}>
            {t('vote.candidate', { seat: c.seat, votes: c.votes })}
          </Button>
        ))}
      </div>
      {currentCandidate !== null ? <span>{t('vote.counting', { seat: currentCandidate })}</span> : null}
      <span data-testid="vote-left" data-n={board.notCast.length}>
        {t('vote.notCast', { n: board.notCast.length, seat: board.last ?? '' })}
      </span>
      {board.tally ? <span>{t('vote.tally', { list: tallyText(board.tally) })}</span> : null}
    </section>
  );
}

/** The vote to lift everybody: for, against, and who has not voted. */
export function LiftBoardPanel({ t, lift }: { t: Tx; lift: { readonly for: readonly number[]; readonly against: readonly number[]; readonly notCast: readonly number[] } }) {
  return (
    <section className="card stack" data-testid="lift-board">
      <span>{t('vote.lift', { for: lift.for.length, against: lift.against.length, left: lift.notCast.length })}</span>
      <span className="muted">{t('vote.liftHint')}</span>
    </section>
  );
}

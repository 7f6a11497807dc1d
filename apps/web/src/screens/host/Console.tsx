import type { Command, GameView, RoleId } from '@mafia/engine';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName as presetRoleName } from '../../i18n/roleName';
import { looseT } from '../../i18n/looseT';
import type { RoomState } from '../../net/client';
import { useCountdown } from '../../net/useCountdown';
import { asRefusal, type RefusalLike } from '../../i18n/refusals';
import { Button, mayDealNextGame, NextGameButton, Notice, ProtocolButton, SeatGrid, Timer, useLockout } from '../../ui';
import { secrets } from '../../net/secrets';
import { DayNotes, ResultsPanel } from './DayNotes';
import { beep, shouldBeep } from './beep';
import { ChoicePanel } from './ChoicePanel';
import { CirclePanel } from './CirclePanel';
import { SilencePanel } from './SilencePanel';
import { VictimListPanel } from './VictimListPanel';
import { SeatsPanel } from './SeatsPanel';
import { FiimPanel } from './FiimPanel';
import { CloseRoomPanel } from './CloseRoom';
import { fiimRecord, isFiim } from './fiim';
import { actCommand, liftBoard, nextCommand, nightDeaths, speechesToday, stepActors, strayActors, setupOf, voteBoard, type StepActor } from './logic';
import { hostLines, scriptText, type Line } from './script';
import { effectiveEvents, loneNominee, skippedSpeeches } from '../../narrator/dayNews';
import { actsByStep } from './nightRecord';
import { VoiceSwitch, useHostVoice } from './voice';
import type { Speaker } from '../../narrator/speaker';
import { SeatCodesPanel } from '../admin/SeatCodesPanel';
import { modeOf } from './gridMode';
import { MorningPanel, NightPanel } from './NightPanel';
import { ToolsPanel } from './ToolsPanel';
import { EndPanel, HistoryPanel } from './EndPanel';
import { LiftBoardPanel, SpeechPanel, VoteBoardPanel } from './DayBoards';
import { StatementComposer } from '../player/StatementComposer';
import { gridSeats } from './seatGrid';
import type { HostActions, Tx } from './types';
import { parseSeat, parseSeats } from '../seat';

// The console's shared types and the grid's mode live in leaf modules; importers of the console keep finding them here.
export type { HostActions, Tx } from './types';
export { modeOf, type GridMode } from './gridMode';

/** The host console for a started (or starting) game: everything the human host needs at the table. */
export function HostConsole({ state, actions, voice: voiceOut }: { readonly state: RoomState; readonly actions: HostActions | null; readonly voice?: Speaker | null }) {
  const { t: tt } = useTranslation('host');
  const t = useMemo(() => looseT(tt), [tt]);
  const view = state.view;
  const pending = state.pending;
  const setup = useMemo(() => setupOf(state.log), [state.log]);
  // R-FIIM-11..16: technical fouls, removal reasons, extra points, the final minute (fiim only; empty elsewhere).
  const record = useMemo(() => fiimRecord(state.log, view?.seats.length ?? 0), [state.log, view?.seats.length]);
  const [error, setError] = useState<RefusalLike | null>(null);
  const [busy, setBusy] = useState(false);

  const run = (f: () => Promise<unknown>) => {
    if (!actions) return;
    setError(null);
    setBusy(true);
    f()
      .catch((e: unknown) => setError(asRefusal(e)))
      .finally(() => setBusy(false));
  };
  const send = (cmd: Command) => run(() => actions!.command(cmd));

  // Night: the step the host is calling (the engine takes acts in any order). Sent to the server,
  // which makes it every screen's step (issue 23); the server's step wins once it comes back.
  const nightKey = view?.phase.kind === 'night' ? view.phase.n : -1;
  const served = state.timer?.kind === 'night' ? state.timer.step : undefined;
  const [step, setLocalStep] = useState(0);
  useEffect(() => setLocalStep(served ?? 0), [nightKey, served]);
  const setStep = (n: number) => {
    setLocalStep(n);
    if (actions?.openStep) run(() => actions.openStep!(n));
  };
  // Vote: the candidate whose hands the host counts.
  const voteKey = view?.day ? `${view.phase.kind === 'day' ? view.phase.n : 0}:${view.day.stage}:${view.day.round}` : '';
  const [candidate, setCandidate] = useState(0);
  useEffect(() => setCandidate(0), [voteKey]);
  // The seat tapped in the grid (act target / nominee).
  const [picked, setPicked] = useState<number | null>(null);
  const [actorSeat, setActorSeat] = useState<number | null>(null);
  const [target2, setTarget2] = useState<number | null>(null);
  const [roleGuess, setRoleGuess] = useState<RoleId | null>(null);
  const speaker = view?.day?.speaker ?? null;

  const died = view ? nightDeaths(view, state.log) : null;
  const spoke = speechesToday(state.log);
  const events = useMemo(() => effectiveEvents(state.log), [state.log]);
  // Tonight's acts by step, once: the record lists them, the step's status says whether they are in.
  const byStep = useMemo(() => (view ? actsByStep(view, state.log) : []), [view, state.log]);
  const lines = hostLines(view, pending, {
    step, candidate, died, spoke, skipped: skippedSpeeches(view, events, true), lone: loneNominee(state.log), cards: state.timer?.kind === 'cards',
  });
  const voice = useHostVoice(lines.map((l) => scriptText(l, t)), voiceOut);

  const actors = view && view.phase.kind === 'night' ? [...stepActors(view, pending, step), ...(step === view.nightSteps.length - 1 ? strayActors(view, pending) : [])] : [];
  const actor: StepActor | null = actors.find((a) => a.seat === actorSeat) ?? actors[0] ?? null;
  // A new actor, step, speaker or vote round starts with nothing picked.
  const actorKey = actor ? `${actor.seat}:${actor.act}` : '';
  useEffect(() => {
    setPicked(null);
    setTarget2(null);
    setRoleGuess(null);
  }, [step, nightKey, speaker, voteKey, actorKey]);

  const next = nextCommand(view);
  // The big button cannot end two steps on a double tap (a short lockout after each tap).
  const { locked, guard } = useLockout();
  const mode = modeOf(view, pending);
  const bestBy = pending.find((p) => p.kind === 'bestMove')?.seat ?? null;
  const [named, setNamed] = useState<number[]>([]);
  useEffect(() => setNamed([]), [bestBy]);
  const rake = view?.day?.stage === 'rake' ? view.day.rakeChoice : null;
  const board = view ? voteBoard(view, pending) : null;
  const lift = view ? liftBoard(view, pending) : null;
  const currentCandidate = view?.day?.candidates[Math.min(candidate, Math.max(0, (view?.day?.candidates.length ?? 1) - 1))] ?? null;

  const roleName = (r: RoleId | undefined | null) => (r ? presetRoleName(t, view?.preset, r) : '?');
  const say = (l: Line) => scriptText(l, t);

  // The main seat grid: what a tap does depends on the moment.
  const onSeat = (seat: number) => {
    if (!view) return;
    if (mode === 'night') setPicked(seat);
    else if (mode === 'speech') setPicked(seat);
    else if (mode === 'vote' && currentCandidate !== null) send({ type: 'vote', by: parseSeat(seat), target: parseSeat(currentCandidate) });
    else if (mode === 'lift') send({ type: 'liftVote', by: parseSeat(seat), leave: true });
    else if (mode === 'rake' && rake) send({ type: 'rakeTakes', by: rake.by, target: parseSeat(seat) });
    else if (mode === 'bestMove') setNamed((n) => (n.includes(seat) ? n.filter((x) => x !== seat) : n.length < 3 ? [...n, seat] : n));
  };
  const seats = gridSeats({ view, mode, actor, picked, board, lift, currentCandidate, rake, named, bestBy, roleName, t });
  const tappable = mode === 'night' ? actor !== null : mode !== 'none';

  // The speech timer's 10-second warning.
  // While the clock is stopped the time left stands still: no warning beep during a pause.
  const ms = useCountdown(state.timer?.deadline, state.clockOffset, 250, state.timer?.pausedAt);
  const prevMs = useRef<number | null>(null);
  useEffect(() => {
    if (shouldBeep(prevMs.current, ms)) beep();
    prevMs.current = ms;
  }, [ms]);

  const phaseKind = view ? view.phase.kind : 'lobby';
  const phaseN = view && view.phase.kind !== 'ended' ? view.phase.n : 0;
  // Whoever talks now (a speech, a defence, a last word): the host marks his statements for him.
  const day = view?.phase.kind === 'day' ? view.day : null;
  const talker = day && (day.stage === 'speeches' || day.stage === 'defence') ? day.speaker : day?.stage === 'lastWords' ? (day.lastWords[0] ?? null) : null;
  const talkKey = `${day?.n}:${day?.stage}:${day?.round}:${talker}`;
  const nominatePending = speaker !== null && pending.some((p) => p.kind === 'nominate' && p.seat === speaker);

  return (
    <div className="stack host-console">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 data-testid="phase" data-phase={phaseKind} data-n={phaseN} style={{ margin: 0 }}>
          {view ? (view.phase.kind === 'ended' ? t('phase.ended', { ns: 'common' }) : t(`phase.${view.phase.kind}`, { ns: 'common', n: phaseN })) : t('phase.lobby', { ns: 'common' })}
        </h2>
        <div data-testid="timer" data-kind={state.timer?.kind ?? ''} className="row" style={{ gap: 8 }}>
          {state.timer ? <span className="muted">{t(`timer.kind.${state.timer.kind}`)}</span> : null}
          <Timer deadline={state.timer?.deadline} clockOffset={state.clockOffset} pausedAt={state.timer?.pausedAt} />
        </div>
      </div>
      {state.timer ? (
        <div className="row">
          <Button data-testid="timer-minus" label={t('timer.minusLabel')} disabled={busy} onClick={() => run(() => actions!.timer(-10))}>
            {t('timer.minus')}
          </Button>
          <Button data-testid="timer-plus" label={t('timer.plusLabel')} disabled={busy} onClick={() => run(() => actions!.timer(10))}>
            {t('timer.plus')}
          </Button>
        </div>
      ) : null}

      <VoiceSwitch t={t} voice={voice} />
      {lines.length > 0 ? (
        <section className="card" aria-label={t('read')} data-testid="host-line" style={{ fontSize: '1.35rem', fontWeight: 600 }}>
          {lines.map((l, i) => (
            <p key={i} data-key={l.key} style={{ margin: '4px 0' }}>
              {say(l)}
            </p>
          ))}
        </section>
      ) : null}

      {/* A wire refusal is also the room's lastError, which the header's RoomStatus shows: not twice. */}
      <Notice error={error && state.lastError?.code !== error.code ? error : null} testId="host-error" />

      {view && view.phase.kind === 'night' ? (
        <NightPanel
          t={t} view={view} step={step} setStep={setStep} actors={actors} actor={actor} setActorSeat={setActorSeat} picked={picked}
          target2={target2} setTarget2={setTarget2} roleGuess={roleGuess} setRoleGuess={setRoleGuess} roleName={roleName}
          byStep={byStep}
        />
      ) : null}

      {view && view.phase.kind === 'night' ? <VictimListPanel key={nightKey} t={t} view={view} setup={setup} log={state.log} busy={busy} send={send} /> : null}

      {view && view.phase.kind === 'day' && setup?.options.nights !== false && view.nightSteps.length > 0 ? <MorningPanel t={t} view={view} log={state.log} /> : null}

      {view && view.phase.kind === 'day' ? (
        <>
          <ChoicePanel key={`choice:${phaseN}`} t={t} view={view} pending={pending} busy={busy} send={send} />
          <SilencePanel t={t} view={view} log={state.log} busy={busy} send={send} />
          <CirclePanel key={`circle:${phaseN}`} t={t} view={view} setup={setup} busy={busy} send={send} />
        </>
      ) : null}

      {view && view.phase.kind === 'day' ? <DayNotes t={t} view={view} /> : null}
      {view && view.phase.kind === 'day' ? <ResultsPanel t={t} log={state.log} /> : null}

      {view && mode === 'speech' && speaker !== null ? (
        <SpeechPanel t={t} view={view} speaker={speaker} picked={picked} nominatePending={nominatePending} busy={busy} send={send} />
      ) : null}
      {/* What the speaker says («Я — Комиссар»), marked by the host for him: the table sees it under his number. */}
      {view && talker !== null ? <StatementComposer key={`say:${talkKey}`} view={view} seat={talker} byHost send={async (c) => send(c)} /> : null}

      {view && mode === 'vote' && board ? <VoteBoardPanel t={t} view={view} board={board} currentCandidate={currentCandidate} setCandidate={setCandidate} /> : null}

      {view && mode === 'lift' && lift ? <LiftBoardPanel t={t} lift={lift} /> : null}

      {view && view.phase.kind !== 'ended' ? (
        <div data-testid={mode === 'night' ? 'act-target' : 'seat-board'}>
          <SeatGrid
            label={mode === 'night' ? t('act.target') : t('seats.title')}
            seats={seats}
            onSelect={tappable ? onSeat : undefined}
          />
        </div>
      ) : null}

      {view && mode === 'night' && actor ? (
        <div className="row">
          <Button data-testid="act-submit" variant="primary" disabled={busy || picked === null || (actor.needsTarget2 && target2 === null) || (actor.needsRole && roleGuess === null)} onClick={() => {
            if (picked === null) return;
            const c = actCommand(actor, picked, { target2, role: roleGuess });
            if (c) send(c);
          }}>
            {t('act.submit')}
          </Button>
          {actors.filter((a) => a.act === actor.act && !a.needsTarget2 && !a.needsRole).length > 1 ? (
            <Button data-testid="act-submit-all" disabled={busy || picked === null} onClick={() => {
              if (picked === null) return;
              const cmds = actors.filter((a) => a.act === actor.act && !a.needsTarget2 && !a.needsRole).map((a) => actCommand(a, picked)).filter((c): c is Command => c !== null);
              run(async () => {
                for (const c of cmds) await actions!.command(c);
              });
            }}>
              {t('act.submitAll', { n: actors.filter((a) => a.act === actor.act && !a.needsTarget2 && !a.needsRole).length })}
            </Button>
          ) : null}
        </div>
      ) : null}

      {mode === 'bestMove' && bestBy !== null ? (
        <section className="card stack" data-testid="best-move" aria-label={t('bestMove.title', { seat: bestBy })}>
          <span>{t('bestMove.title', { seat: bestBy })}</span>
          <Button data-testid="best-move-submit" disabled={busy || named.length !== 3} onClick={() => send({ type: 'bestMove', by: bestBy, named: parseSeats(named) })}>
            {t('bestMove.submit', { list: named.join(', ') || '—' })}
          </Button>
        </section>
      ) : null}

      {mode === 'rake' && rake ? <p data-testid="rake-hint">{t('rakeHint', { seat: rake.by })}</p> : null}

      {view && next ? (
        <div style={{ position: 'sticky', bottom: 0, paddingBottom: 8, background: 'var(--bg)', zIndex: 1 }}>
        <Button data-testid="host-next" data-command={next.type} variant="primary" size="large" block disabled={busy || locked || !actions} onClick={guard(() => send(next))}>
          {nextLabel(t, next, view)}
        </Button>
        </div>
      ) : null}

      {view && view.phase.kind === 'ended' ? <EndPanel t={t} view={view} roleName={roleName} /> : null}
      {view && view.phase.kind === 'ended' && actions?.nextGame && mayDealNextGame(state.you) ? <NextGameButton next={() => actions.nextGame!()} /> : null}
      {view && view.phase.kind === 'ended' && state.lobby ? <ProtocolButton code={state.lobby.code} game={state.lobby.game} roomKey={secrets().getHostKey(state.lobby.code)} /> : null}

      {view ? <SeatsPanel t={t} view={view} setup={setup} record={record} busy={busy} send={send} roleName={roleName} /> : null}

      {view && setup && isFiim(setup) ? <FiimPanel t={t} view={view} setup={setup} record={record} busy={busy} send={send} /> : null}

      {view ? <ToolsPanel t={t} view={view} busy={busy} send={send} /> : null}

      <SeatCodesPanel codes={state.seatCodes} />
      <HistoryPanel t={t} log={state.log} />
      {actions?.closeRoom && !state.lobby?.closed ? <CloseRoomPanel t={t} busy={busy || state.status !== 'open'} close={() => run(() => actions.closeRoom!())} /> : null}
    </div>
  );
}

/** The big button's words: the last word names its speaker (several may be owed one, each his own). */
function nextLabel(t: Tx, next: Command, view: GameView): string {
  if (next.type === 'rakeTakes') return t('next.rakeTakes', { seat: next.target });
  if (next.type === 'endLastWords') return t('next.endLastWords', { seat: view.day?.lastWords[0] ?? '' });
  return t(`next.${next.type}`);
}

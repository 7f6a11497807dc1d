import type { Command, GameView, Pending, RoleId } from '@mafia/engine';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName as presetRoleName } from '../../i18n/roleName';
import type { RoomState } from '../../net/client';
import { useCountdown } from '../../net/useCountdown';
import { asRefusal, type RefusalLike } from '../../i18n/refusals';
import { Button, mayDealNextGame, NextGameButton, Notice, ProtocolButton, SeatGrid, Timer, useLockout, type SeatInfo } from '../../ui';
import { secrets } from '../../net/secrets';
import { DayNotes, ResultsPanel } from './DayNotes';
import { describeEvent, tallyText } from './history';
import { beep, shouldBeep } from './beep';
import { ChoicePanel } from './ChoicePanel';
import { CirclePanel } from './CirclePanel';
import { SilencePanel } from './SilencePanel';
import { VictimListPanel } from './VictimListPanel';
import { SeatsPanel } from './SeatsPanel';
import { SeatSelect } from './SeatSelect';
import { FiimPanel } from './FiimPanel';
import { NightRecord } from './NightRecord';
import { CloseRoomPanel } from './CloseRoom';
import { fiimRecord, isFiim } from './fiim';
import {
  actCommand, history, isMorning, lastNight, liftBoard, nextCommand, nightDeaths, speechesToday, stepActors, strayActors,
  setupOf, targetable, voteBoard, type StepActor,
} from './logic';
import { ROLE_IDS, hostLines, scriptText, type Line } from './script';
import { effectiveEvents, loneNominee, skippedSpeeches } from '../../narrator/dayNews';
import { actsByStep, type StepAct } from './nightRecord';
import { VoiceSwitch, useHostVoice } from './voice';
import type { Speaker } from '../../narrator/speaker';
import { SeatCodesPanel } from '../admin/SeatCodesPanel';

/** What the console needs of a RoomClient (a fake in tests). */
export interface HostActions {
  command(cmd: Command): Promise<number>;
  timer(add: number): Promise<number>;
  start(): Promise<number>;
  /** Opens night step `step` on every screen (absent: the step stays on this console). */
  openStep?(step: number): Promise<number>;
  /** The next game at the same table, once this one has ended (absent: no button). */
  nextGame?(): Promise<number>;
  /** Closes the room for good (absent: no «Закрыть комнату»). */
  closeRoom?(): Promise<number>;
}

export type Tx = (key: string, opts?: Record<string, unknown>) => string;

/** The host console for a started (or starting) game: everything the human host needs at the table. */
export function HostConsole({ state, actions, voice: voiceOut }: { readonly state: RoomState; readonly actions: HostActions | null; readonly voice?: Speaker | null }) {
  const { t: tt } = useTranslation('host');
  const t = tt as unknown as Tx;
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
    else if (mode === 'vote' && currentCandidate !== null) send({ type: 'vote', by: seat as never, target: currentCandidate as never });
    else if (mode === 'lift') send({ type: 'liftVote', by: seat as never, leave: true });
    else if (mode === 'rake' && rake) send({ type: 'rakeTakes', by: rake.by, target: seat as never });
    else if (mode === 'bestMove') setNamed((n) => (n.includes(seat) ? n.filter((x) => x !== seat) : n.length < 3 ? [...n, seat] : n));
  };
  const allowed = view && mode === 'night' ? targetable(view, actor) : null;
  const voters = new Set(board?.notCast ?? []);
  const liftVoters = new Set(lift?.notCast ?? []);
  const seats: SeatInfo[] = (view?.seats ?? []).map((s) => {
    const note = [s.role ? roleName(s.role) : '', s.fouls > 0 ? t('seats.fouls', { n: s.fouls }) : ''].filter(Boolean).join(' · ');
    let st: SeatInfo['state'] = s.alive ? 'alive' : 'dead';
    if (mode === 'night') {
      if (picked === s.seat) st = 'selected';
      else if (allowed && !allowed.has(s.seat)) st = 'disabled';
    } else if (mode === 'speech') {
      if (picked === s.seat) st = 'selected';
      else if (!s.alive) st = 'disabled';
    } else if (mode === 'vote') {
      if (currentCandidate !== null && view?.day?.ballots[s.seat - 1] === currentCandidate) st = 'selected';
      else if (!voters.has(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'lift') {
      if (view?.day?.lift[s.seat - 1] === 1) st = 'selected';
      else if (!liftVoters.has(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'rake') {
      if (!rake?.among.includes(s.seat)) st = s.alive ? 'disabled' : 'dead';
    } else if (mode === 'bestMove') {
      if (named.includes(s.seat)) st = 'selected';
      else if (s.seat === bestBy) st = 'disabled';
    }
    return { seat: s.seat, name: s.name, state: st, note };
  });
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
            onClick={() => picked !== null && send({ type: 'nominate', by: speaker as never, target: picked as never })}
          >
            {picked !== null ? t('speech.accept', { seat: picked }) : t('speech.acceptNone')}
          </Button>
        </section>
      ) : null}

      {view && mode === 'vote' && board ? (
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
      ) : null}

      {view && mode === 'lift' && lift ? (
        <section className="card stack" data-testid="lift-board">
          <span>{t('vote.lift', { for: lift.for.length, against: lift.against.length, left: lift.notCast.length })}</span>
          <span className="muted">{t('vote.liftHint')}</span>
        </section>
      ) : null}

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
          <Button data-testid="best-move-submit" disabled={busy || named.length !== 3} onClick={() => send({ type: 'bestMove', by: bestBy, named: named as never })}>
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

/** What a tap on the main seat grid means now. */
export type GridMode = 'night' | 'speech' | 'vote' | 'lift' | 'rake' | 'bestMove' | 'none';

export function modeOf(view: GameView | null, pending: readonly Pending[] = []): GridMode {
  if (!view) return 'none';
  if (view.phase.kind === 'night') return 'night';
  if (view.phase.kind !== 'day' || !view.day) return 'none';
  if (view.day.stage === 'lastWords' && pending.some((p) => p.kind === 'bestMove')) return 'bestMove';
  switch (view.day.stage) {
    case 'rake':
      return 'rake';
    case 'speeches':
      return 'speech';
    case 'vote':
      return 'vote';
    case 'lift':
      return 'lift';
    default:
      return 'none';
  }
}

function NightPanel(p: {
  t: Tx; view: GameView; step: number; setStep: (n: number) => void; actors: StepActor[]; actor: StepActor | null; setActorSeat: (n: number) => void;
  picked: number | null; target2: number | null; setTarget2: (n: number | null) => void; roleGuess: RoleId | null; setRoleGuess: (r: RoleId | null) => void;
  roleName: (r: RoleId | undefined | null) => string; byStep: readonly (readonly StepAct[])[];
}) {
  const { t, view, step, actors, actor } = p;
  // Every act of the step is in once one stands for it (no actor is left to pick): «Все действия … получены».
  const stepDone = (p.byStep[step]?.length ?? 0) > 0;
  const total = view.nightSteps.length;
  return (
    <section className="card stack" data-testid="night-panel" aria-label={t('act.title')}>
      {total > 0 ? (
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <Button data-testid="step-prev" label={t('step.prev')} disabled={step <= 0} onClick={() => p.setStep(Math.max(0, step - 1))}>
            ‹
          </Button>
          <span data-testid="night-step" data-step={step}>
            {t('step.label', { n: step + 1, total })}
          </span>
          <Button data-testid="step-next" label={t('step.next')} disabled={step >= total - 1} onClick={() => p.setStep(Math.min(total - 1, step + 1))}>
            ›
          </Button>
        </div>
      ) : null}
      {actors.length === 0 ? <span className="muted" data-testid="step-status" data-done={stepDone}>{t(stepDone ? 'step.allIn' : 'step.none')}</span> : null}
      {actors.length > 0 ? (
        <div className="row" role="group" aria-label={t('act.title')}>
          {actors.map((a) => (
            <Button key={a.seat} data-testid={`act-actor-${a.seat}`} aria-pressed={actor?.seat === a.seat} variant={actor?.seat === a.seat ? 'primary' : 'default'} onClick={() => p.setActorSeat(a.seat)}>
              {t('act.actor', { seat: a.seat, role: p.roleName(a.role), act: t(`act.names.${a.act}`) })}
            </Button>
          ))}
        </div>
      ) : null}
      {actor?.needsTarget2 ? (
        <label className="field">
          <span>{t('act.target2')}</span>
          <select className="input" data-testid="act-target2" value={p.target2 ?? ''} onChange={(e) => p.setTarget2(e.target.value ? Number(e.target.value) : null)}>
            <option value="">—</option>
            {view.seats.filter((s) => s.alive).map((s) => (
              <option key={s.seat} value={s.seat}>
                {s.seat} {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {actor?.needsRole ? (
        <label className="field">
          <span>{t('act.role')}</span>
          <select className="input" data-testid="act-role" value={p.roleGuess ?? ''} onChange={(e) => p.setRoleGuess((e.target.value || null) as RoleId | null)}>
            <option value="">—</option>
            {ROLE_IDS.map((r) => (
              <option key={r} value={r}>
                {p.roleName(r)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <NightRecord t={t} view={view} byStep={p.byStep} step={step} roleName={p.roleName} />
    </section>
  );
}

function MorningPanel({ t, view, log }: { t: Tx; view: GameView; log: RoomState['log'] }) {
  if (!isMorning(view)) return null;
  const died = nightDeaths(view, log);
  const night = lastNight(log);
  const answers = night && night.n === (view.phase.kind === 'day' ? view.phase.n : -1) ? night.results : [];
  return (
    <section className="card stack" data-testid="morning" aria-label={t('morning.title')}>
      <strong>{t('morning.title')}</strong>
      <span data-testid="morning-died" data-seats={died ? died.join(',') : ''}>
        {died === null ? t('morning.unknown') : died.length > 0 ? t('morning.died', { seats: died.join(', № '), count: died.length }) : t('morning.nobody')}
      </span>
      {answers.map((r, i) => (
        <span key={i} className="muted">
          {t('morning.answer', { by: r.by, target: r.target, answer: t(`answers.${r.answer}`) })}
        </span>
      ))}
    </section>
  );
}

function ToolsPanel({ t, view, busy, send }: { t: Tx; view: GameView; busy: boolean; send: (c: Command) => void }) {
  const [seat, setSeat] = useState<number>(1);
  const [winner, setWinner] = useState<'town' | 'mafia' | 'draw'>('town');
  const target = view.seats[seat - 1];
  const confirm = () => globalThis.confirm?.(t('tools.confirm')) ?? true;
  return (
    <section className="card stack" aria-label={t('tools.title')}>
      <strong>{t('tools.title')}</strong>
      <Button data-testid="undo" disabled={busy} onClick={() => send({ type: 'undo', count: 1 })}>
        {t('tools.undo')}
      </Button>
      {view.phase.kind !== 'ended' ? (
        <>
          <div className="row">
            <SeatSelect label={t('tools.seat')} testId="override-seat" view={view} seat={seat} onChange={setSeat} />
            <Button data-testid="override-eliminate" disabled={busy || !target?.alive} onClick={() => confirm() && send({ type: 'override', action: { kind: 'eliminate', seat: seat as never } })}>
              {t('tools.eliminate')}
            </Button>
            <Button data-testid="override-revive" disabled={busy || target?.alive !== false} onClick={() => confirm() && send({ type: 'override', action: { kind: 'revive', seat: seat as never } })}>
              {t('tools.revive')}
            </Button>
          </div>
          <div className="row">
            <label className="field">
              <span>{t('tools.winner')}</span>
              <select className="input" data-testid="override-winner" value={winner} onChange={(e) => setWinner(e.target.value as typeof winner)}>
                {(['town', 'mafia', 'draw'] as const).map((w) => (
                  <option key={w} value={w}>
                    {t(`winners.${w}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button data-testid="override-end" variant="danger" disabled={busy} onClick={() => confirm() && send({ type: 'override', action: { kind: 'endGame', winner } })}>
              {t('tools.endGame')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

function EndPanel({ t, view, roleName }: { t: Tx; view: GameView; roleName: (r: RoleId | undefined) => string }) {
  const w = view.winner;
  const label = w === null ? '' : w === 'town' || w === 'mafia' || w === 'draw' ? t(`winners.${w}`) : roleName(w as RoleId);
  return (
    <section className="card stack" aria-label={t('end.title')}>
      <strong data-testid="winner" data-winner={w ?? ''} style={{ fontSize: '1.5rem' }}>
        {t('end.winner', { winner: label })}
      </strong>
      {view.winners.length > 0 ? <span>{t('end.winners', { seats: view.winners.join(', ') })}</span> : null}
      <strong>{t('end.roles')}</strong>
      <ul data-testid="all-roles">
        {view.seats.map((s) => (
          <li key={s.seat} data-role={s.role ?? ''}>
            {s.seat}. {s.name} — {roleName(s.role)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function HistoryPanel({ t, log }: { t: Tx; log: RoomState['log'] }) {
  const entries = useMemo(() => history(log, 8), [log]);
  const byName = (by: (typeof entries)[number]['by']) =>
    by === null ? '' : typeof by === 'number' ? t('history.by.seat', { seat: by }) : t(`history.by.${by}`);
  return (
    <section className="card stack" aria-label={t('history.title')} data-testid="history">
      <strong>{t('history.title')}</strong>
      {entries.length === 0 ? <span className="muted">{t('history.empty')}</span> : null}
      <ol reversed style={{ margin: 0, paddingLeft: 24 }}>
        {entries.map((e) => {
          const item = log.find((i) => i.seq === e.seq);
          let text = '';
          if (item?.kind === 'claim') text = t('history.claim', { seat: item.seat, name: item.name });
          else if (item?.kind === 'release') text = t('history.release', { seat: item.seat });
          else if (item?.kind === 'rename') text = t(item.held ? 'history.renameHeld' : 'history.rename', { seat: item.seat, name: item.name });
          else if (item?.kind === 'close') text = t('history.close');
          else if (item?.kind === 'timer') text = t('history.timer');
          else text = t('history.events', { by: byName(e.by), what: e.events.map((ev) => describeEvent(ev, t)).join('; ') || '—' });
          return (
            <li key={e.seq} value={e.seq}>
              {text}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The big button's words: the last word names its speaker (several may be owed one, each his own). */
function nextLabel(t: Tx, next: Command, view: GameView): string {
  if (next.type === 'rakeTakes') return t('next.rakeTakes', { seat: next.target });
  if (next.type === 'endLastWords') return t('next.endLastWords', { seat: view.day?.lastWords[0] ?? '' });
  return t(`next.${next.type}`);
}

/**
 * The full game's plan, as a pure function of what the host sees (the host's view and every seat's
 * pending decisions): which steps to take now. The town wins: each day the table votes out a mafia
 * member (the Don last), each night the mafia shoot a civilian, the Don checks the Commissar and
 * the Commissar checks a mafia member. Day 1 has two nominees (a single one would not be voted on,
 * R-VOTE-4), so it has a real vote; from day 2 a single nominee leaves without one.
 */
import type { GameView, Pending } from '@mafia/engine';

export type HostCommand = 'endNight' | 'endSpeech' | 'endLastWords' | 'closeVote';

export type Step =
  | { readonly kind: 'act'; readonly seat: number; readonly act: string; readonly target: number }
  | { readonly kind: 'nominate'; readonly seat: number; readonly target: number }
  | { readonly kind: 'vote'; readonly seat: number; readonly target: number }
  | { readonly kind: 'lift'; readonly seat: number; readonly leave: boolean }
  | { readonly kind: 'bestMove'; readonly seat: number; readonly named: readonly number[] }
  | { readonly kind: 'host'; readonly command: HostCommand };

const ACT_ORDER: Record<string, number> = { kill: 0, check: 1 };

/** Seats by role and team, from the host's view (the host sees every role). */
export function roster(view: GameView) {
  const alive = view.seats.filter((s) => s.alive);
  const mafia = alive.filter((s) => s.team === 'mafia').sort((a, b) => Number(a.role === 'don') - Number(b.role === 'don') || a.seat - b.seat);
  const town = alive.filter((s) => s.team !== 'mafia');
  // Solo shooters (the Maniac) are voted out after the mafia: the town does not win while one lives.
  const hostile = mafia.concat(alive.filter((s) => s.team === 'solo'));
  return { alive, mafia, town, hostile };
}

/** Today's nominee: an ordinary mafia member first, the Don last, then a solo player. */
export function todaysTarget(view: GameView): number | null {
  return roster(view).hostile[0]?.seat ?? null;
}

/**
 * The steps to take now, in order; [] when there is nothing to do (the game is over, or the engine
 * waits for something the plan does not do). Steps already sent (by key) are skipped.
 */
export function nextSteps(view: GameView, pending: readonly Pending[], sent: ReadonlySet<string> = new Set()): Step[] {
  const out: Step[] = [];
  const push = (s: Step) => {
    if (!sent.has(stepKey(view, s))) out.push(s);
  };
  if (view.phase.kind === 'ended') return out;
  const { mafia, town } = roster(view);

  if (view.phase.kind === 'night') {
    const acts = pending.filter((p): p is Extract<Pending, { kind: 'act' }> => p.kind === 'act').sort((a, b) => (ACT_ORDER[a.acts[0]!] ?? 9) - (ACT_ORDER[b.acts[0]!] ?? 9) || roleRank(view, a.seat) - roleRank(view, b.seat) || a.seat - b.seat);
    for (const p of acts) {
      const act = p.acts[0]!;
      const forbidden = new Set<number>(p.forbidden ?? []);
      const ok = (seat: number) => seat !== p.seat && !forbidden.has(seat);
      let target: number | undefined;
      if (act === 'kill') target = town.find((s) => s.role !== 'commissar' && ok(s.seat))?.seat ?? town.find((s) => ok(s.seat))?.seat;
      else if (roleOf(view, p.seat) === 'don') target = town.find((s) => s.role === 'commissar' && ok(s.seat))?.seat ?? town.find((s) => ok(s.seat))?.seat;
      else target = mafia.find((s) => ok(s.seat))?.seat;
      if (target !== undefined) push({ kind: 'act', seat: p.seat, act, target });
    }
    if (out.length === 0) push({ kind: 'host', command: 'endNight' });
    return out;
  }

  const day = view.day;
  if (!day) return out;
  const best = pending.find((p) => p.kind === 'bestMove');
  if (best) {
    push({ kind: 'bestMove', seat: best.seat, named: mafia.slice(0, 3).map((s) => s.seat).concat(town.filter((s) => s.seat !== best.seat).map((s) => s.seat)).slice(0, 3) });
    if (out.length > 0) return out;
  }
  switch (day.stage) {
    case 'lastWords':
      push({ kind: 'host', command: 'endLastWords' });
      break;
    case 'speeches': {
      const speaker = day.speaker;
      const canNominate = speaker !== null && pending.some((p) => p.kind === 'nominate' && p.seat === speaker);
      const nominated = new Set<number>(day.nominations.map(([, t]) => t));
      const target = todaysTarget(view);
      if (canNominate && target !== null) {
        if (!nominated.has(target) && speaker !== target) push({ kind: 'nominate', seat: speaker, target });
        else if (day.n === 1 && nominated.size < 2 && nominated.has(target)) {
          // Day 1: a second nominee (a civilian) so that there is a vote.
          const decoy = town.find((s) => s.seat !== speaker && s.role === 'civilian' && !nominated.has(s.seat));
          if (decoy) push({ kind: 'nominate', seat: speaker, target: decoy.seat });
        }
      }
      if (out.length === 0) push({ kind: 'host', command: 'endSpeech' });
      break;
    }
    case 'defence':
      push({ kind: 'host', command: 'endSpeech' });
      break;
    case 'vote': {
      const target = todaysTarget(view);
      for (const p of pending) if (p.kind === 'vote') push({ kind: 'vote', seat: p.seat, target: target !== null && (p.candidates as readonly number[]).includes(target) ? target : p.candidates[0]! });
      if (out.length === 0) push({ kind: 'host', command: 'closeVote' });
      break;
    }
    case 'lift':
      for (const p of pending) if (p.kind === 'liftVote') push({ kind: 'lift', seat: p.seat, leave: true });
      if (out.length === 0) push({ kind: 'host', command: 'closeVote' });
      break;
    default:
      break;
  }
  return out;
}

const roleOf = (view: GameView, seat: number) => view.seats[seat - 1]?.role;
const roleRank = (view: GameView, seat: number) => (roleOf(view, seat) === 'don' ? 1 : roleOf(view, seat) === 'commissar' ? 2 : 0);

/** A step's identity within the current phase and day stage (so a step is sent once). */
export function stepKey(view: GameView, s: Step): string {
  const where = view.phase.kind === 'ended' ? 'end' : `${view.phase.kind}${view.phase.n}:${view.day?.stage ?? ''}:${view.day?.round ?? ''}:${view.day?.speaker ?? ''}:${view.day?.lastWords.join(',') ?? ''}:${view.day?.candidates.join(',') ?? ''}`;
  switch (s.kind) {
    case 'host':
      return `${where}:host:${s.command}`;
    case 'act':
      return `${where}:act:${s.seat}:${s.act}`;
    default:
      return `${where}:${s.kind}:${s.seat}`;
  }
}

/** The engine command a step stands for (for the host's own connection). */
export function commandOf(s: Step): Record<string, unknown> {
  switch (s.kind) {
    case 'act':
      return { type: 'act', by: s.seat, act: s.act, target: s.target };
    case 'nominate':
      return { type: 'nominate', by: s.seat, target: s.target };
    case 'vote':
      return { type: 'vote', by: s.seat, target: s.target };
    case 'lift':
      return { type: 'liftVote', by: s.seat, leave: s.leave };
    case 'bestMove':
      return { type: 'bestMove', by: s.seat, named: [...s.named] };
    case 'host':
      return { type: s.command };
  }
}

/**
 * The night step (index into view.nightSteps) in which a seat of `role` makes `act`: the step that
 * wakes his role for that act, else the first step with that act (as every phone computes it).
 */
export function stepOfAct(steps: GameView['nightSteps'], role: string, act: string): number {
  const own = steps.findIndex((s) => (s.wake as readonly string[]).includes(role) && (s.acts as readonly string[]).includes(act));
  if (own >= 0) return own;
  const any = steps.findIndex((s) => (s.acts as readonly string[]).includes(act));
  return any >= 0 ? any : steps.length - 1;
}

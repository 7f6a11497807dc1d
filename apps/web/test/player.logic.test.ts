import { ALL_ROLE_IDS, pendingDecisions, project, seatNo, type Game, type GameView, type Pending } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { newGame, run, until } from './classicGame';
import { actCommand, cardOf, dayControls, isSpectator, nightClock, nightDecision, partnersOf, ROLE_IDS, screenOf, stepOfAct, toggleSeat } from '../src/screens/player/logic';
import { answerKey } from '../src/screens/player/RoleCard';

/** What the server sends seat `seat`: its view and only its own pending decisions. */
function seen(g: Game, seat: number): { view: GameView; pending: Pending[] } {
  return { view: project(g.state, { kind: 'seat', seat: seatNo(seat) }), pending: pendingDecisions(g.state).filter((p) => p.seat === seat) };
}

describe('player logic', () => {
  it('keeps its copy of the role ids equal to the engine (no value import in the bundle)', () => {
    expect([...ROLE_IDS]).toEqual([...ALL_ROLE_IDS]);
  });

  it('the night steps are the same for everyone, and whether a step is real or a decoy follows the pending act only', () => {
    const g = until(newGame(), 'night', 2);
    const steps = seen(g, 1).view.nightSteps;
    expect(steps.map((s) => s.acts)).toEqual([['kill'], ['check'], ['check']]);
    for (let s = 2; s <= 10; s++) expect(seen(g, s).view.nightSteps).toEqual(steps);
    const kinds = (seat: number) => [0, 1, 2].map((k) => {
      const { view, pending } = seen(g, seat);
      const d = nightDecision(view, pending, seat, k);
      return d.kind === 'real' ? d.act : d.kind;
    });
    expect(kinds(1)).toEqual(['kill', 'check', 'decoy']); // the Don shoots with the mafia, then checks
    expect(kinds(2)).toEqual(['kill', 'decoy', 'decoy']);
    expect(kinds(4)).toEqual(['decoy', 'decoy', 'check']); // the Commissar
    expect(kinds(5)).toEqual(['decoy', 'decoy', 'decoy']); // a civilian: every step, same controls
  });

  it('an act already made turns its step into a decoy; a dead seat and the day have no night controls', () => {
    let g = until(newGame(), 'night', 2);
    g = run(g, { type: 'act', by: seatNo(1), act: 'kill', target: seatNo(5) }, 1);
    const { view, pending } = seen(g, 1);
    expect(nightDecision(view, pending, 1, 0).kind).toBe('decoy');
    expect(nightDecision(view, pending, 1, 1)).toMatchObject({ kind: 'real', act: 'check' });
    for (const s of [2, 3]) g = run(g, { type: 'act', by: seatNo(s), act: 'kill', target: seatNo(5) }, s);
    g = until(g, 'night', 3);
    const dead = seen(g, 5);
    expect(dead.view.me?.alive).toBe(false);
    expect(nightDecision(dead.view, dead.pending, 5, 0)).toEqual({ kind: 'none' });
    const day = seen(until(newGame(), 'day', 1), 1);
    expect(nightDecision(day.view, day.pending, 1, 0)).toEqual({ kind: 'none' });
  });

  it("an act's step: the one that wakes the role for it, else the first with the act, else the last", () => {
    const steps = [
      { wake: ['mafia', 'don'] as const, acts: ['kill'] as const, note: '' },
      { wake: ['don'] as const, acts: ['check'] as const, note: '' },
      { wake: ['commissar'] as const, acts: ['check'] as const, note: '' },
    ].map((s) => ({ wake: [...s.wake], acts: [...s.acts], note: s.note }));
    expect(stepOfAct(steps, 'don', 'kill')).toBe(0);
    expect(stepOfAct(steps, 'don', 'check')).toBe(1);
    expect(stepOfAct(steps, 'commissar', 'check')).toBe(2);
    expect(stepOfAct(steps, 'student', 'check')).toBe(1); // took over a checker's ability: the first check step
    expect(stepOfAct(steps, 'doctor', 'heal')).toBe(2); // no step at all: the last one
  });

  it('the step comes from the night timer alone (the shared clock), in equal slices', () => {
    const { view } = seen(until(newGame(), 'night', 2), 5);
    const timer = { kind: 'night' as const, started: 1_000, deadline: 31_000 };
    expect(nightClock(view, timer, 1_000).step).toBe(0);
    expect(nightClock(view, timer, 10_999).step).toBe(0);
    expect(nightClock(view, timer, 11_000).step).toBe(1);
    expect(nightClock(view, timer, 21_000).step).toBe(2);
    expect(nightClock(view, timer, 99_000)).toMatchObject({ step: 2, leftInStep: 0 });
    expect(nightClock(view, timer, 16_000).leftInStep).toBe(5_000);
    // Not a night timer: step 0 of the night (no slices).
    expect(nightClock(view, { kind: 'speech', started: 0, deadline: 60_000 }, 30_000).step).toBe(0);
  });

  it('builds the act command only when the choice is complete', () => {
    const real = { kind: 'real' as const, act: 'check' as const, forbidden: [], needsTarget2: false, needsRole: false };
    expect(actCommand(4, real, 7, null, null)).toEqual({ type: 'act', by: 4, act: 'check', target: 7 });
    expect(actCommand(4, real, null, null, null)).toBeNull();
    expect(actCommand(4, { kind: 'decoy' }, 7, null, null)).toBeNull();
    const compare = { ...real, act: 'compare' as const, needsTarget2: true };
    expect(actCommand(4, compare, 7, null, null)).toBeNull();
    expect(actCommand(4, compare, 7, 8, null)).toEqual({ type: 'act', by: 4, act: 'compare', target: 7, target2: 8 });
    const guess = { ...real, act: 'guess' as const, needsRole: true };
    expect(actCommand(4, guess, 7, null, null)).toBeNull();
    expect(actCommand(4, guess, 7, null, 'doctor')).toEqual({ type: 'act', by: 4, act: 'guess', target: 7, role: 'doctor' });
  });

  it('the card and the partners come from the current view only', () => {
    const g = until(newGame(), 'night', 2);
    expect(cardOf(seen(g, 2).view)).toEqual({ role: 'mafia', team: 'mafia' });
    expect(partnersOf(seen(g, 2).view)).toEqual([{ seat: 1, role: 'don' }, { seat: 3, role: 'mafia' }]);
    expect(partnersOf(seen(g, 4).view)).toEqual([]);
    expect(partnersOf(seen(g, 5).view)).toEqual([]);
    // Seat 2 is shot: his (spectator's) view shows no partner any more.
    let h = g;
    for (const s of [1, 2, 3]) h = run(h, { type: 'act', by: seatNo(s), act: 'kill', target: seatNo(2) }, s);
    h = until(h, 'day', 2);
    const dead = seen(h, 2).view;
    expect(isSpectator(dead)).toBe(true);
    expect(cardOf(dead)).toEqual({ role: 'mafia', team: 'mafia' });
    expect(partnersOf(dead)).toEqual([]);
    expect(dead.seats.filter((s) => s.seat !== 2 && s.role !== undefined)).toEqual([]);
    expect(isSpectator(seen(h, 1).view)).toBe(false);
  });

  it('what the day lets this seat do', () => {
    let g = until(newGame(), 'day', 1);
    const one = seen(g, 1);
    expect(screenOf(one.view)).toBe('day');
    expect(dayControls(one.view, one.pending, 1, 'human')).toMatchObject({ speaker: 1, mySpeech: true, nominate: true, endSpeech: false, vote: null, lift: false, bestMove: false, endLastWords: false, fouls: 0 });
    expect(dayControls(one.view, one.pending, 1, 'app').endSpeech).toBe(true);
    expect(dayControls(one.view, one.pending, 1, 'online').endSpeech).toBe(true);
    const two = seen(g, 2);
    expect(dayControls(two.view, two.pending, 2, 'online')).toMatchObject({ speaker: 1, mySpeech: false, nominate: false, endSpeech: false });
    // Seat 1 nominates 5, seat 2 nominates 7; every speech ends: the vote opens.
    g = run(g, { type: 'nominate', by: seatNo(1), target: seatNo(5) }, 1);
    g = run(g, { type: 'foul', seat: seatNo(3) });
    g = run(g, { type: 'endSpeech' });
    g = run(g, { type: 'nominate', by: seatNo(2), target: seatNo(7) }, 2);
    while (g.state.day?.stage === 'speeches' || g.state.day?.stage === 'defence') g = run(g, { type: 'endSpeech' });
    const v3 = seen(g, 3);
    expect(g.state.day?.stage).toBe('vote');
    const c3 = dayControls(v3.view, v3.pending, 3, 'human');
    expect(c3.fouls).toBe(1);
    expect(v3.pending.map((p) => p.kind)).toContain('vote');
    expect(c3.vote).not.toBeNull();
    expect([...c3.vote!].sort()).toEqual(v3.view.day!.candidates.slice().sort());
  });

  it('lift vote, best move and last words follow the pending decisions and the stage', () => {
    const { view } = seen(until(newGame(), 'day', 1), 6);
    const lift: Pending[] = [{ kind: 'liftVote', seat: seatNo(6) }];
    expect(dayControls(view, lift, 6, 'human').lift).toBe(true);
    expect(dayControls(view, lift, 7, 'human').lift).toBe(false); // someone else's entry is not mine
    const best: Pending[] = [{ kind: 'bestMove', seat: seatNo(6) }];
    expect(dayControls(view, best, 6, 'human').bestMove).toBe(true);
    // Seat 6's view during his last word, as the engine projects it: it carries his own-turn effect.
    const lastWords = { ...view, day: { ...view.day!, stage: 'lastWords' as const, speaker: null, lastWords: [seatNo(6)] }, ownTurn: 'endLastWords' as const };
    expect(dayControls(lastWords, [], 6, 'app').endLastWords).toBe(true);
    expect(dayControls(lastWords, [], 6, 'human').endLastWords).toBe(false);
    expect(dayControls(lastWords, [], 7, 'app').endLastWords).toBe(false);
    const rake: Pending[] = [{ kind: 'rakeTake', seat: seatNo(6), candidates: [seatNo(2), seatNo(3)] }];
    expect(dayControls(view, rake, 6, 'human').extra).toEqual({ kind: 'rakeTake', candidates: [2, 3] });
    expect(dayControls(view, [], 6, 'human').extra).toBeNull();
  });

  it('picks at most 3 seats for the best move, and a tap again takes one back', () => {
    expect(toggleSeat([], 4, 3)).toEqual([4]);
    expect(toggleSeat([4, 5, 6], 7, 3)).toEqual([4, 5, 6]);
    expect(toggleSeat([4, 5, 6], 5, 3)).toEqual([4, 6]);
  });

  it('words a check by who asked', () => {
    expect(answerKey('check', 'yes', 'commissar')).toBe('mafia');
    expect(answerKey('check', 'no', 'commissar')).toBe('notMafia');
    expect(answerKey('check', 'yes', 'don')).toBe('commissar');
    expect(answerKey('check', 'no', 'don')).toBe('notCommissar');
    expect(answerKey('compare', 'same', 'journalist')).toBe('same');
    expect(answerKey('check', 'dead', 'commissar')).toBe('dead');
  });
});

import { nextHostCommand } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { shouldBeep } from '../src/screens/host/beep';
import { modeOf } from '../src/screens/host/Console';
import {
  actCommand, circleChoice, effectiveEvents, history, liftBoard, nextCommand, nightDeaths, recordedActs, recordedVictimList, setupOf, speechesToday, stepActors, strayActors,
  victimListOpen, voteBoard, widowSilenced,
} from '../src/screens/host/logic';
import { HostGame, nightTwo, S, TABLE10 } from './hostGame';

describe('host: the next command', () => {
  it('is the engine next host command at every step of a game', () => {
    const g = nightTwo();
    const seen = new Set<string>();
    const check = () => {
      const mine = nextCommand(g.view);
      expect(mine).toEqual(nextHostCommand(g.game.state));
      if (mine) seen.add(mine.type);
    };
    check();
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(7) }, { type: 'act', by: S(5), act: 'kill', target: S(7) }, { type: 'act', by: S(8), act: 'kill', target: S(7) });
    check();
    g.run({ type: 'endNight' });
    check(); // last words of seat 7
    g.run({ type: 'endLastWords' });
    check();
    g.run({ type: 'nominate', by: S(g.view.day!.speaker!), target: S(6) });
    let guard = 0;
    while (g.view.day?.stage === 'speeches' || g.view.day?.stage === 'defence') {
      g.run({ type: 'endSpeech' });
      check();
      const d = g.view.day;
      if (d.stage === 'speeches' && d.speaker !== null && d.nominations.length === 1 && d.speaker !== 4) g.run({ type: 'nominate', by: S(d.speaker), target: S(4) });
      if (++guard > 30) throw new Error('no vote');
    }
    expect(g.view.day?.stage).toBe('vote');
    check();
    g.run({ type: 'closeVote' });
    check();
    expect(seen.has('endNight') && seen.has('endLastWords') && seen.has('endSpeech') && seen.has('closeVote')).toBe(true);
    g.run({ type: 'override', action: { kind: 'endGame', winner: 'town' } });
    expect(nextCommand(g.view)).toBeNull();
    expect(nextCommand(null)).toBeNull();
  });

  it('the grid mode follows the phase and the stage', () => {
    const g = nightTwo();
    expect(modeOf(g.view)).toBe('night');
    g.run({ type: 'endNight' });
    expect(modeOf(g.view)).toBe('speech');
    expect(modeOf(null)).toBe('none');
  });
});

describe('host: night inputs', () => {
  it('each step lists the open acts of the seats it wakes', () => {
    const g = nightTwo();
    expect(stepActors(g.view, g.pending, 0).map((a) => [a.seat, a.act])).toEqual([[2, 'kill'], [5, 'kill'], [8, 'kill']]);
    expect(stepActors(g.view, g.pending, 1).map((a) => [a.seat, a.act])).toEqual([[5, 'check']]);
    expect(stepActors(g.view, g.pending, 2).map((a) => [a.seat, a.act])).toEqual([[3, 'check']]);
    expect(strayActors(g.view, g.pending)).toEqual([]);
    // Once recorded, an act leaves its step; the log shows it.
    g.run({ type: 'act', by: S(5), act: 'kill', target: S(3) });
    expect(stepActors(g.view, g.pending, 0).map((a) => a.seat)).toEqual([2, 8]);
    expect(stepActors(g.view, g.pending, 1).map((a) => a.seat)).toEqual([5]);
    expect(recordedActs(g.log, 2)).toEqual([{ by: 5, act: 'kill', target: 3 }]);
    expect(recordedActs(g.log, 1)).toEqual([]);
  });

  it('the act command carries the seat, the act and the target; target2 and role only when needed', () => {
    const actor = { seat: S(3), role: 'commissar' as const, act: 'check' as const, forbidden: [], needsTarget2: false, needsRole: false };
    expect(actCommand(actor, 5)).toEqual({ type: 'act', by: 3, act: 'check', target: 5 });
    const compare = { ...actor, act: 'compare' as const, needsTarget2: true };
    expect(actCommand(compare, 5)).toBeNull();
    expect(actCommand(compare, 5, { target2: 6 })).toEqual({ type: 'act', by: 3, act: 'compare', target: 5, target2: 6 });
    const guess = { ...actor, act: 'guess' as const, needsRole: true };
    expect(actCommand(guess, 5, { role: 'don' })).toEqual({ type: 'act', by: 3, act: 'guess', target: 5, role: 'don' });
    // The engine accepts what the console builds.
    const g = nightTwo();
    const cmd = actCommand(stepActors(g.view, g.pending, 2)[0]!, 5)!;
    g.run(cmd);
    expect(stepActors(g.view, g.pending, 2)).toEqual([]);
  });

  it('the morning knows who left from the log, else from the last words owed', () => {
    const g = nightTwo();
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(7) }, { type: 'act', by: S(5), act: 'kill', target: S(7) }, { type: 'act', by: S(8), act: 'kill', target: S(7) }, { type: 'endNight' });
    expect(nightDeaths(g.view, g.log)).toEqual([7]);
    expect(nightDeaths(g.view, [])).toEqual([7]);
    g.run({ type: 'endLastWords' });
    expect(nightDeaths(g.view, g.log)).toEqual([7]);
    expect(nightDeaths(g.view, [])).toBeNull();
    expect(speechesToday(g.log)).toBe(0);
    g.run({ type: 'endSpeech' });
    expect(speechesToday(g.log)).toBe(1);
    expect(speechesToday([])).toBeNull();
  });
});

describe('host: the vote', () => {
  it('shows votes per candidate and the votes not cast yet', () => {
    const g = nightTwo();
    g.run({ type: 'endNight' }); // a miss: nobody died
    expect(g.view.day!.speaker).toBe(2);
    g.run({ type: 'nominate', by: S(2), target: S(6) });
    g.run({ type: 'endSpeech' });
    g.run({ type: 'nominate', by: S(g.view.day!.speaker!), target: S(4) });
    while (g.view.day!.stage !== 'vote') g.run({ type: 'endSpeech' });
    let b = voteBoard(g.view, g.pending)!;
    expect(b.candidates.map((c) => [c.seat, c.votes])).toEqual([[6, 0], [4, 0]]);
    expect(b.notCast.length).toBe(10);
    expect(b.last).toBe(4);
    g.run({ type: 'vote', by: S(1), target: S(6) }, { type: 'vote', by: S(3), target: S(6) }, { type: 'vote', by: S(6), target: S(4) });
    b = voteBoard(g.view, g.pending)!;
    expect(b.candidates.map((c) => [c.seat, c.votes, c.voters])).toEqual([[6, 2, [1, 3]], [4, 1, [6]]]);
    expect(b.notCast).toEqual([2, 4, 5, 7, 8, 9, 10]);
    g.run({ type: 'closeVote' });
    // The 7 votes not cast went to the last candidate (the engine decided): 4 leaves.
    expect(g.view.seats[3]!.alive).toBe(false);
  });

  it('the lift vote board counts for and against', () => {
    const g = nightTwo();
    g.run({ type: 'endNight' });
    g.run({ type: 'nominate', by: S(g.view.day!.speaker!), target: S(6) });
    g.run({ type: 'endSpeech' });
    g.run({ type: 'nominate', by: S(g.view.day!.speaker!), target: S(4) });
    while (g.view.day!.stage !== 'vote') g.run({ type: 'endSpeech' });
    const tie = () => {
      for (const s of [1, 2, 3, 5, 7]) g.run({ type: 'vote', by: S(s), target: S(6) });
      for (const s of [4, 6, 8, 9, 10]) g.run({ type: 'vote', by: S(s), target: S(4) });
      if (g.view.day!.stage === 'vote') g.run({ type: 'closeVote' });
    };
    const stage = (): string => g.view.day!.stage;
    tie();
    while (stage() === 'defence') g.run({ type: 'endSpeech' });
    tie();
    while (stage() === 'defence') g.run({ type: 'endSpeech' });
    expect(stage()).toBe('lift');
    g.run({ type: 'liftVote', by: S(1), leave: true }, { type: 'liftVote', by: S(2), leave: false });
    const l = liftBoard(g.view, g.pending)!;
    expect(l.for).toEqual([1]);
    expect(l.against).toEqual([2]);
    expect(l.notCast).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(nextCommand(g.view)).toEqual({ type: 'closeVote' });
  });
});

describe('host: history and the 10-second beep', () => {
  it('history lists the last entries, newest first', () => {
    const g = nightTwo();
    const h = history(g.log, 3);
    expect(h.map((e) => e.seq)).toEqual([g.log.length, g.log.length - 1, g.log.length - 2]);
    expect(h[0]!.events.some((e) => e.type === 'NightStarted')).toBe(true);
  });

  it('beeps once when the countdown crosses 10 s', () => {
    expect(shouldBeep(10_400, 9_900)).toBe(true);
    expect(shouldBeep(9_900, 9_600)).toBe(false);
    expect(shouldBeep(null, 9_000)).toBe(false);
    expect(shouldBeep(30_000, 0)).toBe(false);
    expect(shouldBeep(12_000, 11_000)).toBe(false);
  });
});

/** E10 (extended): mafia 2, 5, Lawyer 6, Black Widow 7; Commissar 3; Doctor 4; Girl 8; civilians 1, 9, 10. */
const E10 = ['civilian', 'mafia', 'commissar', 'doctor', 'mafia', 'lawyer', 'black-widow', 'girl', 'civilian', 'civilian'];

describe('host: the inputs of presets and modifications, read from the view and the log', () => {
  it('the events in effect leave out what an undo took back, as the engine does', () => {
    const g = new HostGame('classic', TABLE10, undefined, ['victim-list']);
    g.run({ type: 'victimList', seats: [S(4)] }, { type: 'victimList', seats: [S(6), S(7)] });
    expect(recordedVictimList(g.log)).toEqual([6, 7]);
    g.run({ type: 'undo', count: 1 });
    expect(recordedVictimList(g.log)).toEqual([4]);
    expect(effectiveEvents(g.log).map((e) => e.type)).toEqual(['GameCreated', 'NightStarted', 'VictimListSet']);
  });

  it('the setup (options, modifications) comes from the log\'s GameCreated', () => {
    expect(setupOf([])).toBeNull();
    const g = new HostGame('extended', E10, undefined, ['name-in-blood']);
    expect(setupOf(g.log)?.options.voting).toBe('circular');
    expect(setupOf(g.log)?.modifications).toEqual(['name-in-blood']);
    expect(victimListOpen(g.view, setupOf(g.log))).toBe(false);
    const v = new HostGame('classic', TABLE10, undefined, ['victim-list']);
    expect(victimListOpen(v.view, setupOf(v.log))).toBe(true);
  });

  it('the circle may be chosen until the first ballot of the day, in circular voting only', () => {
    const g = new HostGame('extended', E10).run({ type: 'endNight' });
    expect(circleChoice(g.view, setupOf(g.log))).toEqual({ from: 1, dir: 'up' });
    g.run({ type: 'circle', from: S(3), dir: 'down' });
    expect(circleChoice(g.view, setupOf(g.log))).toEqual({ from: 3, dir: 'down' });
    while (g.view.day?.stage === 'speeches') g.run({ type: 'endSpeech' });
    expect(circleChoice(g.view, setupOf(g.log))).toEqual({ from: 3, dir: 'down' });
    g.run({ type: 'vote', by: S(1), target: S(2) });
    expect(circleChoice(g.view, setupOf(g.log))).toBeNull();
    const c = new HostGame().run({ type: 'endNight' });
    expect(circleChoice(c.view, setupOf(c.log))).toBeNull();
  });

  it('the Black Widow\'s silenced seat is open until marked; an undo opens it again; it ends with the day', () => {
    const g = new HostGame('extended', E10, { voting: 'sequential' }).run({ type: 'endNight' }).passDay();
    expect(widowSilenced(g.view, g.log)).toEqual({ open: [], marked: [] });
    g.run({ type: 'act', by: S(7), act: 'silence', target: S(4) }, { type: 'endNight' });
    expect(widowSilenced(g.view, g.log)).toEqual({ open: [4], marked: [] });
    g.run({ type: 'silenceBroken', seat: S(4) });
    expect(widowSilenced(g.view, g.log)).toEqual({ open: [], marked: [4] });
    g.run({ type: 'undo', count: 1 });
    expect(widowSilenced(g.view, g.log)).toEqual({ open: [4], marked: [] });
    g.passDay();
    expect(widowSilenced(g.view, g.log)).toEqual({ open: [], marked: [] });
  });
});

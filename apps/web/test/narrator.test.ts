import { createGame, nextHostCommand, project, transition, type Command, type Game, type GameView } from '@mafia/engine';
import { commandSchema, type TimerView } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import { advance, beatOf, interrupts, lineText, linesBetween, narrate, type Beat, type Line, type NarratorInput } from '../src/narrator/lines.js';
import { createI18n } from '../src/i18n/index.js';
import { wordsOf } from './typed';

const SPECTATOR = { kind: 'spectator' } as const;
const ROLES = ['don', 'mafia', 'civilian', 'commissar', 'civilian', 'mafia', 'civilian', 'civilian', 'civilian', 'civilian'];
const NIGHT_MS = 30_000;

/**
 * A classic game driven through the real engine, seen as a spectator (project), with the timers the
 * server would send; the narrator follows it the way the table screen does: a beat on every update
 * and on every tick.
 */
class Table {
  game: Game;
  now = 1_000_000;
  timer: TimerView | null = null;
  prev: Beat | null = null;
  said: Line[] = [];
  constructor(options: Record<string, unknown> = {}) {
    const t = createGame({ preset: 'classic', roles: ROLES, seed: 1, options });
    if (!t.ok) throw new Error(t.error.message);
    this.game = t.game;
    this.retime();
  }
  view(): GameView {
    return project(this.game.state, SPECTATOR);
  }
  input(): NarratorInput {
    return { view: this.view(), timer: this.timer };
  }
  /** The server's timer for the step now (a new step starts a new timer). */
  retime(): void {
    const p = this.game.state.phase;
    if (p.kind === 'night') this.timer = { kind: 'night', started: this.now, deadline: this.now + NIGHT_MS };
    else if (p.kind === 'day') this.timer = { kind: this.game.state.day?.stage === 'vote' ? 'vote' : 'speech', started: this.now, deadline: this.now + 60_000 };
    else this.timer = null;
  }
  /** One look: the lines between the last look and now. */
  look(): Line[] {
    const { lines, beat } = advance(this.prev, beatOf(this.input(), this.now));
    this.prev = beat;
    this.said.push(...lines);
    return lines;
  }
  run(command: Command, actor?: { kind: 'seat'; seat: number }): Line[] {
    const t = transition(this.game, command, actor as never);
    if (!t.ok) throw new Error(`${JSON.stringify(command)}: ${t.error.code} ${t.error.message}`);
    const before = JSON.stringify([this.game.state.phase, this.game.state.day?.stage, this.game.state.day?.speakerIndex, this.game.state.day?.round]);
    this.game = t.game;
    const after = JSON.stringify([this.game.state.phase, this.game.state.day?.stage, this.game.state.day?.speakerIndex, this.game.state.day?.round]);
    if (before !== after) this.retime();
    return this.look();
  }
  host(): Line[] {
    const c = nextHostCommand(this.game.state);
    if (!c) throw new Error('game over');
    return this.run(c);
  }
  /** Lets `ms` pass, looking every 250 ms like the screen. */
  wait(ms: number): Line[] {
    const out: Line[] = [];
    for (let t = 0; t < ms; t += 250) {
      this.now += Math.min(250, ms - t);
      out.push(...this.look());
    }
    return out;
  }
}

const keys = (lines: readonly Line[]) => lines.map((l) => (l.seats ? `${l.key}:${l.seats.join(',')}` : l.roles ? `${l.key}:${l.roles.join(',')}` : l.key));

const seat = (n: number) => ({ kind: 'seat', seat: n }) as const;
/** A command written as a client sends it (plain seat numbers), parsed at the protocol's edge as the server does. */
const cmd = (c: unknown): Command => commandSchema.parse(c);

/** Day 1 of the game: speeches with two nominations, defence, a vote, the last words. */
function playDay1(g: Table): string[] {
  const said: string[] = [];
  while (g.game.state.day?.stage === 'speeches') {
    const sp = g.game.state.day.speakers[g.game.state.day.speakerIndex]!;
    if (sp === 1) said.push(...keys(g.run(cmd({ type: 'nominate', by: 1, target: 7 }), seat(1))));
    if (sp === 2) said.push(...keys(g.run(cmd({ type: 'nominate', by: 2, target: 8 }), seat(2))));
    said.push(...keys(g.host()));
  }
  while (g.game.state.day?.stage === 'defence') said.push(...keys(g.host()));
  for (let s = 1; s <= 10; s++) said.push(...keys(g.run(cmd({ type: 'vote', by: s, target: s <= 6 ? 7 : 8 }), seat(s))));
  return said;
}

describe('the narrator: a whole classic night and day (R-NIGHT-1, R-NIGHT-4)', () => {
  it('says the host\'s lines from the start through night 1, day 1, night 2 and the morning news', () => {
    const g = new Table();
    // The game starts while the screen watches the lobby.
    g.prev = beatOf({ view: null, timer: null }, g.now);
    expect(keys(g.look())).toEqual(['citySleeps', 'wakeMafia']);
    // Night 1 (introduction): each step of view.nightSteps in its slice of the 30 s night timer.
    expect(g.view().nightSteps.map((s) => s.wake.join('+'))).toEqual(['mafia+don', 'don', 'commissar']);
    expect(keys(g.wait(9_750))).toEqual([]);
    expect(keys(g.wait(250))).toEqual(['sleepMafia', 'wakeRole:don']);
    expect(keys(g.wait(10_000))).toEqual(['sleepRole:don', 'wakeRole:commissar']);
    expect(keys(g.wait(10_000))).toEqual(['sleepRole:commissar']);
    expect(keys(g.wait(1_000))).toEqual([]);
    // The server ends the night on its timer: the city wakes, nobody died, seat 1 speaks.
    expect(keys(g.host())).toEqual(['cityWakes', 'newsNobody', 'speech:1']);
    expect(playDay1(g)).toEqual([
      'accepted:7', 'speech:2', 'accepted:8', 'speech:3', 'speech:4', 'speech:5', 'speech:6', 'speech:7', 'speech:8', 'speech:9', 'speech:10',
      'defence:7', 'defence:8', 'vote', 'nominees:7,8', 'left:7', 'lastWords:7',
    ]);
    expect(keys(g.host())).toEqual(['citySleeps', 'wakeMafia']);
    // Night 2: the acts reach the spectator as nothing at all, so they change nothing said.
    for (const m of [1, 2, 6]) expect(keys(g.run(cmd({ type: 'act', by: m, act: 'kill', target: 5 }), seat(m)))).toEqual([]);
    expect(keys(g.wait(NIGHT_MS - 1_000))).toEqual(['sleepMafia', 'wakeRole:don', 'sleepRole:don', 'wakeRole:commissar']);
    // The night ends before the screen's last tick: the last step's sleep line comes first.
    expect(keys(g.host())).toEqual(['sleepRole:commissar', 'cityWakes', 'newsKilled:5', 'lastWords:5']);
    // Day 2 opens at the next seat after day 1's first speaker (R-PHASE-2).
    expect(keys(g.host())).toEqual(['speech:2']);
    expect(g.said.filter((l) => l.key === 'left' || l.key.startsWith('news')).map((l) => `${l.key}:${l.seats?.join(',') ?? ''}`)).toEqual(['newsNobody:', 'left:7', 'newsKilled:5']);
  });

  it('a night says the same whether or not anybody acts (R-NIGHT-4)', () => {
    const night2 = (acts: boolean) => {
      const g = new Table();
      g.look();
      g.wait(NIGHT_MS);
      g.host();
      playDay1(g);
      g.host();
      if (acts) {
        for (const m of [1, 2, 6]) g.run(cmd({ type: 'act', by: m, act: 'kill', target: 5 }), seat(m));
        g.run(cmd({ type: 'act', by: 1, act: 'check', target: 4 }), seat(1));
        g.run(cmd({ type: 'act', by: 4, act: 'check', target: 1 }), seat(4));
      }
      return keys(g.wait(NIGHT_MS));
    };
    expect(night2(true)).toEqual(night2(false));
    expect(night2(false)).toEqual(['sleepMafia', 'wakeRole:don', 'sleepRole:don', 'wakeRole:commissar', 'sleepRole:commissar']);
  });

  it('says the end of the game and the winner', () => {
    const g = new Table();
    g.look();
    const before = g.input();
    g.run(cmd({ type: 'override', action: { kind: 'endGame', winner: 'town' } }));
    expect(keys(narrate(before, g.input(), g.now))).toEqual(['sleepMafia', 'cityWakes', 'newsNobody', 'gameOver', 'winTown']);
  });
});

describe('the narrator and the step clock', () => {
  const steps: GameView['nightSteps'] = [
    { wake: ['mafia', 'don'], acts: ['kill'], note: '' },
    { wake: ['don'], acts: ['check'], note: '' },
    { wake: ['commissar'], acts: ['check'], note: '' },
  ];
  // A real spectator's view of a classic table, with the night and the steps this clock is about.
  const made = createGame({ preset: 'classic', players: 10, seed: 1 });
  if (!made.ok) throw new Error(made.error.message);
  const nightView: GameView = { ...project(made.game.state, { kind: 'spectator' }), phase: { kind: 'night', n: 2 }, nightSteps: steps, seats: [], day: null, winner: null };
  const at = (started: number, deadline: number, now: number) => beatOf({ view: nightView, timer: { kind: 'night', started, deadline } }, now);

  it('calls the step of the shared clock: equal slices of started…deadline', () => {
    expect(at(0, 30_000, 0).step).toBe(0);
    expect(at(0, 30_000, 9_999).step).toBe(0);
    expect(at(0, 30_000, 10_000).step).toBe(1);
    expect(at(0, 30_000, 29_999).step).toBe(2);
    expect(at(0, 30_000, 29_999).nightOver).toBe(false);
    expect(at(0, 30_000, 30_000).nightOver).toBe(true);
  });

  it('never goes back a step when the host moves the deadline later', () => {
    let { beat } = advance(null, at(0, 30_000, 15_000));
    expect(beat.step).toBe(1);
    const later = advance(beat, at(0, 60_000, 15_500));
    expect(later.lines).toEqual([]);
    beat = later.beat;
    expect(beat.step).toBe(1);
    // 40 s into a 60 s night: step 2 (slices of 20 s).
    expect(keys(advance(beat, at(0, 60_000, 40_000)).lines)).toEqual(['sleepRole:don', 'wakeRole:commissar']);
  });

  it('skips the steps it slept through: the step left and the step now', () => {
    const { beat } = advance(null, at(0, 30_000, 1_000));
    expect(keys(advance(beat, at(0, 30_000, 25_000)).lines)).toEqual(['sleepMafia', 'wakeRole:commissar']);
  });

  it('says nothing on its first look (the screen has just opened)', () => {
    expect(linesBetween(null, at(0, 30_000, 12_000))).toEqual([]);
  });

  it('a new step or phase interrupts what is still queued; a speech does not', () => {
    expect(interrupts([{ key: 'sleepMafia' }, { key: 'wakeRole', roles: ['don'] }])).toBe(true);
    expect(interrupts([{ key: 'citySleeps' }])).toBe(true);
    expect(interrupts([{ key: 'speech', seats: [3] }])).toBe(false);
    expect(interrupts([{ key: 'accepted', seats: [3] }])).toBe(false);
  });
});

describe('the narrator\'s words', () => {
  it('speaks Russian with the clubs\' phrases, and English', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('ru');
    const t = wordsOf(i18n, 'ru', 'table');
    expect(lineText({ key: 'citySleeps' }, t)).toBe('Город засыпает');
    expect(lineText({ key: 'wakeMafia' }, t)).toBe('Просыпается мафия');
    expect(lineText({ key: 'sleepMafia' }, t)).toBe('Мафия засыпает');
    expect(lineText({ key: 'wakeRole', roles: ['don'] }, t)).toBe('Просыпается Дон');
    expect(lineText({ key: 'sleepRole', roles: ['commissar'] }, t)).toBe('Комиссар засыпает');
    expect(lineText({ key: 'cityWakes' }, t)).toBe('Город просыпается');
    expect(lineText({ key: 'speech', seats: [3] }, t)).toBe('Ваше слово, игрок 3');
    expect(lineText({ key: 'vote' }, t)).toBe('Голосование');
    expect(lineText({ key: 'newsKilledMany', seats: [3, 5] }, t)).toBe('Этой ночью игру покинули игроки 3, 5');
    expect(lineText({ key: 'accepted', seats: [7] }, t)).toMatch(/^Принято/);
    const en = wordsOf(i18n, 'en', 'table');
    expect(lineText({ key: 'wakeRole', roles: ['commissar'] }, en)).toBe('The Commissar wakes up');
    expect(lineText({ key: 'newsKilled', seats: [5] }, en)).toBe('Last night player 5 left the game');
  });
});

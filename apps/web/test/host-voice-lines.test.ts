/**
 * Issue 23 point 5, the words: a speech skipped for fouls is announced with the seat and the reason,
 * a lone nominee's fate says why, and a next game's card pause is announced, in the host's script
 * and by the table screen's narrator, in Russian and English.
 */
import type { GameView } from '@mafia/engine';
import type { LogItem, TimerView } from '@mafia/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { effectiveEvents, loneNominee, skippedSpeeches } from '../src/narrator/dayNews';
import { beatOf, lineText, linesBetween } from '../src/narrator/lines';
import { hostLines, scriptText, type Line } from '../src/screens/host/script';
import { HostGame, S } from './hostGame';
import { wordsOf } from './typed';

type Tx = (key: string, o?: Record<string, unknown>) => string;
const tOf = (lang: 'ru' | 'en', ns: 'host' | 'table'): Tx => {
  return wordsOf(createI18n(), lang, ns);
};
const hostSays = (lines: Line[], lang: 'ru' | 'en') => lines.map((l) => scriptText(l, tOf(lang, 'host')));

/** The host's lines now, with what the console reads from the log. */
const scriptNow = (g: HostGame, timer: TimerView | null = null) =>
  hostLines(g.view, g.pending, { skipped: skippedSpeeches(g.view, effectiveEvents(g.log), true), lone: loneNominee(g.log), cards: timer?.kind === 'cards' });

/** Day 1 of a classic table; seat 3 has three fouls before his turn, seats 1 and 2 have spoken. */
function skippedThird(): HostGame {
  const g = new HostGame();
  g.run({ type: 'endNight' });
  g.run({ type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) });
  g.run({ type: 'endSpeech' }, { type: 'endSpeech' });
  return g;
}

describe('a speech skipped for fouls is announced', () => {
  it('host_script_names_the_seat_and_the_fouls_before_the_next_speaker', () => {
    const g = skippedThird();
    expect(g.view.day?.speaker).toBe(4);
    const lines = scriptNow(g);
    expect(lines.map((l) => l.key)).toEqual(['skipped', 'speech']);
    expect(hostSays(lines, 'ru')).toEqual(['Игрок № 3 пропускает речь: 3 фола.', 'Игрок № 4, ваше слово.']);
    expect(hostSays(lines, 'en')).toEqual(['Player No. 3 skips his speech: 3 fouls.', 'Player No. 4, your word.']);
    // Once seat 4 has spoken, the news is old: seat 5 is called alone.
    g.run({ type: 'endSpeech' });
    expect(scriptNow(g).map((l) => l.key)).toEqual(['speech']);
  });

  it('a_turn_passed_because_the_player_left_is_no_lost_speech', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' }, { type: 'override', action: { kind: 'eliminate', seat: S(2) } }, { type: 'endSpeech' });
    expect(g.view.day?.speaker).toBe(3);
    expect(scriptNow(g).map((l) => l.key)).toEqual(['speech']);
  });

  it('plural_forms_of_the_fouls_in_both_languages', () => {
    const ru = tOf('ru', 'host');
    const en = tOf('en', 'host');
    expect(scriptText({ key: 'skipped', params: { seat: 7, count: 4 } }, ru)).toBe('Игрок № 7 пропускает речь: 4 фола.');
    expect(scriptText({ key: 'skipped', params: { seat: 7, count: 5 } }, ru)).toBe('Игрок № 7 пропускает речь: 5 фолов.');
    expect(scriptText({ key: 'skipped', params: { seat: 7, count: 1 } }, en)).toBe('Player No. 7 skips his speech: 1 foul.');
  });

  it('the_narrator_says_it_when_it_happens', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'endSpeech' });
    const before = beatOf({ view: g.view, timer: null, log: g.log }, 0);
    g.run({ type: 'endSpeech' });
    const after = beatOf({ view: g.view, timer: null, log: g.log }, 0);
    const lines = linesBetween(before, after);
    expect(lines.map((l) => l.key)).toEqual(['skipped', 'speech']);
    expect(lineText(lines[0]!, tOf('ru', 'table'))).toBe('Игрок 3 пропускает речь: 3 фола');
    expect(lineText(lines[0]!, tOf('en', 'table'))).toBe('Player 3 skips his speech: 3 fouls');
    // Said once: the next moment of the same day does not repeat it.
    g.run({ type: 'endSpeech' });
    expect(linesBetween(after, beatOf({ view: g.view, timer: null, log: g.log }, 0)).map((l) => l.key)).toEqual(['speech']);
  });
});

/** Day `n`'s speeches with seat 1 nominating `target` and nobody else. */
function loneDay(g: HostGame, target: number): HostGame {
  g.run({ type: 'nominate', by: g.view.day!.speaker!, target: S(target) });
  for (let k = 0; k < 20 && g.view.day?.stage === 'speeches'; k++) g.run({ type: 'endSpeech' });
  return g;
}

describe('the lone nominee', () => {
  it('day_1_says_nobody_leaves_and_why_day_2_says_he_leaves_without_a_vote', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    loneDay(g, 6);
    expect(g.view.phase).toEqual({ kind: 'night', n: 2 });
    const night = scriptNow(g);
    expect(night.map((l) => l.key).slice(0, 2)).toEqual(['loneStays', 'citySleeps']);
    expect(hostSays(night, 'ru')[0]).toBe('Выставлен только игрок № 6: в первый день единственную кандидатуру не голосуют, никто не покидает игру.');
    expect(hostSays(night, 'en')[0]).toBe('Only player No. 6 is nominated: on day 1 a lone nominee is not voted on, nobody leaves.');
    // The next step of the night: the news is behind.
    g.run({ type: 'act', by: S(2), act: 'kill', target: S(1) });
    expect(scriptNow(g).map((l) => l.key)).not.toContain('loneStays');

    g.run({ type: 'endNight' });
    while (g.view.day?.stage === 'lastWords') g.run({ type: 'endLastWords' });
    loneDay(g, 7);
    expect(g.view.seats[6]!.alive).toBe(false);
    const out = scriptNow(g);
    expect(out[0]!.key).toBe('loneOut');
    expect(hostSays(out, 'ru')[0]).toBe('Выставлен только игрок № 7: единственная кандидатура покидает игру без голосования.');
    expect(hostSays(out, 'en')[0]).toBe('Only player No. 7 is nominated: a lone nominee leaves the game without a vote.');
  });

  it('no_nominee_on_day_1_is_no_lone_nominee', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    for (let k = 0; k < 20 && g.view.phase.kind === 'day'; k++) g.run({ type: 'endSpeech' });
    expect(g.view.phase).toEqual({ kind: 'night', n: 2 });
    expect(loneNominee(g.log)).toBeNull();
  });

  it('the_narrator_announces_the_lone_nominee_before_the_night', () => {
    const g = new HostGame();
    g.run({ type: 'endNight' });
    g.run({ type: 'nominate', by: S(1), target: S(6) });
    for (let k = 0; k < 8; k++) g.run({ type: 'endSpeech' });
    const spectator = (v: GameView) => ({ ...v, viewer: { kind: 'spectator' as const } });
    const before = beatOf({ view: spectator(g.view), timer: null, log: g.log }, 0);
    g.run({ type: 'endSpeech' }, { type: 'endSpeech' });
    const lines = linesBetween(before, beatOf({ view: spectator(g.view), timer: null, log: g.log }, 0));
    expect(lines.map((l) => l.key).slice(0, 2)).toEqual(['loneStays', 'citySleeps']);
    expect(lineText(lines[0]!, tOf('ru', 'table'))).toBe('Выставлен только игрок 6: в первый день единственную кандидатуру не голосуют, никто не покидает игру');
  });
});

describe('the card pause of a next game', () => {
  const cards: TimerView = { kind: 'cards', started: 0, deadline: 20_000 };
  const night: TimerView = { kind: 'night', started: 20_000, deadline: 50_000, steps: [20_000, 30_000, 40_000] };

  it('the_host_script_shows_the_pause_before_the_night', () => {
    const g = new HostGame();
    const lines = scriptNow(g, cards);
    expect(lines.map((l) => l.key)).toEqual(['cardPause']);
    expect(hostSays(lines, 'ru')).toEqual(['Новая игра. Посмотрите свои карты; ночь наступит после паузы.']);
    expect(hostSays(lines, 'en')).toEqual(['A new game. Look at your cards; night falls after the pause.']);
    expect(scriptNow(g, night)[0]!.key).toBe('citySleeps');
  });

  it('the_narrator_says_the_pause_then_the_night_when_it_starts', () => {
    const g = new HostGame();
    const log: LogItem[] = g.log;
    const ended = { ...beatOf({ view: g.view, timer: null, log }, 0), phase: 'ended' as const };
    const pause = beatOf({ view: g.view, timer: cards, log }, 1_000);
    expect(linesBetween(ended, pause).map((l) => l.key)).toEqual(['cards']);
    expect(lineText({ key: 'cards' }, tOf('ru', 'table'))).toBe('Новая игра. Посмотрите свои карты; ночь наступит после паузы');
    expect(linesBetween(pause, beatOf({ view: g.view, timer: cards, log }, 5_000))).toEqual([]);
    const first = linesBetween(pause, beatOf({ view: g.view, timer: night, log }, 20_500)).map((l) => l.key);
    expect(first).toEqual(['citySleeps', 'wakeMafia']);
  });
});

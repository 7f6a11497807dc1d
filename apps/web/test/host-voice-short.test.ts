/**
 * Issue 23 leftovers: fiim's short speech (R-FIIM-2: the 3rd foul with 3–4 alive, or `short-speech`,
 * cuts the next discussion turn short instead of taking it) is announced like a skipped speech, by
 * the host's script and by the table screen's narrator, in Russian and English with the fouls'
 * plural forms.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { effectiveEvents, loneNominee, skippedSpeeches } from '../src/narrator/dayNews';
import { beatOf, lineText, linesBetween } from '../src/narrator/lines';
import { hostLines, scriptText, type Line } from '../src/screens/host/script';
import { HostGame, S, TABLE10 } from './hostGame';
import { wordsOf } from './typed';

type Tx = (key: string, o?: Record<string, unknown>) => string;
const tOf = (lang: 'ru' | 'en', ns: 'host' | 'table'): Tx => {
  return wordsOf(createI18n(), lang, ns);
};
const hostSays = (lines: Line[], lang: 'ru' | 'en') => lines.map((l) => scriptText(l, tOf(lang, 'host')));
const scriptNow = (g: HostGame) => hostLines(g.view, g.pending, { skipped: skippedSpeeches(g.view, effectiveEvents(g.log), true), lone: loneNominee(g.log) });
const beat = (g: HostGame) => beatOf({ view: g.view, timer: null, log: g.log }, 0);

/** Day 1 of a fiim table with `short-speech`: seat 3 has three fouls; seats 1 and 2 have spoken. */
function shortThird(): HostGame {
  const g = new HostGame('fiim', TABLE10, { threeFouls: 'short-speech' });
  g.run({ type: 'endNight' });
  g.run({ type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) });
  g.run({ type: 'endSpeech' }, { type: 'endSpeech' });
  return g;
}

describe('fiim: a short speech for fouls is announced', () => {
  it('host_script_says_the_short_speech_and_the_fouls_before_his_word', () => {
    const g = shortThird();
    // The engine's short turn: seat 3 speaks (not skipped), for the short time.
    expect(g.view.day?.speaker).toBe(3);
    expect(g.lastEvents.some((e) => e.type === 'SpeechShortened' && e.seat === 3)).toBe(true);
    const lines = scriptNow(g);
    expect(lines.map((l) => l.key)).toEqual(['shortSpeech', 'speech']);
    expect(hostSays(lines, 'ru')).toEqual(['Игрок № 3 говорит укороченную речь: 3 фола.', 'Игрок № 3, ваше слово.']);
    expect(hostSays(lines, 'en')).toEqual(['Player No. 3 has a short speech: 3 fouls.', 'Player No. 3, your word.']);
    // Once his short speech is over, the news is old: seat 4 is called alone.
    g.run({ type: 'endSpeech' });
    expect(scriptNow(g).map((l) => l.key)).toEqual(['speech']);
  });

  it('with_4_alive_the_default_rule_shortens_instead_of_skipping', () => {
    // Default `lose-speech`; the mafia 2 and 8 and the civilians 1, 4, 6, 9 are out: 3, 5 (the Don), 7, 10 are left.
    const g = new HostGame('fiim', TABLE10);
    g.run({ type: 'endNight' });
    for (const seat of [1, 2, 4, 6, 8, 9]) g.run({ type: 'override', action: { kind: 'eliminate', seat: S(seat) } });
    while (g.view.day?.stage === 'lastWords') g.run({ type: 'endLastWords' });
    expect(g.view.seats.filter((s) => s.alive).map((s) => s.seat)).toEqual([3, 5, 7, 10]);
    g.run({ type: 'foul', seat: S(7) }, { type: 'foul', seat: S(7) }, { type: 'foul', seat: S(7) });
    while (g.view.day?.speaker !== 7 && g.view.day?.stage === 'speeches') g.run({ type: 'endSpeech' });
    expect(g.view.day?.speaker).toBe(7);
    expect(scriptNow(g).map((l) => l.key)).toEqual(['shortSpeech', 'speech']);
    expect(hostSays(scriptNow(g), 'ru')[0]).toBe('Игрок № 7 говорит укороченную речь: 3 фола.');
  });

  it('plural_forms_of_the_fouls_in_both_languages', () => {
    const ru = tOf('ru', 'host');
    const en = tOf('en', 'host');
    expect(scriptText({ key: 'shortSpeech', params: { seat: 7, count: 3 } }, ru)).toBe('Игрок № 7 говорит укороченную речь: 3 фола.');
    expect(scriptText({ key: 'shortSpeech', params: { seat: 7, count: 5 } }, ru)).toBe('Игрок № 7 говорит укороченную речь: 5 фолов.');
    expect(scriptText({ key: 'shortSpeech', params: { seat: 7, count: 1 } }, en)).toBe('Player No. 7 has a short speech: 1 foul.');
    expect(lineText({ key: 'short', seats: [7], count: 5 }, tOf('ru', 'table'))).toBe('Игрок 7 говорит укороченную речь: 5 фолов');
  });

  it('the_narrator_says_it_once_when_his_turn_comes', () => {
    const g = new HostGame('fiim', TABLE10, { threeFouls: 'short-speech' });
    g.run({ type: 'endNight' }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'foul', seat: S(3) }, { type: 'endSpeech' });
    const before = beat(g);
    g.run({ type: 'endSpeech' });
    const after = beat(g);
    const lines = linesBetween(before, after);
    expect(lines.map((l) => l.key)).toEqual(['short', 'speech']);
    expect(lineText(lines[0]!, tOf('ru', 'table'))).toBe('Игрок 3 говорит укороченную речь: 3 фола');
    expect(lineText(lines[0]!, tOf('en', 'table'))).toBe('Player 3 has a short speech: 3 fouls');
    g.run({ type: 'endSpeech' });
    expect(linesBetween(after, beat(g)).map((l) => l.key)).toEqual(['speech']);
  });
});

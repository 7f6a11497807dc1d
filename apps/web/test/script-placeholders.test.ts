/**
 * No unfilled placeholder anywhere in what the host reads or the narrator says: every preset is
 * played through by random bots (at its smallest and largest table), and at every moment every line
 * of the host script (each night step, acting and introduction; each vote candidate; the morning
 * with nobody, one and two dead) and every narrator line is rendered in both languages. A line
 * that still holds `{{`, or is a bare i18n key, fails the test.
 */
import { builtPresets, pendingDecisions, project, type GameView } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { beatOf, lineText, linesBetween, type Beat } from '../src/narrator/lines';
import { hostLines, scriptText, stepLines } from '../src/screens/host/script';
import { playWithBots } from './botGame';
import { wordsOf } from './typed';

type Tx = (key: string, opts?: Record<string, unknown>) => string;

function translators(): Record<'ru' | 'en', { host: Tx; table: Tx }> {
  const make = (lng: 'ru' | 'en') => {
    const i18n = createI18n();
    void i18n.changeLanguage(lng);
    return { host: wordsOf(i18n, lng, 'host'), table: wordsOf(i18n, lng, 'table') };
  };
  return { ru: make('ru'), en: make('en') };
}

const T = translators();
const bad = (s: string) => s.includes('{{') || /^(script|say)\./.test(s) || s.trim() === '';

/** Every host line at this moment, in both languages. */
function hostTexts(view: GameView, pending: ReturnType<typeof pendingDecisions>): string[] {
  const lines = [];
  if (view.phase.kind === 'night') {
    view.nightSteps.forEach((step, i) => {
      lines.push(...hostLines(view, pending, { step: i }), ...stepLines(step, true), ...stepLines(step, false));
    });
  } else {
    const k = Math.max(1, view.day?.candidates.length ?? 0);
    for (let c = 0; c < k; c++) for (const died of [[], [3], [3, 5]]) lines.push(...hostLines(view, pending, { candidate: c, died, spoke: 0 }));
  }
  return lines.flatMap((l) => [scriptText(l, T.ru.host), scriptText(l, T.en.host)]);
}

/** Every narrator line from `prev` to this moment (night: each step woken and put to sleep). */
function narratorTexts(prev: Beat | null, view: GameView): { texts: string[]; beat: Beat } {
  const beat = beatOf({ view, timer: null }, 0);
  const beats: Beat[] = view.phase.kind === 'night' ? view.nightSteps.map((_, i) => ({ ...beat, step: i })).concat([{ ...beat, step: Math.max(0, view.nightSteps.length - 1), nightOver: true }]) : [beat];
  const texts: string[] = [];
  let p = prev;
  for (const b of beats) {
    for (const l of linesBetween(p, b)) texts.push(lineText(l, T.ru.table), lineText(l, T.en.table));
    p = b;
  }
  return { texts, beat: p ?? beat };
}

function play(preset: string, players: number, seed: number): { moments: number; bad: string[] } {
  const found: string[] = [];
  let beat: Beat | null = null;
  let moments = 0;
  playWithBots(preset, players, seed, (game) => {
    const view = project(game.state, { kind: 'host' });
    const pending = game.state.phase.kind === 'ended' ? [] : pendingDecisions(game.state);
    for (const s of hostTexts(view, pending)) if (bad(s)) found.push(`${preset}/${players} host: ${s}`);
    // The narrator reads what a spectator (the table screen) is sent.
    const n = narratorTexts(beat, project(game.state, { kind: 'spectator' }));
    beat = n.beat;
    for (const s of n.texts) if (bad(s)) found.push(`${preset}/${players} narrator: ${s}`);
    moments++;
  });
  return { moments, bad: found };
}
describe('no unfilled placeholder in the host script or the narrator', () => {
  for (const preset of builtPresets()) {
    const sizes = [...new Set([preset.minPlayers, preset.maxPlayers])];
    it(`every_line_of_${preset.id}_renders_without_placeholders_in_ru_and_en`, () => {
      for (const players of sizes) {
        const r = play(preset.id, players, 7);
        expect(r.moments).toBeGreaterThan(1);
        expect(r.bad).toEqual([]);
      }
    });
  }
});

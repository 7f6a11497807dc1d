/**
 * The host console's history in words: every event type of the engine (scanned from its GameEvent
 * union, so a type added later fails here) has a sentence in both languages, and the events of
 * real games read without placeholders, raw field names or «(by 2, target 7)».
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPresets, seatNo, type ProjectedEvent } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../src/i18n';
import { resources } from '../src/i18n/resources';
import { describeEvent, sentenceOf, tallyText } from '../src/screens/host/history';
import { playWithBots } from './botGame';
import { wordsOf } from './typed';

type Tx = (key: string, opts?: Record<string, unknown>) => string;
const hostT = (lng: 'ru' | 'en'): Tx => {
  return wordsOf(createI18n(), lng, 'host');
};

/** The event types of the engine's GameEvent union, read from its source. */
function engineEventTypes(): string[] {
  const src = readFileSync(join(__dirname, '..', '..', '..', 'packages/engine/src/game/events.ts'), 'utf8');
  const union = src.slice(src.indexOf('export type GameEvent'), src.indexOf('export type HostOverrideAction'));
  return [...new Set([...union.matchAll(/type: '([A-Za-z]+)'/g)].map((m) => m[1]!))].sort();
}

describe('host history in words', () => {
  it('every_engine_event_type_has_a_sentence_in_both_languages', () => {
    const types = engineEventTypes();
    expect(types.length).toBeGreaterThan(30);
    for (const lng of ['ru', 'en'] as const) {
      const words = Object.keys(resources[lng].host.history.event).map((k) => k.replace(/_(zero|one|few|many|other)$/, ''));
      expect(types.filter((t) => !words.includes(t)), lng).toEqual([]);
    }
  });

  it('the_events_of_played_games_read_as_sentences', () => {
    const t = { ru: hostT('ru'), en: hostT('en') };
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const preset of builtPresets()) {
      const events = playWithBots(preset.id, preset.maxPlayers, 3);
      for (const e of events as ProjectedEvent[]) {
        seen.add(e.type);
        for (const lng of ['ru', 'en'] as const) {
          const s = describeEvent(e, t[lng]);
          if (s.includes('{{') || s.startsWith('history.') || /\((by|target|n) \d|\bby \d/.test(s)) bad.push(`${lng} ${e.type}: ${s}`);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(bad).toEqual([]);
  });

  it('a_vote_count_reads_in_words_with_the_tie', () => {
    const e: ProjectedEvent = { type: 'VoteCounted', round: 0, tally: { '3': 4, '5': 4, '7': 1 }, tied: [seatNo(3), seatNo(5)] };
    expect(sentenceOf(e).key).toBe('history.event.VoteCountedTie');
    expect(describeEvent(e, hostT('ru'))).toBe('подсчёт, круг 1: № 3 — 4, № 5 — 4, № 7 — 1 — поровну у № 3, № 5');
    expect(tallyText({ '2': 1, '9': 3 })).toBe('№ 9 — 3, № 2 — 1');
  });

  it('plural_forms_follow_the_language', () => {
    const ru = hostT('ru');
    const night = (died: number[]): ProjectedEvent => ({ type: 'NightResolved', n: 2, died: died.map(seatNo), results: [], useful: [] });
    expect(describeEvent(night([]), ru)).toBe('итог ночи 2: никто не покинул игру');
    expect(describeEvent(night([5]), ru)).toBe('итог ночи 2: игру покинул № 5');
    expect(describeEvent(night([5, 7]), ru)).toBe('итог ночи 2: игру покинули № 5, № 7');
    expect(describeEvent({ type: 'Undone', count: 5 } as ProjectedEvent, ru)).toBe('отменено 5 записей');
    expect(describeEvent({ type: 'Undone', count: 2 } as ProjectedEvent, ru)).toBe('отменены 2 записи');
    expect(describeEvent({ type: 'Undone', count: 1 } as ProjectedEvent, hostT('en'))).toBe('1 entry undone');
  });

  it('a_statement_reads_as_the_speakers_words_in_both_languages', () => {
    const claim: ProjectedEvent = { type: 'StatementMade', by: seatNo(3), statement: { kind: 'claim', role: 'commissar' } };
    const check: ProjectedEvent = { type: 'StatementMade', by: seatNo(3), statement: { kind: 'checked', target: seatNo(7), night: 2, color: 'black' } };
    const version: ProjectedEvent = { type: 'StatementMade', by: seatNo(4), statement: { kind: 'version', seats: [seatNo(2), seatNo(5), seatNo(8)] } };
    expect(describeEvent(claim, hostT('ru'))).toBe('№ 3: «Я — Комиссар»');
    expect(describeEvent(check, hostT('ru'))).toBe('№ 3: «Проверил № 7 в ночь 2: чёрный»');
    expect(describeEvent(version, hostT('ru'))).toBe('№ 4: «Моя версия: № 2, № 5, № 8»');
    expect(describeEvent(claim, hostT('en'))).toBe('№ 3: “I am the Commissar”');
    expect(describeEvent(check, hostT('en'))).toBe('№ 3: “I checked № 7 on night 2: black”');
  });
});

/** One source for each preset's paragraph: the locale text (create.json `about.*`) is the one docs/presets.md shows. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPresets } from '@mafia/engine';
import { describe, expect, it } from 'vitest';
import { resources } from '../src/i18n/resources';

const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'presets.md'), 'utf8');

describe('preset paragraphs', () => {
  it('every_built_preset_has_a_paragraph_in_both_languages_and_docs_show_the_same_text', () => {
    for (const p of builtPresets()) {
      const en = (resources.en.create.about as Record<string, string>)[p.id];
      const ru = (resources.ru.create.about as Record<string, string>)[p.id];
      expect(en, p.id).toBeTruthy();
      expect(ru, p.id).toBeTruthy();
      expect(doc.includes(`- **${p.id}** (`) && doc.includes(en!), `${p.id} (en) in docs/presets.md`).toBe(true);
      expect(doc.includes(`  Ру: ${ru!}`), `${p.id} (ru) in docs/presets.md`).toBe(true);
    }
  });

  it('each_paragraph_names_the_player_range_the_engine_allows', () => {
    for (const p of builtPresets()) {
      const range = p.minPlayers === p.maxPlayers ? `${p.minPlayers}` : `${p.minPlayers}–${p.maxPlayers}`;
      const en = (resources.en.create.about as Record<string, string>)[p.id]!;
      const ru = (resources.ru.create.about as Record<string, string>)[p.id]!;
      expect(en.includes(range) || en.includes('exactly 10'), `${p.id} en: ${range}`).toBe(true);
      expect(ru.includes(range) || ru.includes('ровно на 10'), `${p.id} ru: ${range}`).toBe(true);
    }
  });
});

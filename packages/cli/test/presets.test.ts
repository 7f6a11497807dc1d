import { afterEach, describe, expect, it, vi } from 'vitest';
import { compositionText, presetsCommand, presetsDocument } from '../src/presets.js';
import { UsageError } from '../src/io.js';

function captureStdout(run: () => number): { code: number; out: string } {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: run(), out };
  } finally {
    spy.mockRestore();
  }
}

describe('mafia presets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists_every_built_preset_and_the_coming_ones (R-PRESET)', () => {
    const doc = presetsDocument();
    expect(doc.presets.map((p) => p.id)).toEqual(['classic', 'sport', 'short']);
    expect(doc.coming).toEqual(['piter', 'extended', 'club', 'tabletop', 'party']);
  });

  it('gives_the_sport_composition_for_ten_players (R-PRESET)', () => {
    const sport = presetsDocument().presets.find((p) => p.id === 'sport')!;
    expect(sport.compositions).toEqual([
      { players: 10, roles: ['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'], text: 'don, mafia×2, commissar, civilian×6' },
    ]);
  });

  it('describes_each_option_with_type_default_rule_and_description (R-PRESET)', () => {
    const classic = presetsDocument().presets.find((p) => p.id === 'classic')!;
    const firstNight = classic.options.find((o) => o.name === 'firstNight')!;
    expect(firstNight).toMatchObject({ kind: 'enum', values: ['introduction', 'checks'], default: 'introduction', rule: 'R-PHASE-1' });
    expect(firstNight.description.length).toBeGreaterThan(0);
    expect(classic.options.map((o) => o.name)).not.toContain('nights');
    expect(classic.fixed).toMatchObject({ nights: true });
  });

  it('has_a_composition_for_every_allowed_player_count (R-PRESET)', () => {
    for (const p of presetsDocument().presets) {
      expect(p.compositions.map((c) => c.players)).toEqual(
        Array.from({ length: p.players.max - p.players.min + 1 }, (_, i) => p.players.min + i),
      );
      for (const c of p.compositions) expect(c.roles).toHaveLength(c.players);
    }
  });

  it('formats_a_composition_with_counts', () => {
    expect(compositionText(['don', 'mafia', 'mafia', 'commissar', 'civilian', 'civilian'])).toBe('don, mafia×2, commissar, civilian×2');
  });

  it('prints_one_json_document_with_json', () => {
    const { code, out } = captureStdout(() => presetsCommand(['--json']));
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(out).presets).toHaveLength(3);
  });

  it('prints_text_with_the_coming_presets', () => {
    const { code, out } = captureStdout(() => presetsCommand([]));
    expect(code).toBe(0);
    expect(out).toContain('Coming (not built yet): piter, extended, club, tabletop, party');
    expect(out).toContain('10: don, mafia×2, commissar, civilian×6');
  });

  it('refuses_unknown_flags_and_arguments', () => {
    expect(() => presetsCommand(['--yaml'])).toThrow(UsageError);
    expect(() => presetsCommand(['classic'])).toThrow(/unexpected argument/);
  });
});

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
    // Issue 3 built the last five presets of §8, issue 13 the federation's fiim: nothing is coming any more.
    expect(doc.presets.map((p) => p.id).sort()).toEqual(['classic', 'club', 'extended', 'fiim', 'party', 'piter', 'short', 'sport', 'tabletop']);
    expect(doc.coming).toEqual([]);
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
    expect(firstNight).toMatchObject({ kind: 'enum', values: ['introduction', 'checks', 'active'], default: 'introduction', rule: 'R-PHASE-1' });
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
    expect(JSON.parse(out).presets).toHaveLength(9);
  });

  it('prints_text_with_the_compositions_of_every_preset', () => {
    const { code, out } = captureStdout(() => presetsCommand([]));
    expect(code).toBe(0);
    expect(out).not.toContain('Coming (not built yet)');
    expect(out).toContain('10: don, mafia×2, commissar, civilian×6');
    // club (seed 004) and tabletop (seed 000) compositions (R-PRESET).
    expect(out).toContain('10: don, mafia×2, sheriff, doctor, maniac, beauty, civilian×3');
    expect(out).toContain('12: mafia×3, gangster, doctor, commissar, lover, civilian×5');
  });

  it('lists_the_modifications_a_preset_can_be_played_with (R-MOD)', () => {
    const doc = presetsDocument();
    expect(doc.presets.find((p) => p.id === 'club')!.modifications).toEqual(['first-victim-immunity']);
    expect(doc.presets.find((p) => p.id === 'short')!.modifications).toEqual([]);
    const { out } = captureStdout(() => presetsCommand([]));
    expect(out).toContain('Modifications: first-victim-immunity');
  });

  it('gives_the_club_compositions_of_seed_004 (R-PRESET)', () => {
    const club = presetsDocument().presets.find((p) => p.id === 'club')!;
    expect(club.compositions.map((c) => c.text)).toEqual([
      'don, sheriff, doctor, civilian×4',
      'don, mafia, sheriff, doctor, maniac, civilian×3',
      'don, mafia, sheriff, doctor, maniac, civilian×4',
      'don, mafia×2, sheriff, doctor, maniac, beauty, civilian×3',
      'don, mafia×2, sheriff, doctor, maniac, beauty, civilian×4',
      'don, mafia×2, sheriff, doctor, maniac, beauty, civilian×5',
      'don, mafia×3, sheriff, doctor, maniac, beauty, civilian×5',
      'don, mafia×3, sheriff, doctor, maniac, beauty, civilian×6',
      'don, mafia×3, sheriff, doctor, maniac, beauty, civilian×7',
      'don, mafia×3, sheriff, doctor, maniac, beauty, civilian×8',
    ]);
  });

  it('refuses_unknown_flags_and_arguments', () => {
    expect(() => presetsCommand(['--yaml'])).toThrow(UsageError);
    expect(() => presetsCommand(['classic'])).toThrow(/unexpected argument/);
  });
});

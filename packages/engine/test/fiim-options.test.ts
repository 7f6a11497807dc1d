/**
 * The `fiim` preset's options (R-FIIM-17): the mafiaratings rules code sets every option, a named
 * option overrides its digit, a bad code is an error naming its place; the preset's own defaults.
 */
import { describe, expect, it } from 'vitest';
import { createGame, optionsFromRulesCode, PRESETS, rulesCodeOf } from '@mafia/engine';
import { TABLE10 } from './helpers.js';

const setUp = (options: Record<string, unknown>) => createGame({ preset: 'fiim', roles: TABLE10, options });

function optionsOf(options: Record<string, unknown>) {
  const g = setUp(options);
  if (!g.ok) throw new Error(JSON.stringify(g.error));
  return g.game.state.options;
}

describe('fiim defaults (R-FIIM)', () => {
  it('fiim_defaults_are_the_mafiaratings_default_code (R-FIIM-17)', () => {
    const o = PRESETS.fiim!.defaults;
    expect(o.rulesCode).toBe('0002000010000');
    expect(optionsFromRulesCode('0002000010000')).toEqual({
      rotation: o.rotation, onRecord: o.onRecord, onRecordCount: o.onRecordCount, withdraw: o.withdraw,
      firstVoting: o.firstVoting, splitOrder: o.splitOrder, killAll: o.killAll, splitOnFour: o.splitOnFour,
      splitOnNine: o.splitOnNine, legacy: o.legacy, gameEndSpeech: o.gameEndSpeech, threeFouls: o.threeFouls, techFouls: o.techFouls,
    });
    expect(o).toMatchObject({
      rotation: 'first', withdraw: 'no', firstVoting: 'standard', splitOrder: 'same', killAll: 'no', splitOnFour: 'allowed',
      splitOnNine: 'no', legacy: 'first', gameEndSpeech: 'yes', threeFouls: 'lose-speech', techFouls: 'no',
    });
  });

  it('fiim_is_the_sport_table_with_an_introduction_night (R-FIIM-1, R-PRESET)', () => {
    const o = PRESETS.fiim!.defaults;
    expect(o).toMatchObject({ firstNight: 'introduction', mafiaShot: 'unanimous', revealOnDeath: false, foulsToSilence: 3, foulsToRemove: 4, bestMove: true, fiim: true, drawAfterQuietNights: 3 });
    expect(PRESETS.fiim!.composition(10)!.slice().sort()).toEqual(PRESETS.sport!.composition(10)!.slice().sort());
    expect(PRESETS.fiim!.composition(9)).toBeNull();
    // The seeds' sport keeps its own defaults.
    expect(PRESETS.sport!.defaults).toMatchObject({ firstNight: 'checks', fiim: false, drawAfterQuietRounds: 3, wholeTableTieNobodyLeaves: true });
  });

  it('the_fixed_procedure_is_not_a_user_option (R-FIIM)', () => {
    for (const name of ['fiim', 'drawAfterQuietNights', 'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves']) {
      const g = setUp({ [name]: false });
      expect(g.ok, name).toBe(false);
      if (!g.ok) expect(g.error.code).toBe('unknown-option');
    }
  });
});

describe('rules code (R-FIIM-17)', () => {
  it('a_rules_code_sets_every_option_in_digit_order (R-FIIM-17)', () => {
    const o = optionsOf({ rulesCode: '1412311111110' });
    expect(o).toMatchObject({
      rotation: 'last', onRecord: 'all', onRecordCount: 1, withdraw: 'no', firstVoting: 'self-break', splitOrder: 'reverse',
      killAll: 'draw', splitOnFour: 'prohibited', splitOnNine: 'no', legacy: 'no', gameEndSpeech: 'no', threeFouls: 'short-speech',
      techFouls: 'no',
    });
    expect(o.rulesCode).toBe('1412311111110');
  });

  it('every_digit_value_maps_to_its_option_value (R-FIIM-17)', () => {
    expect(optionsFromRulesCode('0000100020021')).toMatchObject({ firstVoting: 'to-talk', splitOnNine: 'after1', threeFouls: 'none', techFouls: 'yes' });
    expect(optionsFromRulesCode('0291200000000')).toMatchObject({ onRecord: 'killed', onRecordCount: 9, withdraw: 'auto', firstVoting: 'no-break', splitOnNine: 'yes' });
    expect(optionsFromRulesCode('0300000000000').onRecord).toBe('except-split');
    expect(optionsFromRulesCode('0000000000000')).toMatchObject({ withdraw: 'allowed', onRecord: 'no' });
  });

  it('a_named_option_overrides_its_digit_and_the_kept_code_says_so (R-FIIM-17)', () => {
    const o = optionsOf({ rulesCode: '0002000010000', firstVoting: 'no-break', splitOnNine: 'yes' });
    expect(o.firstVoting).toBe('no-break');
    expect(o.splitOnNine).toBe('yes');
    expect(o.rulesCode).toBe('0002200000000');
    expect(rulesCodeOf(o)).toBe(o.rulesCode);
  });

  it('a_code_that_is_not_13_digits_is_an_error_naming_the_option (R-FIIM-17)', () => {
    for (const bad of ['000200001000', '00020000100000', '00020000a0000', 2000010000]) {
      const g = setUp({ rulesCode: bad });
      expect(g.ok).toBe(false);
      if (!g.ok) expect(g.error).toMatchObject({ code: 'bad-rules-code', rule: 'R-FIIM-17', path: 'options.rulesCode' });
    }
  });

  it('a_digit_past_its_list_is_an_error_naming_the_place (R-FIIM-17)', () => {
    const g = setUp({ rulesCode: '0002900010000' });
    expect(g.ok).toBe(false);
    if (!g.ok) {
      expect(g.error.code).toBe('bad-rules-code');
      expect(g.error.message).toMatch(/digit 5 of the rules code \(firstVoting\) is 9; it takes 0–3/);
    }
    const last = setUp({ rulesCode: '0002000010002' });
    expect(!last.ok && last.error.message).toMatch(/digit 13 .*techFouls/);
  });

  it('a_rules_code_outside_fiim_is_an_unknown_option (R-FIIM-17)', () => {
    const g = createGame({ preset: 'sport', roles: TABLE10, options: { rulesCode: '0002000010000' } });
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.error.code).toBe('unknown-option');
  });
});

import { presetOf } from '@mafia/engine';
import type { Checked } from './check';
import type { DayShow } from './Day';
import { isEmergency, type SheetDraft } from './draft';

type Obj = Readonly<Record<string, unknown>>;

/** The sheet's header options (a loaded protocol's, or the form's own toggles). */
export const optionsOf = (sheet: SheetDraft): Obj => (sheet.header?.options ?? {}) as Obj;

/** The RULES.md §7 modifications in play on the sheet. */
export const modificationsOf = (sheet: SheetDraft): readonly string[] => (Array.isArray(sheet.header?.modifications) ? (sheet.header.modifications as string[]) : []);

/** Whether the preset records technical fouls in this game (R-FIIM-14, option `techFouls`). */
export const techFoulsOn = (sheet: SheetDraft): boolean => sheet.preset === 'fiim' && optionsOf(sheet).techFouls === 'yes';

/** The seats the night before step i (a day) killed or removed, by the rules' replay of the sheet. */
function victimsBefore(checked: Checked, i: number): number[] {
  const before = checked.alive[i - 1];
  const after = checked.alive[i];
  return before && after ? [...before].filter((s) => !after.has(s)) : [];
}

/**
 * What day i of the sheet shows: whether it is an emergency day (R-PHASE-4); the best move
 * (R-SPORT-3) on the first day after a night that killed, in `fiim` only after night 2 (R-FIIM-4);
 * names in blood after a night where the `name-in-blood` modification is in play; the tournament
 * fields in `fiim`. A part already written is always shown (so that its error can be seen).
 */
export function dayShow(sheet: SheetDraft, checked: Checked, i: number): DayShow {
  const preset = presetOf(sheet.preset as never);
  const hasNights = preset?.defaults.nights !== false;
  const day = sheet.steps[i];
  const afterNight = sheet.steps[i - 1]?.kind === 'night';
  const fiim = sheet.preset === 'fiim';
  const firstKilling = sheet.steps.findIndex((s, k) => s.kind === 'day' && sheet.steps[k - 1]?.kind === 'night' && victimsBefore(checked, k).length > 0 && (!fiim || s.n === 2));
  const written = day?.kind === 'day' && (day.bestMoveBy !== '' || day.bestMove !== '');
  return {
    emergency: isEmergency(sheet, i, hasNights),
    bestMove: preset?.defaults.bestMove === true && (written || firstKilling === i),
    blood: modificationsOf(sheet).includes('name-in-blood') && (afterNight || (day?.kind === 'day' && (day.blood?.length ?? 0) > 0)),
    fiim,
    techFouls: techFoulsOn(sheet),
    voting: preset?.defaults.voting ?? 'sequential',
    alive: [...(checked.alive[i] ?? [])].sort((a, b) => a - b),
  };
}

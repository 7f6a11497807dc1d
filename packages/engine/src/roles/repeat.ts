import type { GameState, NightAct } from '../model/state.js';
import { prevNightNo, targetOn } from './limits.js';

/** "Never the same player two nights in a row" (Doctor, club Maniac, club Beauty, extended Lawyer): a refusal, or null. */
export function notSameAsLastNight(s: GameState, act: NightAct, rule: string, who: string): { rule: string; message: string } | null {
  const n = s.night === null ? 0 : s.night.n;
  if (n > 1 && targetOn(s, act.by, act.act, prevNightNo(s)) === act.target) {
    return { rule, message: `the ${who} (seat ${act.by}) cannot ${act.act} seat ${act.target} two nights in a row` };
  }
  return null;
}

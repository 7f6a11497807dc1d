import type { GameOptions, OptionName, PresetId, RoleId } from '@mafia/engine';
import type { RoomMode, Timers } from '@mafia/protocol';

/** The create form's data, apart from what works on it (model.ts, rulesCode.ts), so both import it and not each other. */

/** One option's value, of whatever kind the option is. */
export type OptionValue = GameOptions[OptionName];

/** What an input's text means for an option of this kind (NaN numbers are kept: the server says why). */

/** What the form holds: the preset, the table, the deck, the options and the step lengths. */
export interface CreateForm {
  readonly preset: PresetId;
  readonly seats: number;
  readonly mode: RoomMode;
  readonly deck: readonly RoleId[];
  /** Option values the user changed (others stay the preset's defaults). */
  readonly options: Partial<Record<OptionName, OptionValue>>;
  readonly modifications: readonly string[];
  readonly timers: Timers;
  /** An online room listed in the lobby of open games (/play); sent only with the online mode. */
  readonly public: boolean;
}

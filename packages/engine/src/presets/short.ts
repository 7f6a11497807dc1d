import { BASE_OPTIONS } from './options.js';
import { count, fillWithCivilians } from './compose.js';
import type { Preset } from './types.js';

/** The short game (seed 000): 3–5 players, one mafia, no nights, no host needed (R-PHASE-5). */
export const short: Preset = {
  id: 'short',
  name: { en: 'Short game', ru: 'Короткая игра' },
  summary: '3–5 players, 1 Mafia, no nights at all: only discussion and votes, run as in classic.',
  sources: ['000_bf2bd4ef92232bc2.txt (короткая игра)'],
  minPlayers: 3,
  maxPlayers: 5,
  roles: ['civilian', 'mafia'],
  uniqueRoles: ['mafia'],
  defaults: { ...BASE_OPTIONS, nights: false, nightVictimLastWord: false },
  // drawAfterQuietRounds (issue 11): without it a table where nobody nominates any more plays days forever.
  options: ['revealOnDeath', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'foulsToSilence', 'foulsToRemove', 'removalCancelsVote', 'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves', 'repeatShrinkingRevote'],
  nightOrder: [],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-PHASE-2', 'R-PHASE-5', 'R-VOTE', 'R-VOTE-1',
    'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6', 'R-FOUL-1', 'R-PRESET',
  ],
  composition(players) {
    return players >= 3 && players <= 5 ? fillWithCivilians(players, ['mafia']) : null;
  },
  checkComposition(roles) {
    return count(roles, 'mafia') === 1 ? null : 'the short game has exactly 1 Mafia (R-PHASE-5)';
  },
};

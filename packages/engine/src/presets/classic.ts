import type { RoleId } from '../ids.js';
import { BASE_OPTIONS } from './options.js';
import { DON_COMMISSAR_TABLE, fillWithCivilians, mafiaMinorityCheck } from './compose.js';
import type { Preset } from './types.js';

/**
 * R-PRESET classic: M = round(N / 3.5) (seed 000). It gives seed 003's 7 red + 3 black at 10 and its
 * other red/black splits 6/2 (8 players), 10/4 (14) and 13/5 (18).
 */
export function classicMafiaCount(players: number): number {
  return Math.max(1, Math.round(players / 3.5));
}

export const classic: Preset = {
  id: 'classic',
  name: { en: 'Classic', ru: 'Классическая' },
  summary: 'Seed 003 club classic: introduction night, unanimous shot, Don and Commissar checks from night 2, sequential voting with ties and the lift vote, emergency day, cards shown on death.',
  sources: ['003_e4195cb63cda1c0e.txt', '000_bf2bd4ef92232bc2.txt (Классическая мафия)'],
  minPlayers: 3,
  maxPlayers: 20,
  ...DON_COMMISSAR_TABLE,
  defaults: { ...BASE_OPTIONS, emergencyDay: true, lastWordSeconds: 30, nightVictimLastWord: true },
  options: [
    'firstNight', 'revealOnDeath', 'emergencyDay', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds',
    'nightVictimLastWord', 'foulsToSilence', 'foulsToRemove', 'removalCancelsVote', 'bestMove',
    'bestMoveTwoPoints', 'bestMoveThreePoints', 'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves',
    'repeatShrinkingRevote', 'liftVoteFourAliveTwoTied', 'liftVoteNineAliveThreeTied', 'checkAnswersDead',
    'doctorSelfHeals',
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-PHASE-3', 'R-PHASE-4', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6',
    'R-FOUL', 'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-2', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE', 'R-PRESET',
  ],
  composition(players) {
    if (players < this.minPlayers || players > this.maxPlayers) return null;
    const m = classicMafiaCount(players);
    const black: RoleId[] = ['don'];
    for (let i = 1; i < m; i++) black.push('mafia');
    return fillWithCivilians(players, [...black, 'commissar']);
  },
  checkComposition: mafiaMinorityCheck(['mafia', 'don'], 'the table needs at least one mafia or Don'),
};

import type { RoleId } from '../ids.js';
import { doctorJustMafia } from '../roles/doctor.js';
import { maniacJustMafia } from '../roles/maniac.js';
import { loverTabletop } from '../roles/lover.js';
import { BASE_OPTIONS } from './options.js';
import { fillWithCivilians, mafiaMinorityCheck } from './compose.js';
import type { Preset } from './types.js';

/**
 * R-PRESET tabletop (seed 000, 3–18 players): 3–5: 1 Mafia; 6–8: 2 Mafia + Doctor; 9–11: 3 Mafia,
 * Doctor, Commissar; 12–14: 3 Mafia, Gangster, Doctor, Commissar, Lover; 15–18: 3 Mafia, Gangster,
 * Maniac, Commissar, Doctor, Lover; the rest Civilians.
 */
export function tabletopComposition(players: number): RoleId[] | null {
  if (players < 3 || players > 18) return null;
  if (players <= 5) return fillWithCivilians(players, ['mafia']);
  if (players <= 8) return fillWithCivilians(players, ['mafia', 'mafia', 'doctor']);
  if (players <= 11) return fillWithCivilians(players, ['mafia', 'mafia', 'mafia', 'doctor', 'commissar']);
  if (players <= 14) return fillWithCivilians(players, ['mafia', 'mafia', 'mafia', 'gangster', 'doctor', 'commissar', 'lover']);
  return fillWithCivilians(players, ['mafia', 'mafia', 'mafia', 'gangster', 'maniac', 'commissar', 'doctor', 'lover']);
}

export const tabletop: Preset = {
  id: 'tabletop',
  name: { en: 'Tabletop (seed 000)', ru: 'Настольная' },
  summary: 'Seed 000 boxed game for 3–18: introduction night, then the Lover (even nights), the mafia and the Gangster (open choice), the Commissar ("dead" for the night\'s victim), the Doctor, the Maniac.',
  sources: ['000_bf2bd4ef92232bc2.txt (настольная игра, 3–18 игроков)'],
  minPlayers: 3,
  maxPlayers: 18,
  roles: ['civilian', 'mafia', 'gangster', 'doctor', 'commissar', 'lover', 'maniac'],
  roleDefs: { doctor: doctorJustMafia, maniac: maniacJustMafia, lover: loverTabletop },
  uniqueRoles: ['gangster', 'doctor', 'commissar', 'lover', 'maniac'],
  defaults: { ...BASE_OPTIONS, mafiaShot: 'open', checkAnswersDead: true, doctorSelfHeals: 1, commissarDyingNote: true },
  options: [
    'revealOnDeath', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'nightVictimLastWord', 'foulsToSilence',
    'foulsToRemove', 'removalCancelsVote', 'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves',
    'liftVoteFourAliveTwoTied', 'liftVoteNineAliveThreeTied', 'checkAnswersDead', 'commissarDyingNote', 'doctorSelfHeals', 'mafiaShot',
    'emergencyDay',
  ],
  nightOrder: [
    { wake: ['lover'], acts: ['visit', 'silence'], note: 'lover (charm, even nights only)' },
    { wake: ['mafia', 'gangster'], acts: ['kill'], note: 'mafia + gangster (open choice)' },
    { wake: ['commissar'], acts: ['check'], note: 'commissar (check)' },
    { wake: ['doctor'], acts: ['heal'], note: 'doctor (heal)' },
    { wake: ['maniac'], acts: ['kill'], note: 'maniac (kill)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-PHASE-3', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6', 'R-FOUL',
    'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-3', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE', 'R-PRESET',
  ],
  composition: tabletopComposition,
  checkComposition: mafiaMinorityCheck(['mafia', 'gangster'], 'the table needs at least one mafia'),
};

import type { RoleId } from '../ids.js';
import { beautyClub } from '../roles/beauty.js';
import { doctorClub } from '../roles/doctor.js';
import { maniacClub } from '../roles/maniac.js';
import { sheriffDetective } from '../roles/sheriff.js';
import { BASE_OPTIONS } from './options.js';
import { fillWithCivilians, mafiaMinorityCheck } from './compose.js';
import type { Preset } from './types.js';

/**
 * R-PRESET club (seed 004): 7: Don, Sheriff, Doctor; 8–9: Don + 1 Mafia, Sheriff, Doctor, Maniac;
 * 10–12: Don + 2 Mafia, Sheriff, Doctor, Maniac, Beauty; 13–16: Don + 3 Mafia, Sheriff, Doctor,
 * Maniac, Beauty; the rest Civilians.
 */
export function clubComposition(players: number): RoleId[] | null {
  if (players < 7 || players > 16) return null;
  const black: RoleId[] = ['don'];
  const extra = players >= 13 ? 3 : players >= 10 ? 2 : players >= 8 ? 1 : 0;
  for (let i = 0; i < extra; i++) black.push('mafia');
  const red: RoleId[] = ['sheriff', 'doctor'];
  if (players >= 8) red.push('maniac');
  if (players >= 10) red.push('beauty');
  return fillWithCivilians(players, [...black, ...red]);
}

export const club: Preset = {
  id: 'club',
  name: { en: 'Club (seed 004)', ru: 'Клубная' },
  summary: 'Seed 004 club: an active first night (no introduction), open mafia choice, Don hunts the Sheriff, Sheriff detective with R-CHECK-3, Doctor, Maniac, Beauty, first-victim immunity, days as in classic.',
  sources: ['004_edeedc67d7136ba1.txt'],
  minPlayers: 7,
  maxPlayers: 16,
  roles: ['civilian', 'mafia', 'don', 'sheriff', 'doctor', 'maniac', 'beauty'],
  roleDefs: { doctor: doctorClub, maniac: maniacClub, sheriff: sheriffDetective, beauty: beautyClub },
  modifications: ['first-victim-immunity'],
  uniqueRoles: ['don', 'sheriff', 'doctor', 'maniac', 'beauty'],
  defaults: { ...BASE_OPTIONS, firstNight: 'active', mafiaShot: 'open', emergencyDay: false, doctorSelfHeals: 1 },
  options: [
    'revealOnDeath', 'emergencyDay', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'nightVictimLastWord',
    'foulsToSilence', 'foulsToRemove', 'removalCancelsVote', 'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves',
    'repeatShrinkingRevote', 'liftVoteFourAliveTwoTied', 'liftVoteNineAliveThreeTied', 'checkAnswersDead',
    'doctorSelfHeals', 'firstNight',
  ],
  nightOrder: [
    { wake: ['mafia', 'don'], acts: ['kill'], note: 'mafia (open choice)' },
    { wake: ['don'], acts: ['check'], note: 'don (check: sheriff?)' },
    { wake: ['sheriff'], acts: ['check'], note: 'sheriff (check)' },
    { wake: ['doctor'], acts: ['heal'], note: 'doctor (heal)' },
    { wake: ['maniac'], acts: ['kill'], note: 'maniac (kill)' },
    { wake: ['beauty'], acts: ['visit'], note: 'beauty (visit)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-CHECK-3', 'R-PHASE', 'R-PHASE-1',
    'R-PHASE-2', 'R-PHASE-3', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6',
    'R-VOTE-9', 'R-FOUL', 'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-3', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE',
    'R-MOD', 'R-PRESET', 'R-CLUB',
  ],
  composition: clubComposition,
  checkComposition: mafiaMinorityCheck(['mafia', 'don'], 'the table needs at least one mafia or Don'),
};

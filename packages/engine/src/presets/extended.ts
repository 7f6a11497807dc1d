import type { RoleId } from '../ids.js';
import { doctorExtended } from '../roles/doctor.js';
import { lawyerBlock } from '../roles/lawyer.js';
import { maniacExtended } from '../roles/maniac.js';
import { werewolfExtended } from '../roles/werewolfExtended.js';
import { BASE_OPTIONS } from './options.js';
import { fillWithCivilians, mafiaMinorityCheck } from './compose.js';
import type { Preset } from './types.js';

const MAFIA_TEAM: readonly RoleId[] = ['mafia', 'don', 'lawyer', 'black-widow'];

/**
 * R-PRESET extended (seed 002): 4–6: 1 Mafia, Doctor, Girl; 7–8: 2 Mafia, Doctor, Girl, Commissar;
 * 9: 2 Mafia, Lawyer, Doctor, Commissar, Girl, Immortal; 10–11: 2 Mafia, Lawyer, Doctor, Commissar,
 * Cop, Girl, Immortal, Werewolf; 12+: N / 3 mafia (Lawyer, Black Widow in place of the Girl, the rest
 * Mafia), all roles: Doctor, Commissar, Cop, Immortal, Werewolf, Student, Maniac. Rest Soldiers (civilian).
 */
export function extendedComposition(players: number): RoleId[] | null {
  if (players < 4 || players > 23) return null;
  let roles: RoleId[];
  if (players <= 6) roles = ['mafia', 'doctor', 'girl'];
  else if (players <= 8) roles = ['mafia', 'mafia', 'doctor', 'girl', 'commissar'];
  else if (players === 9) roles = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'girl', 'immortal'];
  else if (players <= 11) roles = ['mafia', 'mafia', 'lawyer', 'doctor', 'commissar', 'cop', 'girl', 'immortal', 'werewolf'];
  else {
    const black: RoleId[] = ['lawyer', 'black-widow'];
    while (black.length < Math.floor(players / 3)) black.push('mafia');
    roles = [...black, 'doctor', 'commissar', 'cop', 'immortal', 'werewolf', 'student', 'maniac'];
  }
  return fillWithCivilians(players, roles);
}

export const extended: Preset = {
  id: 'extended',
  name: { en: 'Extended (seed 002)', ru: 'Расширенная' },
  summary: 'Seed 002 boxed set, 4–23 players: introduction night, open mafia choice, Lawyer block, Cop, Girl alibi, Immortal, Werewolf, Student, Maniac; a free 3-minute day, circular voting, cards shown, mafia win by majority; modifications.',
  sources: ['002_0cef143e3d2bc66c.txt'],
  minPlayers: 4,
  maxPlayers: 23,
  roles: [
    'civilian', 'mafia', 'don', 'lawyer', 'black-widow', 'girl', 'cop', 'doctor', 'commissar', 'immortal', 'werewolf',
    'student', 'maniac',
  ],
  roleDefs: { lawyer: lawyerBlock, werewolf: werewolfExtended, doctor: doctorExtended, maniac: maniacExtended },
  modifications: ['heir', 'extra-card', 'broken-lanterns', 'name-in-blood', 'dying-note', 'sherlock', 'black-widow', 'bonnie-and-clyde'],
  uniqueRoles: ['don', 'lawyer', 'black-widow', 'girl', 'cop', 'doctor', 'commissar', 'immortal', 'werewolf'],
  defaults: {
    ...BASE_OPTIONS, firstNight: 'introduction', mafiaShot: 'open', mafiaWin: 'majority', voting: 'circular',
    revealOnDeath: true, speechSeconds: 180, defenceSeconds: 60, nightVictimLastWord: false, doctorSelfHeals: 99,
  },
  options: [
    'revealOnDeath', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'nightVictimLastWord', 'foulsToSilence',
    'foulsToRemove', 'drawAfterQuietRounds', 'voting',
  ],
  nightOrder: [
    { wake: ['mafia', 'don'], acts: ['kill'], note: 'mafia (open choice)' },
    { wake: ['lawyer'], acts: ['block'], note: 'lawyer (block)' },
    { wake: ['black-widow'], acts: ['silence'], note: 'black widow (silence)' },
    { wake: ['maniac'], acts: ['kill'], note: 'maniac (kill)' },
    { wake: ['cop'], acts: ['kill'], note: 'cop (kill)' },
    { wake: ['doctor'], acts: ['heal'], note: 'doctor (heal)' },
    { wake: ['girl'], acts: ['alibi'], note: 'girl (alibi)' },
    { wake: ['commissar'], acts: ['check', 'compare'], note: 'commissar (check)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-VOTE-8', 'R-VOTE-9', 'R-VOTE-11', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-3', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE', 'R-MOD', 'R-PRESET',
  ],
  composition: extendedComposition,
  checkComposition: mafiaMinorityCheck(MAFIA_TEAM),
};

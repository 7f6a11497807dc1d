import type { RoleId } from '../ids.js';
import { beautyPiter } from '../roles/beauty.js';
import { doctorPiter } from '../roles/doctor.js';
import { donPiter, lawyerPiter, mafiaPiter } from '../roles/piterMafia.js';
import { werewolfPiter } from '../roles/werewolf.js';
import { BASE_OPTIONS } from './options.js';
import { fillWithCivilians, mafiaMinorityCheck } from './compose.js';
import type { Preset } from './types.js';

const MAFIA_TEAM: readonly RoleId[] = ['mafia', 'don', 'lawyer', 'beauty', 'recruiter'];

/**
 * R-PRESET piter (seed 000 Piter): the host picks any subset of its roles, plus the Doctor and the
 * Maniac. The recommended table: M = round(N / 3.5) mafia (at least 2) led by the Don, the Beauty from
 * 12 (without her the mafia guess as a team, УГАДАЙКА), the Lawyer and the Recruiter from 14; red:
 * Commissar, Doctor, then the Immortal (8+), the Kamikaze and the Psycho (10+), the Maniac, the
 * Werewolf and the Cheater (12+), the Journalist, the Elder and the Rake (15+); the rest Civilians.
 */
export function piterComposition(players: number): RoleId[] | null {
  if (players < 7 || players > 20) return null;
  const m = Math.max(2, Math.round(players / 3.5));
  const black: RoleId[] = ['don'];
  if (players >= 12) black.push('beauty');
  if (players >= 14) black.push('lawyer', 'recruiter');
  while (black.length < m) black.push('mafia');
  black.length = m;
  const red: RoleId[] = ['commissar', 'doctor'];
  if (players >= 8) red.push('immortal');
  if (players >= 10) red.push('kamikaze', 'psycho');
  if (players >= 12) red.push('maniac', 'werewolf', 'cheater');
  if (players >= 15) red.push('journalist', 'elder', 'rake');
  return fillWithCivilians(players, [...black, ...red]);
}

export const piter: Preset = {
  id: 'piter',
  name: { en: 'Piter', ru: 'Питерская' },
  summary: 'Seed 000 Piter: introduction night, open mafia choice led by the Don, two-stage voting, many roles (Lawyer alibi, Beauty guess / УГАДАЙКА, Recruiter, Immortal, Kamikaze, Psycho, Cheater, Werewolf) plus Doctor and Maniac; cards stay hidden.',
  sources: ['000_bf2bd4ef92232bc2.txt (Питерская мафия)'],
  minPlayers: 7,
  maxPlayers: 20,
  roles: [
    'civilian', 'mafia', 'don', 'lawyer', 'beauty', 'recruiter', 'commissar', 'journalist', 'elder', 'immortal',
    'rake', 'kamikaze', 'psycho', 'cheater', 'werewolf', 'doctor', 'maniac',
  ],
  roleDefs: { mafia: mafiaPiter, don: donPiter, lawyer: lawyerPiter, beauty: beautyPiter, werewolf: werewolfPiter, doctor: doctorPiter },
  modifications: ['extra-card', 'broken-lanterns', 'dying-note', 'victim-list'],
  uniqueRoles: [
    'don', 'lawyer', 'beauty', 'recruiter', 'commissar', 'journalist', 'elder', 'immortal', 'rake', 'kamikaze',
    'psycho', 'cheater', 'werewolf', 'doctor', 'maniac',
  ],
  defaults: {
    ...BASE_OPTIONS, firstNight: 'introduction', mafiaShot: 'open', voting: 'two-stage', revealOnDeath: false,
    speechSeconds: 30, defenceSeconds: 60, mafiaGuesses: 2, executedLastWord: 'piter',
  },
  options: [
    'revealOnDeath', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'nightVictimLastWord', 'executedLastWord', 'foulsToSilence',
    'foulsToRemove', 'drawAfterQuietRounds', 'doctorSelfHeals', 'voting', 'mafiaGuesses',
  ],
  nightOrder: [
    { wake: ['mafia', 'don', 'lawyer'], acts: ['kill'], note: 'mafia (open choice, the Don decides)' },
    { wake: ['lawyer'], acts: ['alibi'], note: 'lawyer (alibi)' },
    { wake: ['beauty', 'mafia', 'don'], acts: ['guess'], note: "beauty (guess) or the mafia's УГАДАЙКА" },
    { wake: ['recruiter'], acts: ['recruit'], note: 'recruiter (recruit)' },
    { wake: ['commissar'], acts: ['check', 'compare'], note: 'commissar (check)' },
    { wake: ['journalist'], acts: ['compare'], note: 'journalist (compare)' },
    { wake: ['doctor'], acts: ['heal'], note: 'doctor (heal)' },
    { wake: ['maniac'], acts: ['kill'], note: 'maniac (kill)' },
    { wake: ['psycho'], acts: ['kill'], note: 'psycho (kill, once nominated)' },
    { wake: ['cheater'], acts: ['copy', 'kill'], note: 'cheater (copy)' },
    { wake: ['werewolf'], acts: ['guess'], note: 'werewolf (guess)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-VOTE-7', 'R-VOTE-9', 'R-VOTE-10', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-3', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE', 'R-MOD', 'R-PRESET',
  ],
  composition: piterComposition,
  checkComposition: mafiaMinorityCheck(MAFIA_TEAM),
};

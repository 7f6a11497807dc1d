import type { RoleId } from '../ids.js';
import type { RoleDef } from '../model/role.js';
import { doctorJustMafia } from '../roles/doctor.js';
import { maniacJustMafia } from '../roles/maniac.js';
import { loverJustMafia } from '../roles/lover.js';
import { sheriffShooter } from '../roles/sheriff.js';
import { lawyerAlibi } from '../roles/lawyer.js';
import { werewolfTown } from '../roles/werewolf.js';
import { classicMafiaCount } from './classic.js';
import { BASE_OPTIONS } from './options.js';
import { count, fillWithCivilians } from './compose.js';
import type { Preset } from './types.js';

/**
 * The JustMafia Lawyer (000 extended deck) is listed in the red camp with the alibi ability (RULES §6
 * Decision: one id, the preset picks ability and team): the alibi act of roles/lawyer.ts, on the town.
 */
export const lawyerParty: RoleDef = {
  ...lawyerAlibi,
  variant: 'party',
  team: 'town',
  summary: 'Town (seed 000 JustMafia extended deck). Each night gives one player an alibi for the next day\'s vote (R-VOTE-9); each player at most once per game.',
  appearsBlack: () => false,
  hostileShooter: false,
  acts: lawyerAlibi.acts.filter((a) => a.act === 'alibi'),
};

/**
 * R-PRESET party (seed 000 JustMafia deck). The basic deck for N players: the Don and
 * round(N / 3.5) − 1 Mafia, the Commissar, the Doctor, from 7 players the Maniac, the rest Civilians.
 * The host adds cards of the extended deck (Lover, shooting Sheriff, Journalist, Sleepwalker, Lawyer,
 * Werewolf, Student) by dealing the seats himself.
 */
export function partyComposition(players: number): RoleId[] | null {
  if (players < 5 || players > 20) return null;
  const m = classicMafiaCount(players);
  const roles: RoleId[] = ['don'];
  for (let i = 1; i < m; i++) roles.push('mafia');
  roles.push('commissar', 'doctor');
  if (players >= 7) roles.push('maniac');
  return fillWithCivilians(players, roles);
}

export const party: Preset = {
  id: 'party',
  name: { en: 'Party (JustMafia deck)', ru: 'Вечеринка (колода JustMafia)' },
  summary: 'Seed 000 JustMafia deck: basic (Mafia, Don, Civilian, Commissar, Doctor, Maniac) plus the extended deck the host picks (Lover, shooting Sheriff, Journalist, Sleepwalker, Lawyer, Werewolf, Student). Introduction night, open mafia choice with the Don deciding, cards shown on death.',
  sources: ['000_bf2bd4ef92232bc2.txt (JustMafia: базовая и дополнительная колода)'],
  minPlayers: 5,
  maxPlayers: 20,
  roles: ['civilian', 'mafia', 'don', 'commissar', 'doctor', 'maniac', 'lover', 'sheriff', 'journalist', 'sleepwalker', 'lawyer', 'werewolf', 'student'],
  roleDefs: { doctor: doctorJustMafia, maniac: maniacJustMafia, lover: loverJustMafia, sheriff: sheriffShooter, lawyer: lawyerParty, werewolf: werewolfTown },
  modifications: ['sherlock', 'bonnie-and-clyde'],
  uniqueRoles: ['don', 'commissar', 'doctor', 'lover', 'sheriff', 'journalist', 'sleepwalker', 'lawyer', 'werewolf', 'student'],
  defaults: { ...BASE_OPTIONS, mafiaShot: 'open', checkAnswersDead: true, doctorSelfHeals: 1 },
  options: [
    'firstNight', 'revealOnDeath', 'emergencyDay', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds',
    'nightVictimLastWord', 'foulsToSilence', 'foulsToRemove', 'removalCancelsVote', 'drawAfterQuietRounds',
    'wholeTableTieNobodyLeaves', 'liftVoteFourAliveTwoTied', 'liftVoteNineAliveThreeTied', 'checkAnswersDead',
    'doctorSelfHeals', 'mafiaShot',
  ],
  nightOrder: [
    { wake: ['mafia', 'don', 'lover', 'sleepwalker'], acts: ['kill'], note: 'mafia + lover (open choice; the Don decides) — the sleepwalker wakes with them' },
    { wake: ['don'], acts: ['check'], note: 'don (check: commissar?)' },
    { wake: ['lawyer'], acts: ['alibi'], note: 'lawyer (alibi)' },
    { wake: ['commissar'], acts: ['check', 'compare'], note: 'commissar (check)' },
    { wake: ['journalist'], acts: ['compare'], note: 'journalist (compare)' },
    { wake: ['sheriff'], acts: ['kill'], note: 'sheriff (shot, may skip)' },
    { wake: ['doctor'], acts: ['heal'], note: 'doctor (heal)' },
    { wake: ['maniac'], acts: ['kill'], note: 'maniac (kill)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-CHECK-2', 'R-PHASE', 'R-PHASE-1',
    'R-PHASE-2', 'R-PHASE-3', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6',
    'R-VOTE-9', 'R-FOUL', 'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-3', 'R-NIGHT-4', 'R-NIGHT-5', 'R-ROLE',
    'R-MOD', 'R-PRESET',
  ],
  composition: partyComposition,
  checkComposition(roles) {
    const black = count(roles, 'mafia') + count(roles, 'don') + count(roles, 'lover');
    if (count(roles, 'mafia') + count(roles, 'don') === 0) return 'the table needs at least one mafia or Don';
    if (black * 2 >= roles.length) return 'the mafia must start as a minority (R-WIN-MAFIA)';
    if (count(roles, 'maniac') > 2) return 'at most two Maniacs (two only with bonnie-and-clyde)';
    return null;
  },
};

import { BASE_OPTIONS } from './options.js';
import { count, DON_COMMISSAR_TABLE, fillWithCivilians } from './compose.js';
import type { Preset } from './types.js';

/** Sport / tournament mafia: seed 000 Moscow + 001, with the federation's tournament additions R-SPORT-1..6. */
export const sport: Preset = {
  id: 'sport',
  name: { en: 'Sport (tournament)', ru: 'Спортивная' },
  summary: 'Exactly 10 players: Don, 2 Mafia, Commissar, 6 Civilians. Checks on night 1, unanimous shot, cards hidden until the end, last word for everyone, fouls with removal at the 4th, best move, draw.',
  sources: ['000_bf2bd4ef92232bc2.txt (Московская мафия)', '001_4035ed5256f3edf6.txt', 'FIIM tournament additions (RULES.md R-SPORT)'],
  minPlayers: 10,
  maxPlayers: 10,
  ...DON_COMMISSAR_TABLE,
  defaults: {
    ...BASE_OPTIONS,
    firstNight: 'checks',
    revealOnDeath: false,
    speechSeconds: 60,
    lastWordSeconds: 60,
    foulsToRemove: 4,
    removalCancelsVote: true,
    bestMove: true,
    drawAfterQuietRounds: 3,
    wholeTableTieNobodyLeaves: true,
    repeatShrinkingRevote: true,
  },
  options: [
    'firstNight', 'revealOnDeath', 'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'foulsToSilence',
    'foulsToRemove', 'removalCancelsVote', 'bestMove', 'bestMoveTwoPoints', 'bestMoveThreePoints',
    'drawAfterQuietRounds', 'wholeTableTieNobodyLeaves', 'repeatShrinkingRevote', 'liftVoteFourAliveTwoTied',
    'liftVoteNineAliveThreeTied', 'emergencyDay',
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-PHASE-3', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6', 'R-FOUL',
    'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-2', 'R-NIGHT-4', 'R-NIGHT-5', 'R-SPORT', 'R-SPORT-1', 'R-SPORT-2',
    'R-SPORT-3', 'R-SPORT-4', 'R-SPORT-5', 'R-SPORT-6', 'R-ROLE', 'R-PRESET',
  ],
  composition(players) {
    return players === 10 ? fillWithCivilians(10, ['don', 'mafia', 'mafia', 'commissar']) : null;
  },
  checkComposition(roles) {
    if (count(roles, 'don') !== 1 || count(roles, 'mafia') !== 2 || count(roles, 'commissar') !== 1) {
      return 'sport is played by exactly 1 Don, 2 Mafia, 1 Commissar and 6 Civilians (R-PRESET)';
    }
    return null;
  },
};

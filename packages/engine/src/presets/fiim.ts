import { BASE_OPTIONS } from './options.js';
import { sport } from './sport.js';
import type { Preset } from './types.js';

/**
 * The federation's tournament rules (FIIM) as mafiaratings encodes them (R-FIIM-1..17): the `sport`
 * table (Don, 2 Mafia, Commissar, 6 Civilians; unanimous shot; cards hidden until the end;
 * R-SPORT-1..6) with an introduction night, the federation's fouls, removals, votes and tournament
 * points. Every R-FIIM choice is an option (`rulesCode` sets them all from a mafiaratings code).
 */
export const fiim: Preset = {
  id: 'fiim',
  name: { en: 'FIIM tournament', ru: 'Турнирная ФИИМ' },
  summary: 'The federation\'s tournament rules: exactly 10 players (Don, 2 Mafia, Commissar, 6 Civilians), introduction night, unanimous shot, cards hidden until the end, fouls (3rd: lost speech with the nomination kept, 4th: removal), the best move of the night-2 victim, the draw after three quiet nights, tournament points; options from a mafiaratings rules code.',
  sources: ['FIIM tournament rules as mafiaratings encodes them (RULES.md R-FIIM)', ...sport.sources],
  minPlayers: 10,
  maxPlayers: 10,
  roles: sport.roles,
  modifications: [],
  uniqueRoles: sport.uniqueRoles,
  defaults: {
    ...BASE_OPTIONS,
    fiim: true,
    // R-FIIM-1: night 1 is an introduction night (FIIM "night 0").
    firstNight: 'introduction',
    revealOnDeath: false,
    speechSeconds: 60,
    lastWordSeconds: 60,
    foulsToRemove: 4,
    removalCancelsVote: true,
    bestMove: true,
    // R-FIIM-3 replaces R-SPORT-4's draw; R-FIIM-5 replaces its whole-table tie.
    drawAfterQuietRounds: 0,
    drawAfterQuietNights: 3,
    wholeTableTieNobodyLeaves: false,
    repeatShrinkingRevote: true,
    // Not read in fiim (splitOnFour / splitOnNine decide): set as their defaults say, for the listings.
    liftVoteFourAliveTwoTied: true,
    liftVoteNineAliveThreeTied: false,
  },
  options: [
    'rulesCode', 'rotation', 'onRecord', 'onRecordCount', 'withdraw', 'firstVoting', 'splitOrder', 'killAll',
    'splitOnFour', 'splitOnNine', 'legacy', 'gameEndSpeech', 'threeFouls', 'techFouls',
    'speechSeconds', 'defenceSeconds', 'lastWordSeconds', 'shortSpeechSeconds',
    'winPoints', 'bestMoveTwoPoints', 'bestMoveThreePoints', 'removalPoints', 'teamDefeatPoints',
  ],
  nightOrder: [
    { wake: ['mafia', 'don'], acts: ['kill'], note: 'mafia (shot; every seat number is called, dead ones too)' },
    { wake: ['don'], acts: ['check'], note: 'don (check)' },
    { wake: ['commissar'], acts: ['check'], note: 'commissar (check; the FIIM Sheriff)' },
  ],
  rules: [
    'R-HOST-1', 'R-HOST-2', 'R-TEAM', 'R-WIN-0', 'R-WIN-TOWN', 'R-WIN-MAFIA', 'R-CHECK-1', 'R-PHASE', 'R-PHASE-1', 'R-PHASE-2',
    'R-PHASE-3', 'R-VOTE', 'R-VOTE-1', 'R-VOTE-2', 'R-VOTE-3', 'R-VOTE-4', 'R-VOTE-5', 'R-VOTE-6', 'R-FOUL',
    'R-FOUL-1', 'R-NIGHT', 'R-NIGHT-1', 'R-NIGHT-2', 'R-NIGHT-4', 'R-NIGHT-5', 'R-SPORT', 'R-SPORT-1', 'R-SPORT-2',
    'R-SPORT-3', 'R-SPORT-5', 'R-ROLE', 'R-PRESET', 'R-FIIM',
    'R-FIIM-1', 'R-FIIM-2', 'R-FIIM-3', 'R-FIIM-4', 'R-FIIM-5', 'R-FIIM-6', 'R-FIIM-7', 'R-FIIM-8', 'R-FIIM-9',
    'R-FIIM-10', 'R-FIIM-11', 'R-FIIM-12', 'R-FIIM-13', 'R-FIIM-14', 'R-FIIM-15', 'R-FIIM-16', 'R-FIIM-17',
  ],
  composition: sport.composition,
  checkComposition(roles) {
    const problem = sport.checkComposition!(roles);
    return problem === null ? null : problem.replace(/^sport/, 'fiim');
  },
};

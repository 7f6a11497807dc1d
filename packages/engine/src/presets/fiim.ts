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
  // sport's table and its R-SPORT-1..3, 5 (60-s speeches and last words, the 4th foul's removal, the
  // best move, repeated re-votes), with the federation's choices on top.
  defaults: {
    ...sport.defaults,
    fiim: true,
    // R-FIIM-1: night 1 is an introduction night (FIIM "night 0").
    firstNight: 'introduction',
    // R-FIIM-3 replaces R-SPORT-4's draw; R-FIIM-5 replaces its whole-table tie.
    drawAfterQuietRounds: 0,
    drawAfterQuietNights: 3,
    wholeTableTieNobodyLeaves: false,
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
  // sport's rules, but R-SPORT-4 (replaced by R-FIIM-3 and R-FIIM-5) and R-SPORT-6 (by R-FIIM-6), and the R-FIIM ones.
  rules: [
    ...sport.rules.filter((id) => id !== 'R-SPORT-4' && id !== 'R-SPORT-6'),
    'R-FIIM', ...Array.from({ length: 17 }, (_, k) => `R-FIIM-${k + 1}`),
  ],
  composition: sport.composition,
  checkComposition(roles) {
    const problem = sport.checkComposition!(roles);
    return problem === null ? null : problem.replace(/^sport/, 'fiim');
  },
};

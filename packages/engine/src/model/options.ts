// The game's options (a leaf: the state, the roles and the presets all name them).

/**
 * Every option a preset may expose. A preset lists the subset it knows (with its defaults);
 * an option a preset does not list is refused when a game is set up.
 */
export interface GameOptions {
  /** R-PHASE-5: false for the short game (days only). */
  nights: boolean;
  /**
   * R-PHASE-1: what night 1 allows: nothing (introduction), checks only (sport; nobody dies), or
   * everything (`active`: the club preset of seed 004, whose first night kills).
   */
  firstNight: 'introduction' | 'checks' | 'active';
  /** R-NIGHT-2 unanimous shot, R-NIGHT-3 open choice. */
  mafiaShot: 'unanimous' | 'open';
  /** R-WIN-MAFIA: parity (alive mafia ≥ the rest) or strict majority. */
  mafiaWin: 'parity' | 'majority';
  /** R-VOTE-5: show the role of a player who leaves the game. */
  revealOnDeath: boolean;
  /** R-PHASE-4: 3 vs 4 or 2 vs 3 after a day: another day instead of the night. */
  emergencyDay: boolean;
  /** R-PHASE-2: seconds per day speech. */
  speechSeconds: number;
  /** R-VOTE-2 / R-VOTE-6: seconds of defence and of the tie speech. */
  defenceSeconds: number;
  /** R-PHASE-3: seconds of the last word. */
  lastWordSeconds: number;
  /** R-PHASE-3: players killed at night get a last word in the morning. */
  nightVictimLastWord: boolean;
  /** R-PHASE-3: who of the players executed by the day vote gets a last word: everyone, or (Piter) only those with no checking ability who are not mafia. */
  executedLastWord: 'always' | 'piter';
  /** R-ROLE Commissar (000 tabletop): killed at night by a dark role, he leaves a dying note naming one player. */
  commissarDyingNote: boolean;
  /** R-FOUL-1: the foul that costs the player his next speech. */
  foulsToSilence: number;
  /** R-SPORT-1: the foul that removes the player at once (0: fouls never remove). */
  foulsToRemove: number;
  /** R-SPORT-1: a removal during the day cancels that day's vote (or the next day's, once decided). */
  removalCancelsVote: boolean;
  /** R-SPORT-3: the first night victim names three players. */
  bestMove: boolean;
  /** R-SPORT-3: tournament points for naming 2 or 3 mafia. */
  bestMoveTwoPoints: number;
  bestMoveThreePoints: number;
  /** R-SPORT-4: draw after this many nights and days in a row with nobody leaving (0: never). */
  drawAfterQuietRounds: number;
  /** R-SPORT-4: the whole table tied at the vote: nobody leaves, no re-vote. */
  wholeTableTieNobodyLeaves: boolean;
  /** R-SPORT-5: a re-vote that ties among fewer players is held again among those. */
  repeatShrinkingRevote: boolean;
  /** R-SPORT-6: hold the lift vote with 4 alive and 2 tied. */
  liftVoteFourAliveTwoTied: boolean;
  /** R-SPORT-6: hold the lift vote with 9 alive and 3 tied. */
  liftVoteNineAliveThreeTied: boolean;
  /** R-ROLE Commissar (000): a check on a player killed that same night answers "dead". */
  checkAnswersDead: boolean;
  /** R-ROLE Doctor: how many times per game the Doctor may heal himself. */
  doctorSelfHeals: number;
  /** The day's voting procedure: sequential (R-VOTE-1..6), two-stage (Piter, R-VOTE-7) or circular (R-VOTE-8). */
  voting: 'sequential' | 'two-stage' | 'circular';
  /** R-ROLE Beauty (Piter): guesses per game the whole mafia gets (УГАДАЙКА) when no Beauty is in play. */
  mafiaGuesses: number;
  /**
   * R-FIIM: the federation's tournament procedure (fixed by the `fiim` preset, never set by a user):
   * kept nominations after the 3rd foul, fouls at night and in a last word, dead seats called at
   * night, the final minute, team defeat, the quiet-night draw, tournament points.
   */
  fiim: boolean;
  /** R-FIIM-3: draw when this many shooting nights in a row (night 2 on) kill nobody and nobody leaves between them (0: never). */
  drawAfterQuietNights: number;
  /** R-FIIM-17: the mafiaratings rules code (13 digits) the options below were set from. */
  rulesCode: string;
  /** R-FIIM-9 (6.3): each day's first speaker. */
  rotation: 'first' | 'last';
  /** R-FIIM-17: «on record» (kept for the record and shown to the host; changes nothing the protocol records). */
  onRecord: 'no' | 'night-killed' | 'killed' | 'except-split' | 'all';
  onRecordCount: number;
  /** R-FIIM-10 (7.5): withdrawing a nomination (kept for the record; the protocol lists final nominations). */
  withdraw: 'allowed' | 'auto' | 'no';
  /** R-FIIM-7 (7.16): the day-1 vote. */
  firstVoting: 'standard' | 'to-talk' | 'no-break' | 'self-break';
  /** R-FIIM-8 (7.18): the order of the re-vote after a tie. */
  splitOrder: 'same' | 'reverse';
  /** R-FIIM-5 (7.21): the whole table tied twice. */
  killAll: 'no' | 'draw';
  /** R-FIIM-6 (7.22): 4 alive, 2 tied twice. */
  splitOnFour: 'allowed' | 'prohibited';
  /** R-FIIM-6 (7.23): 9 alive, 3 tied twice. */
  splitOnNine: 'yes' | 'no' | 'after1';
  /** R-FIIM-4 (8.17): the best move of the night-2 victim. */
  legacy: 'first' | 'no';
  /** R-FIIM-13 (8.19): the final minute of the last player out when a vote or a shot decides the game. */
  gameEndSpeech: 'yes' | 'no';
  /** R-FIIM-2 (9.5): what the 3rd foul costs. */
  threeFouls: 'lose-speech' | 'short-speech' | 'none';
  /** R-FIIM-14 (9.6): technical fouls (the 2nd removes the player). */
  techFouls: 'no' | 'yes';
  /** R-FIIM-2: seconds of the short speech (3rd foul with 3–4 alive, or `short-speech`). */
  shortSpeechSeconds: number;
  /** R-FIIM-16: tournament points of each player of the winning team. */
  winPoints: number;
  /** R-FIIM-16: tournament points of a removal by fouls or disqualification (negative). */
  removalPoints: number;
  /** R-FIIM-16: tournament points of the offender of a team defeat, in all (negative). */
  teamDefeatPoints: number;
}

export type OptionName = keyof GameOptions;

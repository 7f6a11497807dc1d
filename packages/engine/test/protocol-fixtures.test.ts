/**
 * Complete games as protocols (spec/protocol.md), each with its expected result worked out by hand
 * from RULES.md: fixtures/protocols/NAME.json and NAME.result.json. Every fixture is replayed and
 * its result compared with deep equality.
 *
 * - classic-town-wins: R-WIN-TOWN, R-CHECK-1 (useful check +1), R-VOTE-3, R-VOTE-4 (single from day 2)
 * - classic-mafia-wins: R-WIN-MAFIA, R-NIGHT-2, R-VOTE-4 (single on day 1)
 * - classic-revote: R-VOTE-6 re-votes
 * - classic-lift-vote: R-VOTE-6 "all tied leave"
 * - classic-emergency-day: R-PHASE-4
 * - sport-fouls: R-FOUL-1, R-PHASE-1 (checks on night 1)
 * - sport-fourth-foul: R-SPORT-1 (removal cancels the vote), −2 for a removal
 * - sport-best-move: R-SPORT-3
 * - sport-draw: R-SPORT-4, R-SPORT-5 (same pair tied twice → lift vote)
 * - short-4-players: R-PHASE-5
 * - club-immunity-town-wins: club (seed 004): active night 1, R-MOD first-victim immunity, R-CHECK-3,
 *   Doctor saves (+1), Maniac shot, the Sheriff's find (+1)
 * - tabletop-town-wins: tabletop (seed 000): Doctor save (+1) and "not twice in a row", R-VOTE-4
 * - piter-psycho-kamikaze: piter (seed 000): two-stage votes (R-VOTE-7), the Psycho turns as a
 *   defender (R-ROLE), УГАДАЙКА kills the Immortal through nothing, the Kamikaze takes the Don, the
 *   Commissar's find (+1), R-WIN-TOWN with the Psycho gone
 * - extended-lawyer-heir: extended (seed 002): circular votes (R-VOTE-8), the Lawyer's block (heal and
 *   check `blocked`), the Girl's alibi (R-VOTE-9), the Immortal survives, the Lawyer turns shooter
 * - tabletop-lover-gangster: tabletop: Lover's charm on night 2, Gangster shoots with the mafia and is
 *   black, the Commissar's "dead" answer; a game not over (winner null)
 * - party-journalist-sheriff: party (JustMafia deck): Journalist's compare (R-CHECK-2), shooting Sheriff,
 *   the Doctor cannot save the Maniac's victim, the Maniac seen as town; town wins once the Maniac falls
 *
 * Rules audit (worked out by hand; docs/decisions.md "Rules audit"):
 * - sport-revote-shrinks-then-lift: R-SPORT-5 (3-way tie → 2-way → same pair again), lift passes, R-WIN-TOWN
 * - sport-whole-table-tie-then-draw: R-SPORT-4 whole table tied, misses (R-NIGHT-2), failed lift, draw
 * - sport-removals-give-mafia-the-game: R-FOUL-1, R-SPORT-1 (4th foul cancels the vote), R-SPORT-2, best move
 *   (R-SPORT-3), −2 per removal
 * - sport-no-lift-vote-four-alive-two-tied: R-SPORT-6 with the option off
 * - classic-emergency-day-numbering: R-PHASE-4 (day 4, day 5 emergency, night 6), checks after a kill
 * - club-beauty-doctor-maniac, club-beauty-killed-host-dies-no-save, club-maniac-wins-alone: Beauty's "nobody
 *   home" and chain, Doctor limits, R-CHECK-3, useful actions only for a player who lives, Maniac's 7
 * - piter-elder-alibi-rake-recruit, piter-werewolf-takes-commissar, piter-cheater-psycho-kamikaze
 * - extended-student-werewolf-cop-block, extended-immortal-one-on-one-loses, extended-name-in-blood-lawyer-turns
 * - party-commissar-dead-only-for-mafia-victim, party-student-werewolf-turn, tabletop-lover-charm-gangster-black
 * - error-*: `{"error": {code, rule, path}}` (matched on those keys; mafia replay exits 2)
 *
 * Rules audit 2 (sport and classic day procedure, worked out by hand; docs/decisions.md "Rules audit 2"):
 * - sport-one-nominee-misses-late-best-move: R-VOTE-4 (day 1 lone nominee stays; zero nominees; lone nominee
 *   leaves from day 2), R-NIGHT-2 (a split shot and a missing gesture are misses), R-PHASE-1 (checks on night 1),
 *   R-CHECK-1, R-SPORT-3 (best move on the day after the first night that kills anyone: night 4 here)
 * - sport-leftover-votes-to-last-nominee: R-VOTE-3 (unlisted voters go to the last nominee; no `votes` at all),
 *   R-WIN-TOWN, the Commissar's find +1
 * - sport-revote-leftover-to-last-tied-mafia-parity-at-night: R-VOTE-6 re-vote, R-VOTE-3 leftovers to the last
 *   tied nominee (not the last nominee of the day), R-SPORT-3, R-WIN-MAFIA parity after a night kill
 * - sport-lift-five-fails-at-ten-passes-at-nine: R-VOTE-6 lift majority (5 of 10 fails, 5 of 9 passes),
 *   R-SPORT-5 (the same three tie twice), R-SPORT-6 (9 alive, 3 tied: held by default), R-SPORT-3 (3 mafia named)
 * - sport-no-lift-nine-alive-three-tied-option: R-SPORT-6 with liftVoteNineAliveThreeTied off
 * - classic-eleven-revote-shrinks-to-lift-six-of-eleven: R-VOTE-6 at 11 alive (6 for passes); without R-SPORT-5
 *   a re-vote tie among fewer goes straight to the lift vote among them
 * - sport-mafia-parity-after-day-vote: R-WIN-MAFIA after a day vote (3 v 3; no emergency day in sport), R-NIGHT-4
 *   (a Commissar shot tonight still gets tonight's answer), the Don finds the Commissar
 * - sport-removed-nominee-cancels-vote-last-mafia-fouled-out: R-SPORT-1 (`removed` and a 4th foul cancel the
 *   day's vote), R-SPORT-2 (the last mafia's removal wins for the town), −2 per removal, R-SPORT-3
 * - classic-removed-nominee-dropped-vote-goes-on: R-FOUL-1 removals in classic: the removed nominee is dropped,
 *   a day-1 lone nominee stays (R-VOTE-4), the vote goes on among the others
 * - classic-emergency-day-ends-in-mafia-parity: R-PHASE-4 (3 v 4 after a day), R-WIN-MAFIA on the emergency day
 * - sport-third-foul-costs-one-speech-fourth-removes: R-FOUL-1 (the 3rd foul costs one speech only: the player
 *   nominates again the day after), R-SPORT-1 (the 4th removes him and cancels that day's vote)
 * - sport-whole-table-tie-at-four-then-mafia-wins: R-SPORT-4 (4 alive, all nominated, one vote each: nobody
 *   leaves), R-VOTE-3 (leftover to the last nominee), R-WIN-MAFIA at 1 v 1 after a day vote
 * - error-* of audit 2: R-VOTE-1 (dead nominee, nominee twice, nominator twice), R-VOTE-3 (a voter twice, a
 *   `votes` key that is not a nominee, a removed voter), R-VOTE-4 (votes on day 1 with one nominee), R-VOTE-6
 *   (re-vote without a tie, a second re-vote at the lift stage, a lift vote R-SPORT-6 does not hold),
 *   R-SPORT-1 (votes after a sport removal), R-SPORT-3 (best move naming himself, by a survivor, in classic),
 *   R-WIN-0 (a foul after a removal ended the game), R-PRESET (unknown option, 9 seats in sport), R-ROLE (a
 *   self-check), INPUT (format version, act without target, seat as a string, `revote` not an object)
 *
 * Rules audit 4 (extended, tabletop, short and the modifications, worked out by hand; docs/decisions.md
 * "Rules audit 4"):
 * - extended-circle-down-silent-voters-second-tie-nobody: R-VOTE-8 (circle from 4 going down; a silent voter
 *   counts against the circle's last candidate, or the one before him when he is last himself; tie → second
 *   round among the tied in circle order → tied again → nobody), R-WIN-TOWN
 * - extended-werewolf-stays-town-against-immortal: R-ROLE Werewolf (002: no turn that would win at once — 1-on-1
 *   with the Immortal, who loses to any shooter of another team); the town wins (bug fixed)
 * - extended-student-takes-the-maniac-and-wins-alone: R-ROLE Student (teacher the Maniac), R-ROLE Maniac (002
 *   1-on-1); the executed Maniac is not among the winners and gets no points (bug fixed)
 * - extended-second-maniac-without-bonnie-and-clyde-wins-alone: two Maniacs without the modification are two
 *   solo players: the one left 1-on-1 wins alone, the other (shot by him) does not (bug fixed)
 * - extended-lawyer-leaves-first-student-waits-for-a-shooter: R-ROLE Student (the Lawyer does not shoot, so he
 *   is no teacher; the Mafia is)
 * - extended-maniac-one-on-one-with-mafia: R-ROLE Maniac (002: 1-on-1 with any role; solo beats team), Doctor
 *   saves from every attempt (+1)
 * - extended-bonnie-and-clyde-block-both-majority: R-MOD bonnie-and-clyde (blocking one Maniac blocks both;
 *   majority win, both Maniacs win), the Lawyer turns shooter
 * - extended-heir-black-widow-shoots: R-MOD heir + black-widow (the Widow becomes the shooter)
 * - extended-mafia-needs-a-majority: R-WIN-MAFIA majority (2 v 2 plays on), Black Widow silences herself
 *   (R-VOTE-11, no mark: the vote stays)
 * - extended-sherlock-werewolf-town-maniac-apart: R-MOD sherlock (Werewolf same as town, Maniac different),
 *   the Immortal, the Cop's shot, two useful heals
 * - tabletop-three-players-mafia-wins-one-on-one, tabletop-fifteen-charm-not-against-maniac-split-miss:
 *   R-PRESET tabletop 3 and 15 players, the Lover's charm (mafia only, even nights), the Doctor cannot save the
 *   Maniac's victim, the Maniac seen as town, an open-choice split without a Don is a miss
 * - short-three-players-mafia-wins-by-vote, short-five-tie-revote-lift-town-wins: R-PHASE-5 and the classic day
 *   procedure (R-VOTE-4, R-VOTE-6 re-vote and lift)
 * - club-first-victim-immune-night-1-and-day-1: R-MOD first-victim-immunity (night-1 kill missed, day-1
 *   execution refused as an alibi)
 * - error-* of audit 4: R-VOTE-8 (self-vote, a changed vote, a second-round vote for an untied player, a circle
 *   in a sequential game), R-ROLE (Girl alibi on herself, Widow's alibi, silence after the heir turned, Lawyer
 *   and Doctor two nights running, a second tabletop self-heal, the Lover on odd nights, a Cop who skips),
 *   R-PHASE-1 (acts on the introduction night), R-PHASE-5 (a night in the short game), R-MOD (name in blood
 *   with 3 left, a modification the preset lacks), R-PRESET (19 at tabletop, two Gangsters, short with 6 or
 *   2 Mafia)
 *
 * Rules audit 3 (piter, club, party, worked out by hand; docs/decisions.md "Rules audit 3"):
 * - piter-kamikaze-healed-then-guessed-no-revenge: R-ROLE Kamikaze (a healed shot is no kill: no revenge when a
 *   guess kills him), УГАДАЙКА through the heal, the Commissar's find +1
 * - piter-kamikaze-takes-don-and-maniac: R-NIGHT-3 (the Don's side of a split), the Kamikaze takes the lowest mafia
 *   shooter and the Maniac, the Maniac red to the Commissar, R-VOTE-7 (defenders vote for each other), R-WIN-TOWN
 *   (the Maniac already gone; he gets no town points)
 * - piter-abstain-single-defender-alibi-next-day-only: R-VOTE-7 (abstentions, a single defender's second vote),
 *   R-VOTE-9 (the alibi covers the next day only; the Lawyer on himself once), the Piter Don red to the Commissar,
 *   Doctor saves +1, one self-heal
 * - piter-revote-tie-heal-saves-from-maniac: R-VOTE-7 tie at the second stage (nobody), the Immortal survives the
 *   shot, the Piter heal covers the Maniac and the mafia at once, the town wins only once the Maniac is gone
 * - piter-werewolf-takes-don-keeps-living-at-five: the Werewolf's right guess on the Don (he becomes the Don, red to
 *   the Commissar, no longer dies at 5), R-WIN-TOWN with him executed
 * - piter-journalist-and-commissar-answers: R-CHECK-2 (mafia/mafia same, unturned Psycho town, solo/solo different,
 *   the Journalist with himself), R-CHECK-1 (Werewolf, Cheater, Don red; Mafia black)
 * - piter-rake-takes-a-protected-voter: R-VOTE-7, the Rake takes a voter holding an alibi
 * - piter-checks-see-transformations-from-next-night: the Werewolf's takeover and the recruit seen by checks
 *   from the next night
 * - piter-psycho-turns-cheater-copies-heal-and-shot: the Psycho turns as a defender and kills, the Cheater's copied
 *   heal saves (no +1) and copied shot kills a mafioso, R-WIN-TOWN once the Psycho is executed (the Cheater stays)
 * - piter-cheater-wins-against-two-non-shooters: the Cheater's copied team shot, his solo win (alone against two
 *   non-shooting players); no win points for a Cheater
 * - piter-psycho-wins-one-on-one: the Psycho turns as a defender, shoots the Don, wins 1-on-1 with the Doctor
 * - piter-heal-on-shot-immortal-saves-nobody: immortality covers the shot, so the heal is no useful action; the
 *   Immortal dies by execution
 * - club-don-finds-sheriff-maniac-black-after-mafia: active night 1, the Don finds the Sheriff, R-CHECK-3 (no +1
 *   for the Maniac shown black), the club heal covers the Maniac, one self-heal, R-VOTE-4 single nominees
 * - club-beauty-with-mafioso-shot-takes-him: the mafia shoot the Beauty and her host (a mafioso) dies with her
 * - club-don-decides-split-then-split-without-don-misses: R-NIGHT-3 (the Don overrules two mafia; without the Don a
 *   1–1 split is a miss), the Maniac kills the Don and a mafioso, heals and visits on untargeted players earn nothing
 * - club-sheriff-dead-answer-only-for-mafia-victim: `checkAnswersDead` for the detective Sheriff (the Maniac's
 *   victim gets the ordinary answer)
 * - party-lawyer-alibi-doctor-cannot-stop-maniac: the town Lawyer's alibi in a sequential vote (R-VOTE-9), the
 *   JustMafia heal (not against the Maniac), the Lover is black and does not shoot
 * - party-sheriff-shoots-last-don-werewolf-turns: the shooting Sheriff, the town Werewolf turns when the mafia is
 *   gone and is not a town winner
 * - party-werewolf-turns-checked-black-wins-one-on-one: the turned Werewolf black to the Commissar (no +1), his
 *   1-on-1 win (parity preset)
 * - party-student-becomes-maniac-and-wins: the Student takes the executed Maniac's role (seen as town, the JustMafia
 *   heal does not stop him), wins 1-on-1 with a town player; only he wins and gets 7 (not the dead teacher)
 * - error-piter-*, error-club-*, error-party-*: R-VOTE-7 (self-vote, second stage for a non-defender, a second
 *   stage without defenders), R-VOTE-9 (alibi twice to one player), R-PHASE-1 (acts on the introduction night),
 *   УГАДАЙКА (two in a night, a third in a game, while the Beauty lives), the Rake without an execution, the Doctor
 *   (same patient twice, a second self-heal), the Beauty (herself, same host twice), the club Maniac (same victim
 *   twice), acts by the dead (a Kamikaze's victim, a shot Sheriff), by roles without the act (Civilian, party
 *   Lover, Sleepwalker), a role the preset lacks
 *
 * FIIM (issue 13, worked out by hand from RULES.md R-FIIM; each sets its options with a rules code, and
 * every value of every option is in one of them):
 * - fiim-default-code-best-move-final-minute (0002000010000): R-FIIM-7 standard day 1, R-FIIM-8 same order
 *   (the re-vote's silent voters to the last tied nominee), R-FIIM-4 best move of the night-2 victim (+0.4),
 *   R-FIIM-13 the final minute (a 4th foul on the last mafioso and a player leaving the table change nothing,
 *   −0.5 and 0), R-FIIM-16 extra points; the Commissar's check the night he is shot (+1 in `scores`)
 * - fiim-to-talk-reverse-kill-all-draw-legacy-no (1110111101111): R-FIIM-7 to-talk (the winner stays),
 *   R-FIIM-14 a technical foul, R-FIIM-4 legacy no (nothing recorded), R-FIIM-5 the whole table tied twice
 *   (re-vote in reverse order, R-FIIM-8), the lift vote passes: a draw; rotation last, withdraw allowed,
 *   night-killed on record, split on four prohibited, split on nine yes, short speech, no final minute
 * - fiim-no-break-nine-after1-three-fouls-none (0291200020020): R-FIIM-7 no-break (the winner stays),
 *   R-FIIM-2 none (three fouls cost nothing), R-FIIM-6 after1 (9 alive, 3 tied twice on day 2: no lift),
 *   R-FIIM-10 self-nomination, R-FIIM-13 a disqualification in the final minute (−0.5)
 * - fiim-self-break-nine-yes-lift-gives-mafia-the-game (0332300000000): R-FIIM-7 self-break (a winner who did
 *   not vote for himself stays), R-FIIM-6 split on nine yes (the lift vote passes, parity: the mafia win),
 *   R-FIIM-4 two mafia named (+0.25), R-FIIM-16 the night-2 victim marked (`shotFirstNight`)
 * - fiim-night-fouls-removal-team-defeat (0402000010000): R-FIIM-11 fouls at night (the 4th removes at dawn),
 *   R-FIIM-12 the next day's vote cancelled, R-FIIM-15 the Don's team defeat at night (−0.7, the town wins)
 * - fiim-split-on-four-prohibited (0002000110000): R-FIIM-6 (4 alive, 2 tied twice: nobody leaves)
 * - error-fiim-*: R-FIIM-17 (a digit past its list), R-FIIM-14 (technical fouls off), R-FIIM-13 (a foul after
 *   the deciding shot with gameEndSpeech no); error-sport-night-fouls: tournament fields outside fiim
 *
 * Fouls in their order (issue 23 point 16; one game to day 3, where the Don 5 is the last mafioso with 2
 * fouls and seat 1 speaks last; worked out by hand; docs/decisions.md "Issue 23: fouls in their order"):
 * - fiim-last-speaker-fouls-before-a-game-ending-fourth-foul: the last speaker's 2 fouls written before the
 *   Don's 3rd and 4th are given before them (R-FIIM-12: the removal; R-SPORT-2: the town wins), R-FIIM-16
 *   (−0.5 for the removal, +0.25 best move of 2 mafia), the Commissar's find (+1 in `scores`)
 * - fiim-last-speaker-removed-then-fourth-foul-ends-game: the last speaker's 4th foul ends the speeches and
 *   cancels the vote (R-FIIM-12); a foul and the Don's 4th written after it are still given in that day:
 *   the town wins, both removed players −0.5 (R-FIIM-16)
 * - error-fiim-foul-after-a-removal-ended-the-game: the last speaker's fouls written after the Don's 4th
 *   foul ended the game: no final minute after a removal (R-FIIM-13), refused at the first of them
 * - fiim-final-minute-penalties-in-written-order: the lone nominee's execution decides the game; the final
 *   minute's fouls (his 4th: −0.5), a player leaving the table (0) and extra points, in the order written,
 *   count for points only (R-FIIM-13, R-FIIM-16)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { replayProtocol } from '@mafia/engine';

// A replay that never stops fails instead of hanging the suite (see runaway-guard.ts).
vi.mock('../src/game/game.js', async (orig) => (await import('./runaway-guard.js')).guardGame(await orig()));

const dir = fileURLToPath(new URL('./fixtures/protocols/', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(dir + file, 'utf8'));
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.result.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

describe('protocol fixtures', () => {
  it('every_fixture_has_an_expected_result', () => {
    expect(names.length).toBeGreaterThanOrEqual(9);
    const files = readdirSync(dir);
    for (const name of names) expect(files).toContain(`${name}.result.json`);
  });

  for (const name of names) {
    it(`replays_${name}`, () => {
      const out = replayProtocol(read(`${name}.json`));
      const expected = read(`${name}.result.json`) as { error?: Record<string, string> };
      // An error protocol's expectation is `{"error": {code, rule, path}}` as `mafia replay` prints it
      // (exit 2); the wording of the message is not pinned, only its rule id prefix.
      if (expected.error !== undefined) {
        expect(out.ok).toBe(false);
        if (!out.ok) {
          expect(out.error).toMatchObject(expected.error);
          expect(out.error.message.startsWith(out.error.rule === 'INPUT' ? '' : `${out.error.rule}:`)).toBe(true);
        }
        return;
      }
      expect(out.ok ? out.result : out.error).toEqual(expected);
    });
  }
});

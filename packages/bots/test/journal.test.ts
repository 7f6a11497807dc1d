/**
 * Issue 27 point 4: the heuristic bot's journal — what it did and why, for the review of a practice
 * game. Keeping it changes no decision; its reasons are the ones its play rests on.
 */
import { describe, expect, it } from 'vitest';
import type { Said } from '@mafia/engine';
import { createBot, playGame, viewOf, type Bot, type JournalEntry } from '../src/index.js';
import { S, view } from './tableView.js';

function journaled(out: Map<number, Bot>) {
  return (kind: Parameters<typeof createBot>[0], seat: Parameters<typeof createBot>[1], seed: number): Bot => {
    const bot = createBot(kind, seat, seed, { journal: true });
    out.set(seat, bot);
    return bot;
  };
}

describe('the bots\' journal', () => {
  it('keeping_a_journal_changes_no_decision', () => {
    for (let g = 0; g < 30; g++) {
      const plain = playGame({ preset: 'sport', players: 10, seed: `j/${g}`, bots: 'heuristic' });
      const kept = playGame({ preset: 'sport', players: 10, seed: `j/${g}`, bots: 'heuristic', makeBot: journaled(new Map()) });
      expect(kept).toEqual(plain);
    }
  });

  it('every_vote_nomination_and_act_is_written_with_a_reason_the_review_can_word', () => {
    const codes = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const bots = new Map<number, Bot>();
      playGame({ preset: 'club', players: 10, seed: `k/${g}`, bots: 'heuristic', makeBot: journaled(bots) });
      for (const bot of bots.values()) {
        const j = bot.journal as readonly JournalEntry[];
        for (const e of j) {
          expect(e.target).toBeGreaterThanOrEqual(1);
          expect(e.n).toBeGreaterThanOrEqual(1);
          expect(['day', 'night']).toContain(e.phase);
          codes.add(e.reason.code);
        }
      }
    }
    // Over forty club games the town's and the mafia's reasons both appear.
    for (const c of ['namedBlack', 'crowd', 'mafiaPush', 'shotAgreed', 'shotClaimant', 'coverClaimant', 'coverTrusted', 'checkSuspect', 'quietDay', 'secondCandidate', 'donSearch']) expect(codes, c).toContain(c);
  });

  it('a_quiet_days_nomination_is_journaled_as_one_that_gives_the_day_a_vote_not_as_the_tables', () => {
    // Day 2, nobody nominated, nothing known: a town player nominates on some speeches, at random.
    const quiet = view({ me: 3, phase: { kind: 'day', n: 2 } });
    let nominated = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const bot = createBot('heuristic', S(3), seed, { journal: true });
      if (bot.decide(viewOf(quiet), { kind: 'nominate', seat: S(3) }) === null) continue;
      nominated++;
      expect((bot.journal as readonly JournalEntry[]).at(-1)!.reason).toEqual({ code: 'quietDay' });
    }
    expect(nominated).toBeGreaterThan(0);
  });

  it('the_dons_check_is_journaled_as_a_search_and_the_sheriffs_as_a_suspicion', () => {
    // The Don checks at random among the unchecked (heuristic.ts checkTarget): no suspicion in it.
    const night = (me: number, role: 'don' | 'sheriff', team: 'mafia' | 'town') => view({ preset: 'club', me, role, team, phase: { kind: 'night', n: 2 } });
    const don = createBot('heuristic', S(5), 1, { journal: true });
    expect(don.decide(viewOf(night(5, 'don', 'mafia')), { kind: 'act', seat: S(5), acts: ['check'] })).toMatchObject({ type: 'act', act: 'check' });
    expect((don.journal as readonly JournalEntry[]).at(-1)!.reason).toEqual({ code: 'donSearch' });
    const sheriff = createBot('heuristic', S(3), 1, { journal: true });
    expect(sheriff.decide(viewOf(night(3, 'sheriff', 'town')), { kind: 'act', seat: S(3), acts: ['check'] })).toMatchObject({ type: 'act', act: 'check' });
    expect((sheriff.journal as readonly JournalEntry[]).at(-1)!.reason).toEqual({ code: 'checkSuspect' });
  });

  it('a_second_candidate_on_day_1_is_journaled_as_such', () => {
    // Day 1: the claimed Commissar (4) called 8 black and nominated him; a lone nominee of day 1 is
    // not voted on, so seat 3 gives the vote a second candidate: the player it trusts most.
    const said: Said[] = [
      { day: 1, by: S(4), statement: { kind: 'claim', role: 'commissar' } },
      { day: 1, by: S(4), statement: { kind: 'checked', target: S(8), night: 1, color: 'black' } },
    ];
    const day1 = view({ me: 3, phase: { kind: 'day', n: 1 }, nominations: [[4, 8]], said });
    const bot = createBot('heuristic', S(3), 1, { journal: true });
    const command = bot.decide(viewOf(day1), { kind: 'nominate', seat: S(3) });
    expect(command).toMatchObject({ type: 'nominate', by: 3 });
    expect((bot.journal as readonly JournalEntry[]).at(-1)).toMatchObject({ act: 'nominate', reason: { code: 'secondCandidate' } });
  });
});

/**
 * Issue 27 point 4: the heuristic bot's journal — what it did and why, for the review of a practice
 * game. Keeping it changes no decision; its reasons are the ones its play rests on.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playGame, type Bot, type JournalEntry } from '../src/index.js';

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
    for (const c of ['namedBlack', 'crowd', 'mafiaPush', 'shotAgreed', 'shotClaimant', 'coverClaimant', 'coverTrusted', 'checkSuspect']) expect(codes, c).toContain(c);
  });
});

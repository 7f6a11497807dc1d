import type { LeaderboardRow } from '@mafia/protocol';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rankByRating } from '../../src/club/ratings/leaderboard.js';
import { addMember, listMembers, updateMember } from '../../src/club/services/members.js';
import { TARGETS } from '../storageTargets.js';
import { clubContext, counts, refusal, type TestClub } from './clubs-context.js';
import { seedClub } from './clubs-fixture.js';

// Issue 24 point 6: «Еж» and «Ёж» are one nickname; nicknames list the Russian way (Ё with Е).

const row = (userId: string, nickname: string, overall: number): LeaderboardRow => ({
  rank: 0, userId, nickname, points: 0, penalties: 0, total: 0, evenings: 0, games: 0, wins: 0, winRate: 0,
  red: 0, black: 0, overall, gamesRed: 0, gamesBlack: 0,
});

describe('leaderboard ties by rating', () => {
  it('lists equal ratings by nickname the Russian way', () => {
    const rows = [row('u1', 'Яна', 1500), row('u2', 'ёж', 1500), row('u3', 'Жук', 1500), row('u4', 'Аня', 1600)];
    expect(rankByRating(rows, 'overall').map((r) => [r.rank, r.nickname])).toEqual([[1, 'Аня'], [2, 'ёж'], [2, 'Жук'], [2, 'Яна']]);
  });
});

for (const make of TARGETS) {
  const target = make();
  describe(`nicknames with Ё on ${target.name}`, () => {
    afterAll(() => target.cleanup());
    let t: TestClub;
    beforeEach(async () => { t = await clubContext(target); });
    afterEach(async () => t.close());

    it('a_nickname_differing_only_by_yo_is_taken_and_nothing_changes', async () => {
      const { admin, club, boris } = await seedClub(t);
      await addMember(t.ctx, admin, club.id, { email: 'ezh@example.com', nickname: 'Ёж' });
      const before = await counts(t.db);
      for (const nickname of ['Еж', 'ЕЖ', 'еж']) {
        const added = await refusal(addMember(t.ctx, admin, club.id, { email: 'other@example.com', nickname }));
        expect([added.code, added.status, added.extra.path]).toEqual(['nickname-taken', 409, 'nickname']);
        const renamed = await refusal(updateMember(t.ctx, admin, club.id, boris, { nickname }));
        expect([renamed.code, renamed.status]).toEqual(['nickname-taken', 409]);
      }
      expect(await counts(t.db)).toEqual(before);
    });

    it('the_member_list_is_in_russian_order_with_yo_under_ye', async () => {
      const { admin, club } = await seedClub(t);
      for (const [email, nickname] of [['y@example.com', 'Яна'], ['e@example.com', 'Ёлка'], ['z@example.com', 'Жук'], ['a@example.com', 'аист']]) {
        await addMember(t.ctx, admin, club.id, { email, nickname });
      }
      const names = (await listMembers(t.ctx, admin, club.id)).members.map((m) => m.nickname);
      const mine = names.filter((n) => ['Яна', 'Ёлка', 'Жук', 'аист'].includes(n));
      expect(mine).toEqual(['аист', 'Ёлка', 'Жук', 'Яна']);
    });
  });
}

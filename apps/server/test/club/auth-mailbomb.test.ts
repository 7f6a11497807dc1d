import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailboxKey } from '../../src/club/auth/mailbox.js';
import { TARGETS } from '../storageTargets.js';
import { Agent, signinTokenFrom, startClub, type ClubHarness } from './clubServer.js';

describe('the mailbox an address delivers to (issue 23 point 12)', () => {
  it('plus_tags_case_and_the_providers_dots_fold_into_one_mailbox', () => {
    expect(mailboxKey(' Victim+1@Club.Test ')).toBe('victim@club.test');
    expect(mailboxKey('victim+a+b@club.test')).toBe('victim@club.test');
    expect(mailboxKey('v.i.c.t.i.m+x@gmail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('Victim@GoogleMail.com')).toBe('victim@gmail.com');
    expect(mailboxKey('ivan.ivanov@ya.ru')).toBe('ivan-ivanov@yandex.ru');
    expect(mailboxKey('ivan-ivanov+club@yandex.com')).toBe('ivan-ivanov@yandex.ru');
    // Elsewhere a dot is a different mailbox.
    expect(mailboxKey('v.ictim@club.test')).toBe('v.ictim@club.test');
    expect(mailboxKey('+tag@club.test')).toBe('+tag@club.test');
  });
});

for (const make of TARGETS) {
  const target = make();
  describe(`mail bombing with plus-tags (${target.name})`, () => {
    let h: ClubHarness;
    beforeEach(async () => {
      h = await startClub(target);
    });
    afterEach(() => h.close());
    afterAll(() => target.cleanup());

    it('forty_plus_tagged_addresses_from_four_addresses_send_five_letters_and_make_no_account', async () => {
      const attackers = Array.from({ length: 4 }, () => new Agent(h));
      const answers: number[] = [];
      for (let i = 1; i <= 40; i++) {
        const r = await attackers[i % 4]!.post('/api/auth/link', { email: `victim+${i}@club.test` });
        answers.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json()).toMatchObject({ error: { code: 'too-many-requests', params: { retryAfterSeconds: expect.any(Number) } } });
          expect(r.json().error.message).toContain(`victim+${i}@club.test`);
        }
      }
      await h.club.jobs.runDue();
      expect(answers.filter((s) => s === 202)).toHaveLength(5);
      expect(answers.filter((s) => s === 429)).toHaveLength(35);
      expect(h.outbox.filter((m) => mailboxKey(m.to) === 'victim@club.test')).toHaveLength(5);
      // Nobody signed in: no account exists.
      expect(await h.club.context.db.selectFrom('users').selectAll().execute()).toEqual([]);
      // The first link used makes the one account, under the address it was sent to.
      const token = signinTokenFrom(h.outbox, h.outbox[0]!.to)!;
      const used = await new Agent(h).post('/api/auth/link/consume', { token });
      expect(used.statusCode).toBe(200);
      expect(used.json().user).toMatchObject({ email: h.outbox[0]!.to });
      expect((await h.club.context.db.selectFrom('users').select('email').execute()).map((u) => u.email)).toEqual([h.outbox[0]!.to]);
    });

    it('a_known_and_an_unknown_address_both_wait_for_the_link_and_the_second_link_of_a_new_address_finds_its_account', async () => {
      const a = new Agent(h);
      for (let i = 0; i < 2; i++) expect((await a.post('/api/auth/link', { email: 'new@club.test' })).statusCode).toBe(202);
      await h.club.jobs.runDue();
      const tokens = h.outbox.map((m) => /\/signin\/([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
      expect(tokens).toHaveLength(2);
      const first = await new Agent(h).post('/api/auth/link/consume', { token: tokens[0] });
      const second = await new Agent(h).post('/api/auth/link/consume', { token: tokens[1] });
      expect(first.json().user.id).toBe(second.json().user.id);
      expect(await h.club.context.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
      const again = await new Agent(h).post('/api/auth/link/consume', { token: tokens[0] });
      expect(again.json()).toMatchObject({ error: { code: 'link-used', path: 'token' } });
    });
  });
}

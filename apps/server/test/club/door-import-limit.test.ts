import { afterAll, describe, expect, it } from 'vitest';
import { sqliteTarget } from '../storageTargets.js';
import { signIn, startClub } from './clubServer.js';
import { MINUTE, seedEvening, STARTS_AT } from './door-world.js';

/**
 * Issue 23 point 15: a paper protocol is taken up to the documented 1,000,000 characters (the rest
 * of the API stays at 16 KiB a body), and one over it is refused with 413 in the API's shape.
 */

const target = sqliteTarget();
afterAll(() => target.cleanup());

/** A valid protocol's text, padded with JSON's own whitespace to exactly `chars` characters. */
function protocolText(chars: number): string {
  const text = JSON.stringify({ format: 'mafia-protocol/1', preset: 'short', seats: ['civilian', 'civilian', 'mafia'], names: ['Аня', 'Борис', 'Вера'], steps: [] });
  return text + ' '.repeat(chars - text.length);
}

describe('the size of an imported protocol', () => {
  it('protocol_import_takes_up_to_a_million_characters_and_refuses_more_with_413', async () => {
    const h = await startClub(target, { now: STARTS_AT + 30 * MINUTE });
    try {
      const host = await signIn(h, 'host@club.test');
      const w = await seedEvening(h.club.context.db, STARTS_AT - 60 * MINUTE, { hostUserId: host.user!.id });
      const url = `/api/evenings/${w.eveningId}/games`;
      const games = async () => (await h.club.context.db.selectFrom('evening_games').select('id').execute()).length;
      const before = await games();

      const over = await host.post(url, { protocol: protocolText(1_000_001) });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ error: { code: 'protocol-too-large', message: 'the protocol is 1000001 characters long; at most 1000000 are taken', path: 'protocol', params: { max: 1_000_000 } } });
      // Far over it (more bytes than any 1,000,000 characters take): refused before it is read.
      const huge = await host.post(url, { protocol: 'я'.repeat(1_600_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toMatchObject({ code: 'too-large', params: { max: expect.any(Number) } });
      expect(await games()).toBe(before);

      const exact = await host.post(url, { protocol: protocolText(1_000_000) });
      expect(exact.statusCode, exact.body.slice(0, 300)).toBe(201);
      expect(await games()).toBe(before + 1);
      // Every other route keeps the server's 16 KiB.
      const elsewhere = await host.post(`/api/evenings/${w.eveningId}/checkin`, { userId: 'x'.repeat(20_000) });
      expect(elsewhere.statusCode).toBe(413);
      expect(elsewhere.json().error.code).toBe('too-large');
    } finally {
      await h.close();
    }
  });
});

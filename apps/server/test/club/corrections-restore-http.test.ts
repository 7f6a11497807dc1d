import { afterAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../storageTargets.js';
import { startClub } from './clubServer.js';
import { ratingsClub } from './ratings-world.js';

const DAY = 24 * 60 * 60_000;

describe.each(TARGETS.map((make) => [make().name, make] as const))('restoring an evening over HTTP (%s)', (_name, make) => {
  const target = make();
  afterAll(() => target.cleanup());

  it('only_an_admin_with_a_reason_restores_a_cancelled_evening_and_the_log_has_it', async () => {
    const h = await startClub(target);
    try {
      const w = await ratingsClub(h, 'Простой');
      const created = await w.admin.post(`/api/clubs/${w.clubId}/evenings`, { startsAt: h.clock.now() + 3 * DAY, place: 'Зал', capacity: 20, weight: 1, preset: 'club', gamesPlanned: 3 });
      expect(created.statusCode).toBe(201);
      const id = created.json().evening.id as string;
      const url = `/api/evenings/${id}/restore`;
      const notCancelled = await w.admin.post(url, { reason: 'x' });
      expect([notCancelled.statusCode, notCancelled.json().error.code]).toEqual([409, 'evening-not-cancelled']);
      expect((await w.admin.post(`/api/evenings/${id}/cancel`, { reason: 'зал закрыт' })).statusCode).toBe(200);
      const member = await w.member.post(url, { reason: 'x' });
      expect([member.statusCode, member.json().error.code]).toEqual([403, 'forbidden']);
      expect((await w.admin.post(url, { reason: 'x' }, { csrf: false })).statusCode).toBe(403);
      const noReason = await w.admin.post(url, {});
      expect([noReason.statusCode, noReason.json().error.code, noReason.json().error.path]).toEqual([400, 'bad-request', 'reason']);
      const ok = await w.admin.post(url, { reason: 'зал нашёлся' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ evening: { id, cancelledAt: null }, invited: 0 });
      const log = (await w.admin.get(`/api/clubs/${w.clubId}/audit`)).json().entries as { action: string; reason: string }[];
      expect(log.map((e) => [e.action, e.reason])).toEqual([['evening-restored', 'зал нашёлся'], ['evening-cancelled', 'зал закрыт']]);
    } finally {
      await h.close();
    }
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/club/jobs.js';
import { DeliveryError } from '../../src/club/ports.js';
import { httpSmsGateway, smsFromEnv } from '../../src/club/sms/index.js';
import { TARGETS } from '../storageTargets.js';
import { startClub, type ClubHarness } from './clubServer.js';

interface Recorded { method: string; url: string; headers: IncomingHttpHeaders; body: string }

/** A gateway on 127.0.0.1 that records every request and answers from `answers` in turn (then 200). */
async function startGateway(answers: { status: number; body?: string; hang?: boolean }[] = []) {
  const recorded: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      recorded.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const a = answers.shift() ?? { status: 200, body: '{"id":"m1"}' };
      if (a.hang) return;
      res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  return {
    url, recorded,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('the SMS gateway adapter against an HTTP server', () => {
  let gw: Awaited<ReturnType<typeof startGateway>>;
  afterEach(() => gw?.close());

  it('no_gateway_url_means_no_sms', () => {
    expect(smsFromEnv({})).toBeNull();
    expect(() => smsFromEnv({ SMS_GATEWAY_URL: 'not a url' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('an_sms_is_posted_as_json_with_the_bearer_token', async () => {
    gw = await startGateway();
    await smsFromEnv({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 's3cret' })!.send({ to: '+79001234567', text: 'Вечер в пятницу: ДА или НЕТ? http://test/i/abc' });
    expect(gw.recorded).toHaveLength(1);
    const r = gw.recorded[0];
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/sms/send');
    expect(r.headers.authorization).toBe('Bearer s3cret');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ to: '+79001234567', text: 'Вечер в пятницу: ДА или НЕТ? http://test/i/abc' });
  });

  it('without_a_token_no_authorization_header_is_sent', async () => {
    gw = await startGateway();
    await smsFromEnv({ SMS_GATEWAY_URL: gw.url })!.send({ to: '+1', text: 't' });
    expect(gw.recorded[0].headers.authorization).toBeUndefined();
  });

  it('a_400_is_a_permanent_failure_with_the_gateways_words', async () => {
    gw = await startGateway([{ status: 400, body: `invalid number ${'x'.repeat(300)}` }]);
    const e = await smsFromEnv({ SMS_GATEWAY_URL: gw.url })!.send({ to: '+7bad', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(true);
    expect((e as DeliveryError).message).toContain('+7bad');
    expect((e as DeliveryError).message).toContain('invalid number');
    // The gateway's body is cut to 200 characters.
    expect((e as DeliveryError).message.length).toBeLessThan(300);
  });

  it('a_503_is_a_temporary_failure', async () => {
    gw = await startGateway([{ status: 503, body: 'maintenance' }]);
    const e = await smsFromEnv({ SMS_GATEWAY_URL: gw.url })!.send({ to: '+1', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(false);
    expect((e as DeliveryError).message).toContain('503');
  });

  it('a_429_is_a_temporary_failure', async () => {
    gw = await startGateway([{ status: 429, body: 'slow down' }]);
    const e = await smsFromEnv({ SMS_GATEWAY_URL: gw.url })!.send({ to: '+1', text: 't' }).catch((x: unknown) => x);
    expect((e as DeliveryError).permanent).toBe(false);
  });

  it('a_gateway_that_does_not_answer_in_time_is_a_temporary_failure', async () => {
    gw = await startGateway([{ status: 200, hang: true }]);
    const e = await httpSmsGateway(gw.url, null, 200).send({ to: '+1', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(false);
    expect((e as DeliveryError).message).toContain('no answer within');
  });

  it('a_gateway_that_is_not_there_is_a_temporary_failure', async () => {
    gw = await startGateway();
    const url = gw.url;
    await gw.close();
    const e = await smsFromEnv({ SMS_GATEWAY_URL: url })!.send({ to: '+1', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(false);
    gw = await startGateway();
  });
});

for (const make of TARGETS) {
  const target = make();
  describe(`an SMS job through the gateway (${target.name})`, () => {
    let gw: Awaited<ReturnType<typeof startGateway>>;
    let h: ClubHarness;
    beforeEach(async () => {
      gw = await startGateway([{ status: 503, body: 'busy' }, { status: 200, body: 'ok' }, { status: 400, body: 'no such number' }]);
    });
    afterEach(async () => {
      await h.close();
      await gw.close();
    });
    afterAll(() => target.cleanup());

    it('a_temporary_failure_is_retried_after_the_back_off_and_then_sent', async () => {
      h = await startClub(target, { sms: smsFromEnv({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 't' }) });
      h.club.jobs.handle('test-sms', (p) => h.club.context.sms!.send(p as { to: string; text: string }));
      gw.recorded.length = 0;
      const id = await h.club.jobs.enqueue('test-sms', { to: '+79001112233', text: 'привет' });
      expect(await h.club.jobs.runDue()).toBe(1);
      let job = (await h.club.jobs.byId(id))!;
      expect(job.state).toBe('pending');
      expect(job.last_error).toContain('503');
      // Not before the back-off.
      h.clock.advance(backoffMs(1) - 1);
      expect(await h.club.jobs.runDue()).toBe(0);
      h.clock.advance(1);
      expect(await h.club.jobs.runDue()).toBe(1);
      job = (await h.club.jobs.byId(id))!;
      expect(job.state).toBe('done');
      expect(job.attempts).toBe(2);
      // A refusal (400) fails its job at once, for good, with the gateway's words.
      const refused = await h.club.jobs.enqueue('test-sms', { to: '+7000', text: 'ещё' });
      expect(await h.club.jobs.runDue()).toBe(1);
      const r = (await h.club.jobs.byId(refused))!;
      expect(r.state).toBe('failed');
      expect(r.attempts).toBe(1);
      expect(r.last_error).toContain('no such number');
      expect(gw.recorded.map((x) => JSON.parse(x.body).text)).toEqual(['привет', 'привет', 'ещё']);
    });
  });
}

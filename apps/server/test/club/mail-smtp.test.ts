import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logMailer, mailerFromEnv } from '../../src/club/mail/index.js';
import { DeliveryError } from '../../src/club/ports.js';
import { TARGETS } from '../storageTargets.js';
import { anonymous, startClub, type ClubHarness } from './clubServer.js';
import { parsed, startSmtp } from './smtpTestServer.js';
import { anyObject, jsonOf } from '../json.js';

const silent = pino({ level: 'silent' });
const REJECT = {
  'bounce@club.test': { code: 550, message: 'No such user here' },
  'later@club.test': { code: 451, message: 'Mailbox busy, try later' },
};

describe('the SMTP mailer against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    smtp = await startSmtp(REJECT);
  });
  afterEach(() => smtp.close());

  it('a_letter_arrives_with_its_sender_recipient_subject_and_text', async () => {
    const mailer = mailerFromEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <club@club.test>' }, silent);
    await mailer.send({ to: 'anna@club.test', subject: 'Вход в Mafia Host', text: 'Здравствуйте!\nhttp://test/signin/abc\n' });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0];
    expect(got.from).toBe('club@club.test');
    expect(got.to).toEqual(['anna@club.test']);
    const letter = await parsed(got.raw);
    expect(letter.subject).toBe('Вход в Mafia Host');
    expect(letter).toMatchObject({ from: 'club@club.test', fromName: 'Club' });
    expect(letter.text).toContain('Здравствуйте!');
    expect(letter.text).toContain('http://test/signin/abc');
  });

  it('host_and_port_settings_work_as_well_as_a_url', async () => {
    const mailer = mailerFromEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' }, silent);
    await mailer.send({ to: 'b@club.test', subject: 's', text: 't' });
    expect(smtp.received.map((r) => r.to)).toEqual([['b@club.test']]);
    expect(smtp.received[0].from).toBe('noreply@localhost');
  });

  it('a_recipient_refused_with_550_is_a_permanent_failure_naming_the_address', async () => {
    const mailer = mailerFromEnv({ SMTP_URL: smtp.url }, silent);
    const e = await mailer.send({ to: 'bounce@club.test', subject: 's', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(true);
    expect((e as DeliveryError).message).toContain('bounce@club.test');
    expect((e as DeliveryError).message).toContain('No such user');
    expect(smtp.received).toEqual([]);
  });

  it('a_recipient_refused_with_451_is_a_temporary_failure', async () => {
    const mailer = mailerFromEnv({ SMTP_URL: smtp.url }, silent);
    const e = await mailer.send({ to: 'later@club.test', subject: 's', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(false);
  });

  it('a_server_that_is_not_there_is_a_temporary_failure', async () => {
    const port = smtp.port;
    await smtp.close();
    const mailer = mailerFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }, silent);
    const e = await mailer.send({ to: 'x@club.test', subject: 's', text: 't' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeliveryError);
    expect((e as DeliveryError).permanent).toBe(false);
    smtp = await startSmtp();
  });
});

describe('with no SMTP configured', () => {
  it('the_letter_with_its_link_is_written_to_the_log', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, new Writable({ write(c, _e, cb) { lines.push(String(c)); cb(); } }));
    const mailer = mailerFromEnv({}, log);
    await mailer.send({ to: 'anna@club.test', subject: 'Вход в Mafia Host', text: 'открой http://test/signin/xyz\n' });
    const entry = lines.map((l) => jsonOf(anyObject, l)).find((l) => l.to === 'anna@club.test')!;
    expect(entry).toBeDefined();
    expect(entry.subject).toBe('Вход в Mafia Host');
    expect(entry.text).toContain('http://test/signin/xyz');
    expect(entry.msg).toContain('http://test/signin/xyz');
    expect(logMailer).toBeTypeOf('function');
  });
});

for (const make of TARGETS) {
  const target = make();
  describe(`sign-in through a real SMTP server (${target.name})`, () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let h: ClubHarness;
    beforeEach(async () => {
      smtp = await startSmtp(REJECT);
      h = await startClub(target, { mailer: mailerFromEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Mafia Host <noreply@club.test>' }, silent) });
    });
    afterEach(async () => {
      await h.close();
      await smtp.close();
    });
    afterAll(() => target.cleanup());

    it('the_link_that_arrives_by_smtp_signs_the_reader_in', async () => {
      const a = anonymous(h);
      expect((await a.post('/api/auth/link', { email: 'Real@Club.Test' })).statusCode).toBe(202);
      await h.club.jobs.runDue();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['real@club.test']);
      const letter = await parsed(smtp.received[0].raw);
      expect(letter.subject).toBe('Вход в Mafia Host');
      expect(letter).toMatchObject({ from: 'noreply@club.test', fromName: 'Mafia Host' });
      const text = letter.text;
      expect(text).toContain('Здравствуйте!');
      const link = /http:\/\/test\/signin\/([A-Za-z0-9_-]+)/.exec(text);
      expect(link).not.toBeNull();
      const r = await a.post('/api/auth/link/consume', { token: link![1] });
      expect(r.statusCode).toBe(200);
      a.csrfToken = r.json().csrfToken;
      expect((await a.get('/api/me')).json().user.email).toBe('real@club.test');
    });

    it('a_bounced_sign_in_letter_fails_its_job_for_good_naming_the_address', async () => {
      const a = anonymous(h);
      expect((await a.post('/api/auth/link', { email: 'bounce@club.test' })).statusCode).toBe(202);
      await h.club.jobs.runDue();
      const jobs = await h.club.context.db.selectFrom('jobs').selectAll().execute();
      expect(jobs).toHaveLength(1);
      expect(jobs[0].state).toBe('failed');
      expect(jobs[0].attempts).toBe(1);
      expect(jobs[0].last_error).toContain('bounce@club.test');
      expect(smtp.received).toEqual([]);
    });

    it('a_letter_refused_for_now_is_retried_later', async () => {
      const a = anonymous(h);
      await a.post('/api/auth/link', { email: 'later@club.test' });
      await h.club.jobs.runDue();
      const [job] = await h.club.context.db.selectFrom('jobs').selectAll().execute();
      expect(job.state).toBe('pending');
      expect(job.last_error).toContain('later@club.test');
    });
  });
}

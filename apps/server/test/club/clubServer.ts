import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import pino from 'pino';
import { buildServer, type BuildOptions } from '../../src/http/app.js';
import type { ClubParts } from '../../src/club/index.js';
import { DeliveryError, type MailMessage, type Mailer, type SmsGateway, type SmsMessage } from '../../src/club/ports.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { TEST_MIN_STEP_SECONDS, TEST_ROOM_LIMITS } from '../helpers.js';
import type { Target } from '../storageTargets.js';

/** The club's clock in a test: it moves only when the test moves it. */
export class TestClock {
  private t: number;
  constructor(start: number) {
    this.t = start;
  }
  /** Bound: pass it as a `now` function. */
  readonly now = (): number => this.t;
  set(ms: number): void {
    this.t = ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** Where the test clock starts unless told: 2030-01-10 09:00 UTC (a Thursday), so evenings can be "in the future". */
export const TEST_START = Date.UTC(2030, 0, 10, 9, 0);

export interface StartClubOptions {
  /** A real mailer (e.g. SMTP to a test server); default: the capturing one (`outbox`). */
  readonly mailer?: Mailer;
  /** A real SMS gateway, or null for none; default: the capturing one (`smsSent`). */
  readonly sms?: SmsGateway | null;
  /** Where the clock starts (default TEST_START). */
  readonly now?: number;
  /** More build options (e.g. `trustProxy: true`). */
  readonly build?: Partial<BuildOptions>;
}

export interface ClubHarness {
  readonly app: FastifyInstance;
  readonly club: ClubParts;
  readonly storage: Storage;
  /** Every e-mail the capturing mailer was given (in order), when no real mailer was given. */
  readonly outbox: MailMessage[];
  /** Every SMS the capturing gateway was given. */
  readonly smsSent: SmsMessage[];
  /** Addresses (e-mail or phone) whose delivery fails with this error (a bounce: `new DeliveryError('…', true)`). */
  readonly failures: Map<string, DeliveryError>;
  readonly clock: TestClock;
  close(): Promise<void>;
}

/**
 * A server with the club over a fresh database of `target` (migrated), a capturing mailer and SMS
 * gateway, a test clock, no job polling (the test calls `h.club.jobs.runDue()`), and links based
 * on http://test. Not listening: requests go through `app.inject` (see `Agent`).
 */
export async function startClub(target: Target, o: StartClubOptions = {}): Promise<ClubHarness> {
  const storage = await openStorage(await target.migratedUrl());
  await storage.migrate();
  const outbox: MailMessage[] = [];
  const smsSent: SmsMessage[] = [];
  const failures = new Map<string, DeliveryError>();
  const clock = new TestClock(o.now ?? TEST_START);
  const mailer: Mailer = o.mailer ?? {
    async send(m) {
      const f = failures.get(m.to);
      if (f) throw f;
      outbox.push(m);
    },
  };
  const sms: SmsGateway | null = o.sms !== undefined ? o.sms : {
    async send(m) {
      const f = failures.get(m.to);
      if (f) throw f;
      smsSent.push(m);
    },
  };
  const { app, manager, club } = await buildServer({
    storage, logger: pino({ level: 'silent' }), webRoot: join(tmpdir(), 'no-web-build-here'),
    minStepSeconds: TEST_MIN_STEP_SECONDS, roomLimits: TEST_ROOM_LIMITS,
    club: { mailer, sms, now: clock.now, jobPollMs: 0, publicUrl: 'http://test' },
    ...o.build,
  });
  await manager.resumeAll();
  await app.ready();
  return {
    app, club, storage, outbox, smsSent, failures, clock,
    async close() {
      await app.close();
      await storage.close();
    },
  };
}

export type Reply = InjectResponse;

let nextAddress = 1;

/**
 * A browser in a test: keeps the cookies between `app.inject` calls and sends the session's CSRF
 * token (`x-csrf-token`) with every POST/PATCH/PUT/DELETE. Each agent comes from its own loopback
 * address (127.1.x.y), as people come from their own devices, so the per-address sign-in limits
 * of one test file's many sign-ins do not add up.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;
  /** The signed-in user, once `signIn` made this agent. */
  user: { id: string; email: string; name: string | null; phone: string | null; locale: string; hasPassword: boolean } | null = null;
  readonly remoteAddress: string;

  constructor(readonly h: Pick<ClubHarness, 'app'>, o: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
    const n = nextAddress++;
    this.remoteAddress = o.remoteAddress ?? `127.1.${(n >> 8) & 255}.${n & 255}`;
    this.headers = o.headers ?? {};
  }

  private readonly headers: Record<string, string>;

  /** Fetches a CSRF token (its secret comes in a signed cookie; no session is made). */
  async refreshCsrf(): Promise<string> {
    const r = await this.request('GET', '/api/auth/csrf');
    if (r.statusCode !== 200) throw new Error(`GET /api/auth/csrf: ${r.statusCode} ${r.body}`);
    this.csrfToken = (r.json() as { csrfToken: string }).csrfToken;
    return this.csrfToken;
  }

  /** One request with this agent's cookies; `csrf: false` leaves the token out (to test the refusal). */
  async request(method: InjectOptions['method'], url: string, body?: unknown, o: { csrf?: boolean; headers?: Record<string, string> } = {}): Promise<Reply> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && o.csrf !== false && this.csrfToken === null) await this.refreshCsrf();
    const headers: Record<string, string> = { ...this.headers, ...o.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (unsafe && o.csrf !== false && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    const r = await this.h.app.inject({ method, url, headers, remoteAddress: this.remoteAddress, ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}) });
    for (const c of r.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = c.value === '' || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return r;
  }

  get(url: string, o?: { headers?: Record<string, string> }): Promise<Reply> {
    return this.request('GET', url, undefined, o);
  }
  post(url: string, body: unknown = {}, o?: { csrf?: boolean; headers?: Record<string, string> }): Promise<Reply> {
    return this.request('POST', url, body, o);
  }
  patch(url: string, body: unknown = {}, o?: { csrf?: boolean; headers?: Record<string, string> }): Promise<Reply> {
    return this.request('PATCH', url, body, o);
  }
  put(url: string, body: unknown = {}, o?: { csrf?: boolean; headers?: Record<string, string> }): Promise<Reply> {
    return this.request('PUT', url, body, o);
  }
  delete(url: string, body?: unknown, o?: { csrf?: boolean; headers?: Record<string, string> }): Promise<Reply> {
    return this.request('DELETE', url, body, o);
  }
}

/** An agent that has not signed in. */
export const anonymous = (h: Pick<ClubHarness, 'app'>, o?: ConstructorParameters<typeof Agent>[1]): Agent => new Agent(h, o);

/** The token of the newest sign-in link in the outbox for `email` (null if none). */
export function signinTokenFrom(outbox: readonly MailMessage[], email: string): string | null {
  const to = email.trim().toLowerCase();
  for (let i = outbox.length - 1; i >= 0; i--) {
    if (outbox[i].to !== to) continue;
    const m = /\/signin\/([A-Za-z0-9_-]+)/.exec(outbox[i].text);
    if (m) return m[1];
  }
  return null;
}

/**
 * Signs `email` in the way a person does (asks for a link, the job sends it, the link is used)
 * and returns his agent: `const admin = await signIn(h, 'admin@club.test')`. A new address gets
 * its account here. Works with the capturing mailer (the default of startClub). Note: it runs
 * every due job (`h.club.jobs.runDue()`), not only the sign-in letter: sign people in before
 * enqueueing the jobs a test wants to watch, or expect them to have run.
 */
export async function signIn(h: ClubHarness, email: string, o: { locale?: 'ru' | 'en'; agent?: Agent } = {}): Promise<Agent> {
  const agent = o.agent ?? new Agent(h);
  const asked = await agent.post('/api/auth/link', { email, ...(o.locale ? { locale: o.locale } : {}) });
  if (asked.statusCode !== 202) throw new Error(`POST /api/auth/link for ${email}: ${asked.statusCode} ${asked.body}`);
  await h.club.jobs.runDue();
  const token = signinTokenFrom(h.outbox, email);
  if (!token) throw new Error(`no sign-in mail for ${email} in the outbox`);
  return signedIn(agent, await agent.post('/api/auth/link/consume', { token }), `consume the link of ${email}`);
}

/** The agent, signed in by `r` (a sign-in's answer: the user and the session's CSRF token). */
function signedIn(agent: Agent, r: Reply, what: string): Agent {
  if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  const b = r.json() as { user: NonNullable<Agent['user']>; csrfToken: string };
  agent.user = b.user;
  agent.csrfToken = b.csrfToken;
  return agent;
}

/**
 * Has `email` accept the newest invitation to join a club in the outbox, as she does from her
 * mail (the job sends it, she opens the link and accepts, which signs her in), and returns her
 * agent. Runs every due job, as signIn does.
 */
export async function joinByMail(h: ClubHarness, email: string): Promise<Agent> {
  await h.club.jobs.runDue();
  const mail = [...h.outbox].reverse().find((m) => m.to === email.trim().toLowerCase() && m.text.includes('/join/'));
  const token = mail ? /\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no invitation to join mailed to ${email}`);
  const agent = new Agent(h);
  return signedIn(agent, await agent.post('/api/join/accept', { token }), `accept the invitation of ${email}`);
}

import { freshAddress, http, parseOr, sleep } from './net.js';
import { check, type Check } from './report.js';

export interface ClubAttackOptions {
  readonly port: number;
  /** The letters the server wrote to its log so far (AuditedServer.mails). */
  readonly mails: () => readonly { readonly to: string; readonly text: string }[];
  readonly log: (s: string) => void;
}

/** A browser of the club's web app: its own address, its cookies, the CSRF token on every POST. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private csrf: string | null = null;
  constructor(private readonly port: number, readonly from = freshAddress()) {}

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; body: string }> {
    if (method !== 'GET' && this.csrf === null) this.csrf = (await this.send('GET', '/api/auth/csrf')).json.csrfToken as string;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const r = await http(this.port, { method, path, from: this.from, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const c of ([] as string[]).concat(r.headers['set-cookie'] ?? [])) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const json = parseOr(r.body);
    if (typeof json.csrfToken === 'string') this.csrf = json.csrfToken;
    return { status: r.status, json, body: r.body };
  }
}

/** Waits (up to 20 s: the server's jobs run every 5 s) until `count` letters match `to`. */
async function lettersTo(o: ClubAttackOptions, to: (address: string) => boolean, count: number, waitMs = 20_000): Promise<{ to: string; text: string }[]> {
  const end = Date.now() + waitMs;
  for (;;) {
    const found = o.mails().filter((m) => to(m.to));
    if (found.length >= count || Date.now() > end) return found;
    await sleep(250);
  }
}

/** Signs a browser in the way a person does: a link by e-mail, read from the server's log. */
async function signIn(o: ClubAttackOptions, email: string): Promise<Browser> {
  const b = new Browser(o.port);
  const asked = await b.send('POST', '/api/auth/link', { email });
  if (asked.status !== 202) throw new Error(`POST /api/auth/link: ${asked.status} ${asked.body.slice(0, 200)}`);
  const [letter] = await lettersTo(o, (to) => to === email, 1);
  const token = letter ? /\/signin\/([A-Za-z0-9_-]+)/.exec(letter.text)?.[1] : undefined;
  if (!token) throw new Error(`no sign-in letter to ${email} in the server's log`);
  const used = await b.send('POST', '/api/auth/link/consume', { token });
  if (used.status !== 200) throw new Error(`consume the link: ${used.status} ${used.body.slice(0, 200)}`);
  return b;
}

/** Issue 23 point 11: a nickname that is a spreadsheet formula, in the leaderboard's CSV. */
async function csvFormula(o: ClubAttackOptions): Promise<Check> {
  const nickname = '=HYPERLINK("http://ev.il","x")';
  const admin = await signIn(o, 'csv-admin@audit.test');
  const made = await admin.send('POST', '/api/clubs', { name: 'Audit club', nickname });
  if (made.status !== 201) throw new Error(`create a club: ${made.status} ${made.body.slice(0, 200)}`);
  const csv = await admin.send('GET', `/api/clubs/${made.json.club.id}/leaderboard?format=csv`);
  const row = csv.body.split('\r\n').find((l) => l.includes('HYPERLINK')) ?? '(none)';
  const live = csv.body.split('\r\n').some((l) => /(^|,)"?[=+@\t\r]/.test(l));
  return check('club', 'a formula nickname is neutralised in the CSV', csv.status === 200 && row.includes(`"'=HYPERLINK(`) && !live,
    `leaderboard CSV ${csv.status}, its row: ${row.slice(0, 80)}; cells starting a formula: ${live ? 'some' : 'none'}`);
}

/** Issue 23 point 12: victim+1@ … victim+40@ from four addresses, one mailbox. */
async function mailBombing(o: ClubAttackOptions): Promise<Check> {
  const attackers = Array.from({ length: 4 }, () => new Browser(o.port));
  const answers: Record<number, number> = {};
  for (let i = 1; i <= 40; i++) {
    const r = await attackers[i % 4]!.send('POST', '/api/auth/link', { email: `victim+${i}@audit.test` });
    answers[r.status] = (answers[r.status] ?? 0) + 1;
  }
  const isVictim = (to: string) => /^victim(\+[^@]*)?@audit\.test$/.test(to);
  // Wait for every letter that may come (two job runs), then count the mailbox's.
  await lettersTo(o, isVictim, 40, 12_000);
  const letters = o.mails().filter((m) => isVictim(m.to)).length;
  return check('club', 'plus-tagged sign-in requests send at most 5 letters to one mailbox', letters <= 5 && letters > 0,
    `40 requests from 4 addresses: ${Object.entries(answers).map(([s, n]) => `${s}: ${n}`).join(', ')}; ${letters} letters reached the mailbox`);
}

/** The answer's shape: its keys, nested, sorted (values differ: ids and nicknames). */
const shapeOf = (v: unknown): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, shapeOf((v as Record<string, unknown>)[k])])) : typeof v);

/**
 * Issue 23 point 9: a stranger makes a club and adds a known account's e-mail; he must learn
 * nothing about her (no name, phone or e-mail, not even that the account exists): the answer's
 * status and shape equal those for an address nobody has.
 */
async function memberLookup(o: ClubAttackOptions): Promise<Check> {
  const victim = await signIn(o, 'known-victim@audit.test');
  const named = await victim.send('PATCH', '/api/me', { name: 'Victim Secretname', phone: '+7 900 123-45-67' });
  if (named.status !== 200) throw new Error(`the victim's name: ${named.status} ${named.body.slice(0, 200)}`);
  const stranger = await signIn(o, 'stranger@audit.test');
  const made = await stranger.send('POST', '/api/clubs', { name: 'Lookup club', nickname: 'Boss' });
  if (made.status !== 201) throw new Error(`create a club: ${made.status} ${made.body.slice(0, 200)}`);
  const add = (email: string, nickname: string) => stranger.send('POST', `/api/clubs/${made.json.club.id}/members`, { email, nickname });
  const known = await add('known-victim@audit.test', 'K');
  const unknown = await add('nobody-here@audit.test', 'U');
  const list = await stranger.send('GET', `/api/clubs/${made.json.club.id}/members`);
  const leaked = ['Secretname', '123-45-67', 'known-victim@'].filter((x) => known.body.includes(x) || list.body.includes(x));
  const same = known.status === unknown.status && JSON.stringify(shapeOf(known.json)) === JSON.stringify(shapeOf(unknown.json));
  return check('club', "adding a known account's e-mail answers as for an unknown one and shows nothing of her", same && leaked.length === 0 && known.status === 201,
    `known address ${known.status}, unknown ${unknown.status}; same shape: ${same ? 'yes' : 'no'}; her fields in the answer or the list: ${leaked.length ? leaked.join(', ') : 'none'}`);
}

/** The club's attacks of issue 23 points 9, 11 and 12. */
export async function clubAudit(o: ClubAttackOptions): Promise<Check[]> {
  o.log('club: a formula nickname in the CSV, plus-tag mail bombing, reading an account by e-mail');
  // Side by side: each waits on the server's mail job (every 5 s), and they share no address.
  return Promise.all([csvFormula(o), mailBombing(o), memberLookup(o)]);
}

import { describe, expect, it } from 'vitest';
import { startSmtp } from '../club/smtpTestServer.js';
import { clusterSuite, type Node } from './nodes.js';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
const nodes = clusterSuite({
  before: async () => {
    smtp = await startSmtp();
  },
  after: async () => smtp?.close(),
});

/** Asks one node for a sign-in link by e-mail, as a browser does (its CSRF token and cookie first). */
async function askLink(node: Node, email: string): Promise<number> {
  const csrf = await fetch(`${node.base}/api/auth/csrf`);
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await fetch(`${node.base}/api/auth/link`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken }, body: JSON.stringify({ email }) });
  return r.status;
}

describe('jobs across nodes', () => {
  it('three nodes polling one job table every 200 ms deliver each letter exactly once, and one address\'s sign-in limit is counted across them', async () => {
    const env = { SMTP_URL: smtp.url, CLUB_JOB_POLL_MS: '200' };
    const all = [await nodes().start('a', { env }), await nodes().start('b', { env }), await nodes().start('c', { env })];
    const emails = Array.from({ length: 12 }, (_, i) => `player${i + 1}@club.test`);
    // Twelve requests from one address, four to each node, all at once: the address may make ten a
    // minute (PER_ADDRESS) in all, not ten at each node.
    const statuses = await Promise.all(emails.map((email, i) => askLink(all[i % 3]!, email)));
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const sent = emails.filter((_, i) => statuses[i] === 202);
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // A second delivery would come within a few polls of the first: wait for them too.
    await new Promise((r) => setTimeout(r, 2000));
    const byRecipient = new Map<string, number>();
    for (const letter of smtp.received) for (const to of letter.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
    expect(smtp.received).toHaveLength(sent.length);
    for (const email of sent) expect(byRecipient.get(email)).toBe(1);
  }, 90_000);
});

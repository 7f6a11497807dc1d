/**
 * A real SMTP server inside the test (smtp-server), which the game server sends its club mail to
 * (SMTP_URL): every message is parsed (mailparser) and kept, so the test can read the links that
 * arrive, as a member would in his inbox.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './harness';

export interface Received {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export class Mailbox {
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, done) => {
        simpleParser(stream).then((m) => {
          const rcpt = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const to of rcpt) this.received.push({ to, subject: m.subject ?? '', text: m.text ?? '' });
          done();
        }, (e: Error) => done(e));
      },
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', () => ok()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The newest message to `to` whose text matches `match`, waiting for it to arrive. */
  async waitFor(to: string, match: RegExp, what: string, ms = 20_000): Promise<Received> {
    return until(() => [...this.received].reverse().find((m) => m.to === to.toLowerCase() && match.test(m.text)), what, ms);
  }

  /** The first link in a message whose path starts with `prefix` (e.g. "/i/"), re-based on `base`. */
  static link(m: Received, prefix: string, base: string): string {
    const found = new RegExp(`https?://[^\\s"'<>]+?(${prefix.replace(/\//g, '\\/')}[^\\s"'<>]+)`).exec(m.text);
    if (!found) throw new Error(`no ${prefix} link in the mail "${m.subject}" to ${m.to}:\n${m.text}`);
    return base + found[1];
  }

  async stop(): Promise<void> {
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

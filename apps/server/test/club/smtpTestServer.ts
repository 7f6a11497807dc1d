import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One letter as the test SMTP server received it. */
export interface Received {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a random port), no TLS, no login needed, keeping what arrives.
 * `reject` maps a recipient address to the SMTP answer it gets (550: no such user; 451: try later).
 */
export async function startSmtp(reject: Record<string, { code: number; message: string }> = {}): Promise<{ port: number; url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const r = reject[address.address.toLowerCase()];
      if (r) return cb(Object.assign(new Error(r.message), { responseCode: r.code }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A received letter parsed (mailparser): its subject and text, the transfer encoding undone. */
export async function parsed(raw: string): Promise<{ subject: string; text: string; from: string; fromName: string }> {
  const m = await simpleParser(raw);
  return { subject: m.subject ?? '', text: m.text ?? '', from: m.from?.value[0]?.address ?? '', fromName: m.from?.value[0]?.name ?? '' };
}

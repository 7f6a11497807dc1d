import type { AddressInfo } from 'node:net';
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

/** The text part of a single-part letter, its transfer encoding undone (quoted-printable or base64). */
export function textOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase() ?? '7bit';
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** The header `name` of a letter (folded lines joined), undecoded. */
export function headerOf(raw: string, name: string): string | null {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? null;
}

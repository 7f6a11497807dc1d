import nodemailer from 'nodemailer';
import { DeliveryError, type MailMessage, type Mailer } from '../ports.js';

/** nodemailer's SMTP transport options (a URL such as smtp://user:pass@host:587, or an object). */
export type SmtpOptions = string | Parameters<typeof nodemailer.createTransport>[0];

interface SmtpFailure {
  readonly code?: string;
  readonly responseCode?: number;
  readonly response?: string;
  readonly message?: string;
}

/**
 * A failure as the job queue understands it. A 5xx answer to the envelope or the message (the
 * address does not exist, the mailbox is refused: a bounce) is permanent and names the address;
 * a 4xx answer, a connection that failed or timed out, a refused login (the server's settings,
 * not the address) are temporary: the job retries with back-off.
 */
export function deliveryErrorOf(e: unknown, to: string): DeliveryError {
  const f = (e ?? {}) as SmtpFailure;
  const answer = (f.response ?? f.message ?? String(e)).trim().slice(0, 200);
  const bounced = typeof f.responseCode === 'number' && f.responseCode >= 500 && f.responseCode < 600 && f.code !== 'EAUTH' && f.code !== 'ENOAUTH';
  if (bounced) return new DeliveryError(`the mail server refused the address ${to}: ${answer}`, true, answer);
  return new DeliveryError(`the mail to ${to} could not be sent now (${f.code ?? 'error'}: ${answer}); it will be retried`, false);
}

/** Sends over SMTP with nodemailer; `from` is MAIL_FROM. */
export function smtpMailer(options: SmtpOptions, from: string): Mailer & { close(): void } {
  // Short timeouts: a stuck server holds one job, not the queue, and the job is retried later.
  const base = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  const given = typeof options === 'string' ? { url: options } : (options as object);
  const transport = nodemailer.createTransport({ ...base, ...given } as Parameters<typeof nodemailer.createTransport>[0], { from });
  return {
    async send(m: MailMessage) {
      try {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      } catch (e) {
        throw deliveryErrorOf(e, m.to);
      }
    },
    close: () => transport.close(),
  };
}

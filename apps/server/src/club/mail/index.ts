import type { Logger } from 'pino';
import type { Mailer } from '../ports.js';
import { smtpMailer } from './smtp.js';

export const DEFAULT_MAIL_FROM = 'Mafia Host <noreply@localhost>';

/** The SMTP settings of the environment, or null when none is given (docs/server.md, "Club: e-mail, SMS and sessions"). */
export function smtpFromEnv(env: NodeJS.ProcessEnv): string | Record<string, unknown> | null {
  if (env.SMTP_URL) return env.SMTP_URL;
  if (!env.SMTP_HOST) return null;
  const secure = env.SMTP_SECURE === 'true' || env.SMTP_SECURE === '1';
  const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : secure ? 465 : 587;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not ${JSON.stringify(env.SMTP_PORT)}`);
  return {
    host: env.SMTP_HOST, port, secure,
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
    ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } } : {}),
  };
}

/**
 * The club's mailer: SMTP (nodemailer) from SMTP_URL or SMTP_HOST/PORT/USER/PASS/SECURE, sent as
 * MAIL_FROM. With no SMTP configured, letters are written to the log (subject, recipient and the
 * whole text with its links, at info): a club run on one computer reads its sign-in links there.
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv, log: Logger): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  const smtp = smtpFromEnv(env);
  if (smtp !== null) return smtpMailer(smtp, from);
  log.info('no SMTP configured (SMTP_URL or SMTP_HOST): e-mails are written to this log instead of being sent');
  return logMailer(log);
}

/** Writes each letter to the log instead of sending it. */
export function logMailer(log: Logger): Mailer {
  return {
    async send(m) {
      log.info({ to: m.to, subject: m.subject, text: m.text }, `mail not sent (no SMTP configured) to ${m.to}: ${m.subject}\n${m.text}`);
    },
  };
}

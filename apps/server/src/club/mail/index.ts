import type { Logger } from 'pino';
import type { Mailer } from '../ports.js';

// PLACEHOLDER: nodemailer over SMTP from the environment (owner: auth/infra). Logs only for now.
export function mailerFromEnv(_env: NodeJS.ProcessEnv, log: Logger): Mailer {
  return { async send(m) { log.info({ to: m.to, subject: m.subject }, 'mail (no SMTP configured)'); } };
}

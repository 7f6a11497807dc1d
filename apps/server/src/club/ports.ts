import type { Logger } from 'pino';
import type { RoomManager } from '../room/manager.js';
import type { ClubDb } from './schema.js';

/** One e-mail. `text` is always there; `html` optional. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** One SMS through the club's gateway (docs/club.md, "SMS gateway contract"). */
export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}

/**
 * A delivery that failed. `permanent`: retrying cannot help (the address bounced, the gateway
 * refused the number): the job fails at once and the invitation shows why.
 */
export class DeliveryError extends Error {
  constructor(message: string, readonly permanent: boolean, /** The far end's own words (an SMTP answer, the gateway's body), when it said any. */ readonly detail?: string) {
    super(message);
  }
}


export interface Mailer {
  send(m: MailMessage): Promise<void>;
}

export interface SmsGateway {
  send(m: SmsMessage): Promise<void>;
}

export interface EnqueueOptions {
  /** When it may first run (epoch ms; default now). */
  readonly runAt?: number;
  /** A job with the same key that exists already is not added again (the first is kept). */
  readonly dedupeKey?: string;
  /** Default 6. */
  readonly maxAttempts?: number;
}

export type JobHandler = (payload: unknown, job: { readonly id: string; readonly attempt: number }) => Promise<void>;

/** Durable jobs in the database (club/jobs.ts): they survive a restart and retry with back-off. */
export interface JobQueue {
  enqueue(kind: string, payload: unknown, o?: EnqueueOptions): Promise<string>;
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job due now, one after another; resolves with how many ran. */
  runDue(): Promise<number>;
}

/** Everything the club's routes and services share. */
export interface ClubContext {
  readonly db: ClubDb;
  readonly kind: 'sqlite' | 'postgres';
  /** The club's clock (epoch ms): a test gives its own. */
  readonly now: () => number;
  readonly mailer: Mailer;
  /** Null when no SMS gateway is configured (SMS_GATEWAY_URL unset): invitations go by e-mail only. */
  readonly sms: SmsGateway | null;
  readonly jobs: JobQueue;
  /** The base of links in messages (PUBLIC_URL, else the server's own address). */
  readonly publicUrl: () => string;
  readonly rooms: RoomManager;
  readonly log: Logger;
}

/**
 * The database away (a restart, a failover, an idle-connection killer): how its errors are told
 * apart from a refused write, and how long a write waits for it to come back (issue 23 point 8).
 */

/** How long a write waits for the database to come back before it is refused (ms). */
export const DATABASE_WAIT_MS = 10_000;

/** The database did not come back within DATABASE_WAIT_MS: nothing of the write was kept. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: string) {
    super(`the database is unreachable (${cause}); nothing was recorded`);
  }
}

// PostgreSQL's connection exceptions (class 08), and a server shutting down, terminated by an
// administrator, or not yet taking connections (57P01..57P03).
const PG_CODES = /^(08...|57P0[123])$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres's own words for a connection it lost or could not make.
const PG_CLIENT = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

/** Whether `e` says the database cannot be reached (rather than that it refused the statement). */
export function isConnectionError(e: unknown): boolean {
  if (e instanceof DatabaseUnavailableError) return true;
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (PG_CODES.test(code) || NODE_CODES.has(code))) return true;
  return typeof message === 'string' && PG_CLIENT.test(message);
}

/** Whether the error came before any statement could reach the database (no connection was made). */
export function sentNothing(e: unknown): boolean {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === '57P03') return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect/.test(message);
}

/** What /api/health says of a failed write: an unreachable database named as such. */
export const failureText = (e: unknown): string => {
  const message = e instanceof Error ? e.message : String(e);
  return isConnectionError(e) && !(e instanceof DatabaseUnavailableError) ? `database unreachable: ${message}` : message;
};

export const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `write` until it works, the database refuses it (thrown at once), or the database has been
 * away for `waitMs` (DatabaseUnavailableError). Only for writes that are safe to repeat.
 */
export async function patiently<T>(write: () => Promise<T>, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
    try {
      return await write();
    } catch (e) {
      if (!isConnectionError(e)) throw e;
      if (Date.now() >= deadline) throw new DatabaseUnavailableError(e instanceof Error ? e.message : String(e));
      await pause(wait);
    }
  }
}

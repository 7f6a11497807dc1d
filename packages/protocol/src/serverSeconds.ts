import { z } from 'zod';

/**
 * GET /api/metrics/seconds (issue 28): the server's last minutes second by second, its event
 * loop's delay beside the work that ran in that second and the CPU it got, so that a late second
 * shows its cause (a collection, a burst of messages, the main thread waiting for a core).
 * Served to the same callers as /api/metrics (docs/server.md "Metrics").
 */
export const serverSecondSchema = z.object({
  /** The end of the second (epoch ms). */
  at: z.number(),
  /** The event loop's delay in the second: its worst and its p99 (ms, 10 ms resolution included). */
  lagMaxMs: z.number(),
  lagP99Ms: z.number(),
  /** Garbage collection in the second (ms), and of it the full (mark-compact) collections. */
  gcMs: z.number(),
  majorGcMs: z.number(),
  /** Messages from connections done (their last socket write), broadcasts sent, group commits and their writes. */
  messages: z.number(),
  broadcasts: z.number(),
  commits: z.number(),
  writes: z.number(),
  /** The longest group commit of the second (ms). */
  commitMaxMs: z.number(),
  /** CPU the whole process had (every thread: main, SQLite writer, GC), ms. */
  cpuMs: z.number(),
  /** The main thread's time on a core, and runnable but waiting for one (Linux schedstat; null elsewhere), ms. */
  mainRunMs: z.number().nullable(),
  mainWaitMs: z.number().nullable(),
});
export type ServerSecond = z.infer<typeof serverSecondSchema>;

export const serverSecondsSchema = z.object({ seconds: z.array(serverSecondSchema) });
export type ServerSeconds = z.infer<typeof serverSecondsSchema>;

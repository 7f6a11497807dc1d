/**
 * The stages a message goes through on its way from a socket to every viewer's socket (issue 28):
 * where the time of a command, a chat line or a tap is spent, timed where it is spent and
 * observed by whatever the server gives (http/metrics.ts: prom-client histograms at /api/metrics).
 *
 * - `parse`: the frame read and checked against the protocol (zod);
 * - `wait`: waiting behind the connection's own earlier messages, then behind the room's earlier
 *   jobs (another seat's command, a timer's step), from the frame's arrival to its job's start;
 * - `engine`: the engine deciding a command's events and effects;
 * - `durable`: the append until it is durable (SQLite's group commit, or PostgreSQL);
 * - `projection`: every viewer's update built (the game projected for each);
 * - `serialise`: those updates turned into JSON text;
 * - `send`: the texts handed to the sockets (a write syscall each);
 * - `total`: from the frame's arrival to the last viewer's socket write, for messages from a
 *   connection (a timer's step has no sender). What is not here is the time the frame waited in
 *   the kernel for the event loop: the event loop's delay tells that.
 */
export const STAGES = ['parse', 'wait', 'engine', 'durable', 'projection', 'serialise', 'send', 'total'] as const;
export type Stage = (typeof STAGES)[number];

/** Where stage times go (milliseconds). */
export interface StageTimes {
  observe(stage: Stage, ms: number): void;
}

export const NO_STAGE_TIMES: StageTimes = { observe: () => {} };

/** The monotonic clock the stages are timed with (ms). */
export const stageNow = (): number => performance.now();

import { z } from 'zod';

/**
 * How a room is played:
 * - `human`: a human host at the table runs the game from the host device; the server only
 *   keeps time (timers are shown, the host ends each step).
 * - `app`: in person, the app is the host: when a step's timer runs out the server ends the
 *   step itself (`timeUp`, R-HOST-2). Its creator holds the room-admin key, not a host key.
 * - `online`: everybody on their own device, the app is the host as in `app`.
 */
export const ROOM_MODES = ['human', 'app', 'online'] as const;
export type RoomMode = (typeof ROOM_MODES)[number];

/** Step lengths in seconds. Speeches 60 s and defence speeches 30 s by default (the club rule). */
export const timersSchema = z.object({
  speech: z.number().min(0.05).max(600),
  defence: z.number().min(0.05).max(600),
  lastWords: z.number().min(0.05).max(600),
  night: z.number().min(0.05).max(600),
  vote: z.number().min(0.05).max(600),
}).strict();
export type Timers = z.infer<typeof timersSchema>;

export const DEFAULT_TIMERS: Timers = { speech: 60, defence: 30, lastWords: 60, night: 30, vote: 30 };

/** POST /api/rooms: the body. */
export const createRoomSchema = z.object({
  preset: z.string().min(1).max(32),
  seats: z.number().int().min(1).max(32),
  mode: z.enum(ROOM_MODES),
  options: z.record(z.string(), z.unknown()).optional(),
  names: z.array(z.string().min(1).max(40)).max(32).optional(),
  timers: timersSchema.partial().optional(),
  /** A club's own deck: one role id per seat, dealt from the seed at the start (instead of the preset's recommended composition). */
  composition: z.array(z.string().min(1).max(32)).min(1).max(32).optional(),
  /** Modifications of the extended deck (R-MOD), e.g. `extra-card`. */
  modifications: z.array(z.string().min(1).max(32)).max(16).optional(),
}).strict();
export type CreateRoomRequest = z.infer<typeof createRoomSchema>;

/**
 * A timer as the clients see it: what step it times, when the step began and when it runs out
 * (epoch milliseconds; the host may move `deadline`). Every phone paces a night's steps between
 * `started` and `deadline` alike (R-NIGHT-4).
 */
export interface TimerView {
  readonly kind: keyof Timers;
  readonly started: number;
  readonly deadline: number;
  /**
   * Set while the clock is stopped (`pause`): when it stopped (epoch ms). The step has
   * `deadline - pausedAt` ms left and nothing runs until `resume` moves `started` and `deadline`
   * on by the length of the pause.
   */
  readonly pausedAt?: number;
}

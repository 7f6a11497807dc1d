import { z } from 'zod';
import { playerNameSchema } from './names.js';

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

/**
 * The languages a room may be said to play in (the creator's UI language when the web app creates
 * it): shown in the lobby of open games (/play) so a player finds a table that speaks his language.
 */
export const ROOM_LANGUAGES = ['ru', 'en'] as const;
export type RoomLanguage = (typeof ROOM_LANGUAGES)[number];

/**
 * The shortest step a room may be created with, in whole seconds. A step of milliseconds makes an
 * app-hosted room spin by itself (issue 12 point 10: 1,000 such rooms pushed honest p99 to 237 ms);
 * a speech, defence, last word or vote under 5 s and a night step under 3 s is no game either.
 */
export const MIN_STEP_SECONDS = { speech: 5, defence: 5, lastWords: 5, nightStep: 3, vote: 5 } as const;
export const MAX_STEP_SECONDS = 600;

/**
 * Step lengths in seconds. Speeches 60 s and defence speeches 30 s by default (the club rule).
 * `nightStep` is ONE step of the night script (one role woken): a night lasts `nightStep` × the
 * number of steps of the deck's night script, whoever is alive (R-NIGHT-4).
 *
 * `minStep` lowers the minimum for the server's own tests only (they run whole games on short
 * steps); nothing on the wire reaches it: every request is checked with the default.
 */
export function timersSchemaWith(minStep?: number) {
  const step = (kind: keyof typeof MIN_STEP_SECONDS) => minStep === undefined
    ? z.number().int({ message: 'a whole number of seconds' }).min(MIN_STEP_SECONDS[kind], { message: `at least ${MIN_STEP_SECONDS[kind]} s (the shortest ${kind} step)` }).max(MAX_STEP_SECONDS)
    : z.number().min(minStep).max(MAX_STEP_SECONDS);
  return z.object({ speech: step('speech'), defence: step('defence'), lastWords: step('lastWords'), nightStep: step('nightStep'), vote: step('vote') }).strict();
}
export const timersSchema = timersSchemaWith();
export type Timers = z.infer<typeof timersSchema>;

/**
 * What a timer times: a step of the day, the whole night (cut into its steps by `TimerView.steps`),
 * or the card pause before a next game's night 1 (`cards`).
 */
export type TimerKind = 'speech' | 'defence' | 'lastWords' | 'night' | 'vote' | 'cards';

/**
 * The pause before night 1 of a next game at the same table, for everyone to look at his new card
 * (timer kind `cards`): the server starts the night's timer when it runs out, so no phone can cut it.
 */
export const CARD_PAUSE_SECONDS = 20;

/** The server's defaults; `nightStep` is the fallback for a preset without its own (see the server's `timersFor`). */
export const DEFAULT_TIMERS: Timers = { speech: 60, defence: 30, lastWords: 60, nightStep: 15, vote: 30 };

/**
 * `timers` in a create request. The old `night` field (the whole night) is refused with a message
 * saying what replaced it: read as a total it would silently give 5 s steps to a long night script.
 */
const askedTimersSchema = (minStep?: number) => timersSchemaWith(minStep).partial().extend({
  night: z.never({ message: 'timers.night (the whole night) is no longer accepted: give timers.nightStep, the seconds of ONE night step; the night lasts nightStep × its steps' }).optional(),
}).strict();

/** POST /api/rooms: the body (`minStep`: see timersSchemaWith, for the server's tests only). */
export function createRoomSchemaWith(minStep?: number) {
  return z.object({
    preset: z.string().min(1).max(32),
    seats: z.number().int().min(1).max(32),
    mode: z.enum(ROOM_MODES),
    options: z.record(z.string(), z.unknown()).optional(),
    names: z.array(playerNameSchema).max(32).optional(),
    timers: askedTimersSchema(minStep).optional(),
    /** A club's own deck: one role id per seat, dealt from the seed at the start (instead of the preset's recommended composition). */
    composition: z.array(z.string().min(1).max(32)).min(1).max(32).optional(),
    /** Modifications of the extended deck (R-MOD), e.g. `extra-card`. */
    modifications: z.array(z.string().min(1).max(32)).max(16).optional(),
    /**
     * An online room listed in the lobby of open games (GET /api/rooms/open, the web page /play)
     * while it waits for players. Default false: a private room is joined by its code only. Only an
     * online room may be public (`public-not-online`).
     */
    public: z.boolean().optional(),
    /** The language the table plays in (the web app sends its UI language); shown in the lobby of open games. */
    language: z.enum(ROOM_LANGUAGES).optional(),
  }).strict();
}
export const createRoomSchema = createRoomSchemaWith();
export type CreateRoomRequest = z.infer<typeof createRoomSchema>;

/**
 * One room of the lobby of open games (GET /api/rooms/open): a public online room whose game has
 * not started, not closed, not expired. Nothing else of the room is told: no names, no keys, no seed.
 */
export interface OpenRoom {
  readonly code: string;
  readonly preset: string;
  readonly seats: number;
  /** How many seats are claimed (a count only: who sits where is the room's own lobby's business). */
  readonly taken: number;
  /** Absent when the creator did not say (a room made through the API without `language`). */
  readonly language?: RoomLanguage;
  /** When the room was created (epoch ms, the server's clock). */
  readonly createdAt: number;
}

/** GET /api/rooms/open: the newest open rooms first (at most OPEN_ROOMS_LIMIT), and the server's time (epoch ms) to say "5 minutes ago" by. */
export interface OpenRooms {
  readonly rooms: readonly OpenRoom[];
  readonly now: number;
}

/** The most rooms GET /api/rooms/open lists: a lobby to pick a table from, not a directory of the server. */
export const OPEN_ROOMS_LIMIT = 50;

/**
 * A timer as the clients see it: what step it times, when the step began and when it runs out
 * (epoch milliseconds; the host may move `deadline`).
 *
 * A night timer also carries `steps`: the start of each step of the night script (epoch ms,
 * ascending, one per step of `view.nightSteps`); step i runs from `steps[i]` to `steps[i + 1]`
 * (the last one to `deadline`). Every phone, the table and the narrator read the step being
 * called from these public times alone (R-NIGHT-4). The host's `timer` (+10 s) lengthens the step
 * running now and moves the later starts and the deadline with it, so no screen ever goes back a step.
 * Absent on a night timer written before it existed: then the night is cut into equal slices.
 */
export interface TimerView {
  readonly kind: TimerKind;
  readonly started: number;
  readonly deadline: number;
  readonly steps?: readonly number[];
  /**
   * Set while the clock is stopped (`pause`): when it stopped (epoch ms). The step has
   * `deadline - pausedAt` ms left and nothing runs until `resume` moves `started` and `deadline`
   * on by the length of the pause.
   */
  readonly pausedAt?: number;
  /**
   * Set with `pausedAt` when nobody stopped the clock: an app-hosted game holds its step while no
   * player is connected (the room admin's bots do not count), and goes on by itself when one
   * connects. Not a pause: there is nothing to resume.
   */
  readonly held?: true;
  /**
   * Human rooms, at night: the step the host opened on his console (0-based, `view.nightSteps`;
   * 0 when the night begins). Every screen shows this step instead of the clock's: the host calls
   * the night, not the timer. Public: every viewer gets the same number whoever acts.
   */
  readonly step?: number;
  /** When the host opened `step` (epoch ms, server clock): the step's own countdown starts there. */
  readonly stepAt?: number;
}

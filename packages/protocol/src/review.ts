import { z } from 'zod';

/**
 * GET /api/rooms/:code/review (issue 27 point 4): once a game has ended, what each bot of the room
 * did in it and why, for the review of a practice game. A reason is the bots package's `Reason`
 * (packages/bots journal.ts): a code and, by code, the seat, the day or the claimant it names.
 */
export const reviewReasonSchema = z.object({
  code: z.string(),
  by: z.number().int().optional(),
  seat: z.number().int().optional(),
  day: z.number().int().optional(),
});

export const reviewEntrySchema = z.object({
  phase: z.enum(['day', 'night']),
  n: z.number().int(),
  act: z.string(),
  target: z.number().int(),
  reason: reviewReasonSchema,
});

export const roomReviewSchema = z.object({
  /** The room's game the review is of (1, 2, … as the room numbers them). */
  game: z.number().int(),
  bots: z.array(z.object({ seat: z.number().int(), name: z.string(), journal: z.array(reviewEntrySchema) })),
});

export type ReviewEntry = z.infer<typeof reviewEntrySchema>;
export type RoomReview = z.infer<typeof roomReviewSchema>;

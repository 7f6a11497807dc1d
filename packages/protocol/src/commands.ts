import { z } from 'zod';
import { ALL_ACTS, ALL_ROLE_IDS, type Command } from '@mafia/engine';

/** A seat number on the wire: a whole number from 1 (the engine checks it against the table). */
export const seatSchema = z.number().int().min(1).max(64);

const roleIds = ALL_ROLE_IDS as unknown as [string, ...string[]];

/**
 * The engine's commands (packages/engine/src/game/commands.ts) as strict zod schemas: an unknown
 * field is an error, not ignored. The engine still judges whether a command is legal now.
 */
export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('act'), by: seatSchema, act: z.enum(ALL_ACTS as unknown as [string, ...string[]]), target: seatSchema, target2: seatSchema.optional(), role: z.enum(roleIds).optional() }).strict(),
  z.object({ type: z.literal('endNight') }).strict(),
  z.object({ type: z.literal('timeUp') }).strict(),
  z.object({ type: z.literal('bestMove'), by: seatSchema, named: z.array(seatSchema).max(8) }).strict(),
  z.object({ type: z.literal('endLastWords') }).strict(),
  z.object({ type: z.literal('dyingNote'), by: seatSchema, named: seatSchema }).strict(),
  z.object({ type: z.literal('nominate'), by: seatSchema, target: seatSchema }).strict(),
  z.object({ type: z.literal('endSpeech') }).strict(),
  z.object({ type: z.literal('foul'), seat: seatSchema }).strict(),
  // R-FIIM-12: a removal's reason (fiim only; the engine refuses one elsewhere).
  z.object({ type: z.literal('remove'), seat: seatSchema, reason: z.enum(['disqualified', 'left']).optional() }).strict(),
  // R-FIIM-14..16: a technical foul, a team defeat, the referee's extra points (the engine checks the range).
  z.object({ type: z.literal('techFoul'), seat: seatSchema }).strict(),
  z.object({ type: z.literal('teamDefeat'), seat: seatSchema }).strict(),
  z.object({ type: z.literal('extraPoints'), seat: seatSchema, points: z.number().finite() }).strict(),
  z.object({ type: z.literal('vote'), by: seatSchema, target: seatSchema }).strict(),
  z.object({ type: z.literal('liftVote'), by: seatSchema, leave: z.boolean() }).strict(),
  z.object({ type: z.literal('closeVote') }).strict(),
  z.object({ type: z.literal('circle'), from: seatSchema, dir: z.enum(['up', 'down']) }).strict(),
  z.object({ type: z.literal('blood'), by: seatSchema, target: seatSchema }).strict(),
  z.object({ type: z.literal('silenceBroken'), seat: seatSchema }).strict(),
  z.object({ type: z.literal('rakeTakes'), by: seatSchema, target: seatSchema }).strict(),
  z.object({ type: z.literal('victimList'), seats: z.array(seatSchema).max(8) }).strict(),
  z.object({
    type: z.literal('override'),
    action: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('eliminate'), seat: seatSchema }).strict(),
      z.object({ kind: z.literal('revive'), seat: seatSchema }).strict(),
      z.object({ kind: z.literal('endGame'), winner: z.enum(['town', 'mafia', 'draw', ...roleIds] as [string, ...string[]]) }).strict(),
    ]),
  }).strict(),
  z.object({ type: z.literal('undo'), count: z.number().int().min(1).max(1000) }).strict(),
]);

/** The parsed command, typed as the engine's (the engine brands seat numbers; the wire carries numbers). */
export const asEngineCommand = (c: z.infer<typeof commandSchema>): Command => c as unknown as Command;

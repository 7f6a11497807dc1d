import { z } from 'zod';
import { ALL_ACTS, ALL_ROLE_IDS, MAX_PLAN_SHOTS, MAX_VERSION_SEATS, seatNo, type Command } from '@mafia/engine';

/**
 * A seat number on the wire: a whole number from 1 (the engine checks it against the table),
 * parsed into the engine's `SeatNo` here, at the edge, so no code behind it casts one.
 */
export const seatSchema = z.number().int().min(1).max(64).transform(seatNo);

/** A statement (engine model/statement.ts), strict: its kind decides its fields. */
const statementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('claim'), role: z.enum(ALL_ROLE_IDS) }).strict(),
  z.object({ kind: z.literal('checked'), target: seatSchema, night: z.number().int().min(1).max(100), color: z.enum(['red', 'black']) }).strict(),
  z.object({ kind: z.literal('suspect'), target: seatSchema }).strict(),
  z.object({ kind: z.literal('trust'), target: seatSchema }).strict(),
  z.object({ kind: z.literal('willVote'), target: seatSchema }).strict(),
  z.object({ kind: z.literal('version'), seats: z.array(seatSchema).min(1).max(MAX_VERSION_SEATS) }).strict(),
  // The mafia's night meeting: their shot order (the engine: a living mafioso, at night, nights from tonight).
  z.object({ kind: z.literal('plan'), shots: z.array(z.object({ night: z.number().int().min(1).max(100), target: seatSchema }).strict()).min(1).max(MAX_PLAN_SHOTS) }).strict(),
]);

/**
 * The engine's commands (packages/engine/src/game/commands.ts) as strict zod schemas: an unknown
 * field is an error, not ignored. The engine still judges whether a command is legal now.
 */
export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('act'), by: seatSchema, act: z.enum(ALL_ACTS), target: seatSchema, target2: seatSchema.optional(), role: z.enum(ALL_ROLE_IDS).optional() }).strict(),
  z.object({ type: z.literal('endNight') }).strict(),
  z.object({ type: z.literal('timeUp') }).strict(),
  z.object({ type: z.literal('bestMove'), by: seatSchema, named: z.array(seatSchema).max(8) }).strict(),
  z.object({ type: z.literal('endLastWords') }).strict(),
  z.object({ type: z.literal('dyingNote'), by: seatSchema, named: seatSchema }).strict(),
  z.object({ type: z.literal('nominate'), by: seatSchema, target: seatSchema }).strict(),
  // Issue 27: a statement in the speaker's own turn (the engine checks the turn, the seats and the deck).
  z.object({ type: z.literal('statement'), by: seatSchema, statement: statementSchema }).strict(),
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
      z.object({ kind: z.literal('endGame'), winner: z.enum(['town', 'mafia', 'draw', ...ALL_ROLE_IDS]) }).strict(),
    ]),
  }).strict(),
  z.object({ type: z.literal('undo'), count: z.number().int().min(1).max(1000) }).strict(),
]);

/** Compiles only while every command the schema parses is one of the engine's `Command`s. */
type EngineCommand<T extends Command> = T;
/** A parsed command is the engine's `Command` as it is: seats arrive as `SeatNo`, no cast behind the edge. */
export type ParsedCommand = EngineCommand<z.output<typeof commandSchema>>;

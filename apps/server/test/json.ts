/**
 * JSON the tests read (frames, log bodies, files, HTTP bodies) goes through a check, not a cast:
 * a test stops here, with the reason, when the data is not what it reads.
 */
import { parseServerFrame, type ServerMessage } from '@mafia/protocol';
import { z } from 'zod';

/** JSON text read against a schema. */
export const jsonOf = <S extends z.ZodTypeAny>(schema: S, text: string): z.output<S> => schema.parse(JSON.parse(text));

/** A JSON object whose fields the test reads freely (a log line, a stored body, a fixture file): checked to be an object, no more. */
export const anyObject = z.record(z.string(), z.any());

/** A frame the server sent, held to the protocol's strict schema (the server's own tests may not send a field it does not declare). */
export function frameOf(text: string): ServerMessage {
  const parsed = parseServerFrame(text);
  if (!parsed.ok) throw new Error(`the server sent a frame the protocol refuses (${parsed.error}): ${text.slice(0, 300)}`);
  return parsed.message;
}

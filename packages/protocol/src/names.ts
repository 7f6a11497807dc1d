import { z } from 'zod';
import { checkName } from './nameRules.js';

/** A player's name on the wire: normalised by `checkName`, or refused with its message. */
export const playerNameSchema = z.string().transform((raw, ctx) => {
  const r = checkName(raw);
  if (r.ok) return r.name;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: r.message });
  return z.NEVER;
});

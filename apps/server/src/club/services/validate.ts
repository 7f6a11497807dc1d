import type { z } from 'zod';
import { clubRefuse } from '../errors.js';

/**
 * A body or query checked against its zod shape: the first issue becomes `bad-request` naming
 * the field (`path` as `a.b[0]`), so a refusal says what was wrong and where.
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = pathOf(issue.path);
  return clubRefuse('bad-request', path ? `${path}: ${issue.message}` : issue.message, 400, path ? { path } : {});
}

export const pathOf = (p: readonly (string | number)[]): string =>
  p.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '');

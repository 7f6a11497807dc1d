import type { z } from 'zod';
import { ClubError } from '../errors.js';

/**
 * The body (or params) checked against `schema`; the first problem refused with its field in
 * `path`. `codes` gives some fields a code of their own (`bad-email`), else `bad-request`.
 */
export function parseBody<T extends z.ZodTypeAny>(schema: T, body: unknown, codes: Readonly<Record<string, string>> = {}): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue.path.join('.');
  const code = codes[path] ?? 'bad-request';
  throw new ClubError(code, path ? `${path}: ${issue.message}` : issue.message, 400, path ? { path } : {});
}

/** An e-mail address as the club keeps it: trimmed and lower-cased. */
export const normalEmail = (e: string): string => e.trim().toLowerCase();

import { z } from 'zod';

/**
 * Stored JSON with a version. A stored value may carry `v` (a whole number); without one it is
 * version 1, the shape every value was written in before versions existed. `parseStored` reads
 * every version it knows: each old version is parsed with its own schema and upgraded step by
 * step to the current one, so a value written by an older server still loads. A value that is not
 * JSON, has a version this server does not know (written by a newer one) or does not fit its
 * version's schema is refused with an error naming what was read and why.
 */
export interface StoredFormat<T> {
  /** What is stored, for the error message ("room timers", "a game's seats"). */
  readonly what: string;
  /** The schema of each version, from 1 up; the last one is the current version. */
  readonly versions: readonly z.ZodType[];
  /** upgrades[i] turns a parsed version i+1 into version i+2. */
  readonly upgrades: readonly ((old: unknown) => unknown)[];
  /** The last version's parsed value, as the server uses it. */
  readonly current: z.ZodType<T>;
}

export class StoredValueError extends Error {
  constructor(what: string, detail: string) {
    super(`stored ${what} cannot be read: ${detail}`);
    this.name = 'StoredValueError';
  }
}

const versionOf = (v: unknown): unknown => (v !== null && typeof v === 'object' && !Array.isArray(v) && 'v' in v ? (v as { v: unknown }).v : 1);

/** The version field is the envelope's, not the value's: each schema sees the value without it. */
function withoutVersion(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || !('v' in v)) return v;
  const { v: _version, ...rest } = v as Record<string, unknown>;
  return rest;
}

/** Reads `text` (JSON) as `format`'s current version, upgrading an old one. */
export function parseStored<T>(format: StoredFormat<T>, text: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new StoredValueError(format.what, `not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return upgradeStored(format, raw);
}

/** As parseStored, for a value already parsed from JSON (a column the driver decoded, a job's payload). */
export function upgradeStored<T>(format: StoredFormat<T>, raw: unknown): T {
  const version = versionOf(raw);
  const known = format.versions.length;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > known) {
    throw new StoredValueError(format.what, `version ${JSON.stringify(version)} is unknown (this server reads versions 1 to ${known})`);
  }
  let value = check(format.what, version, format.versions[version - 1]!, withoutVersion(raw));
  for (let from = version; from < known; from++) value = check(format.what, from + 1, format.versions[from]!, format.upgrades[from - 1]!(value));
  return check(format.what, known, format.current, value);
}

function check<S extends z.ZodType>(what: string, version: number, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const at = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new StoredValueError(what, `version ${version}${at}: ${issue.message}`);
}

/** A format with one version (today's shape): its parse function reads it, and refuses a newer one. */
export function firstVersion<T>(what: string, schema: z.ZodType<T>): StoredFormat<T> {
  return { what, versions: [schema], upgrades: [], current: schema };
}

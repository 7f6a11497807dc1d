import { readFileSync } from 'node:fs';

/** A command-line failure: printed as `{"error": …}` (or a message) with exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly code = 'usage') {
    super(message);
  }
}

export function readInput(file: string): string {
  if (file === '-') return readFileSync(0, 'utf8');
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new UsageError(`cannot read ${file}: ${reason}`, 'unreadable-file');
  }
}

/** JSON.parse with the position of the problem in the message. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON: ${(e as Error).message}`, 'bad-json');
  }
}

export const printJson = (v: unknown): void => {
  process.stdout.write(`${JSON.stringify(v)}\n`);
};

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './io.js';

/** A command's body: its arguments in, its exit code out. */
export type Handler = (args: string[]) => number | Promise<number>;

/** Runs `handler`: a UsageError is one line on stderr (`<prefix>: message`) and exit code 2, never a stack. */
export async function runCommand(prefix: string, handler: Handler, args: string[]): Promise<number> {
  try {
    return await handler(args);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${prefix}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

/** True when the module at `moduleUrl` is the script node was started with (not one imported by a test). */
function isEntry(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `main` with the process's arguments when the module at `moduleUrl` is the script node was
 * started with (`node packages/cli/dist/main.js …`, `node apps/server/dist/tools/audit.js …`): its
 * result is the exit code; anything thrown is an internal error, exit 1.
 */
export function runAsProcess(moduleUrl: string, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!isEntry(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (err: unknown) => {
      process.stderr.write(`${name}: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

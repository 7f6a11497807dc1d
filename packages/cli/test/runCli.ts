import { vi } from 'vitest';
import { main } from '../src/main.js';

/** Runs `mafia COMMAND args…` in this process and gathers what it printed and its exit code. */
export async function runCli(command: string, args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  try {
    return { code: await main([command, ...args]), out, err };
  } finally {
    vi.restoreAllMocks();
  }
}

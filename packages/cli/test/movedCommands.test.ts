/**
 * Issue 25: the audit and the recomputation are the server app's tools now (a package never
 * imports an app); `mafia audit` and `mafia recompute` say where they went instead of "unknown".
 */
import { describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.js';

async function run(args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => { err += String(c); return true; });
  try {
    return { code: await main(args), err };
  } finally {
    e.mockRestore();
  }
}

describe('commands that moved to the server app', () => {
  it('audit_and_recompute_exit_2_naming_the_tool_that_runs_them_now', async () => {
    const audit = await run(['audit', '--small']);
    expect(audit).toEqual({ code: 2, err: 'mafia: "audit" is a tool of the server app now: npm run audit -- … (node apps/server/dist/tools/audit.js)\n' });
    const recompute = await run(['recompute']);
    expect(recompute.code).toBe(2);
    expect(recompute.err).toMatch(/npm run recompute -- … \(node apps\/server\/dist\/tools\/recompute\.js\)/);
  });
});

/**
 * The full game's plan (plan.ts) over the wire, without browsers: the host's connection takes every
 * step the plan gives, and the real server's engine ends the classic game with the town's win.
 * It checks the plan itself, so that a failure of the browser game is the screens', not the plan's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './harness';
import { Oracle } from './oracle';
import { commandOf, nextSteps, stepKey } from './plan';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the full-game plan against the real server (no browser)', () => {
  it('plays a classic 10-player game to the town win', async () => {
    const res = await fetch(`${server.base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', seats: 10, mode: 'human' }) });
    const room = (await res.json()) as { code: string; hostKey: string };
    const host = new Oracle(server.wsUrl, room.code, { as: 'host', key: room.hostKey });
    await host.wait((s) => s.status === 'open', 'the host welcome');
    await host.client.start();
    await host.wait((s) => s.view !== null, 'the start');
    const sent = new Set<string>();
    const trace: string[] = [];
    for (let i = 0; i < 400 && host.state.view!.phase.kind !== 'ended'; i++) {
      const { view, pending } = host.state;
      const steps = nextSteps(view!, pending ?? [], sent);
      expect(steps.length, `a step to take at ${JSON.stringify(view!.phase)} ${view!.day?.stage}`).toBeGreaterThan(0);
      const step = steps[0]!;
      sent.add(stepKey(view!, step));
      trace.push(`${stepKey(view!, step)} ${JSON.stringify(step)}`);
      const seq = host.state.seq;
      await host.client.command(commandOf(step) as never);
      await host.after(seq, JSON.stringify(step));
    }
    const view = host.state.view!;
    expect(view.phase.kind, trace.join('\n')).toBe('ended');
    expect(view.winner).toBe('town');
    if (process.env.E2E_TRACE) console.log(trace.join("\n"));
    host.close();
  });
});

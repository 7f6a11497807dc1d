import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../src/tools/nodeFlags.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** A port free on 127.0.0.1 (the chaos tool's; tests take theirs the same way). */
export { freeLoopbackPort as freePort } from '../src/tools/chaos/ports.js';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly base: string;
  readonly ws: string;
  /** kill -9: no shutdown hook runs, nothing is flushed. */
  kill9(): Promise<void>;
}

/**
 * The real server (apps/server/dist/main.js, as `npm start` runs it) in a child process;
 * `openFiles` starts it under that soft limit of open files (`ulimit -n`); `env` adds to its environment.
 */
export async function spawnServer(databaseUrl: string, port: number, o: { openFiles?: number; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const node = [process.execPath, ...SERVER_NODE_FLAGS, MAIN];
  const [cmd, ...args] = o.openFiles === undefined ? node : ['sh', '-c', `ulimit -n ${o.openFiles} && exec "$0" "$@"`, ...node];
  const child = spawn(cmd!, args, {
    env: { ...process.env, ...o.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, fail) => {
    // A server that did not start is not left running (an orphan once the test's worker exits).
    const reject = (e: Error) => {
      child.kill('SIGKILL');
      fail(e);
    };
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('mafia server listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d) => (out += String(d)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/ws`,
    kill9: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

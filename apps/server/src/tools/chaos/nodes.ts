import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../nodeFlags.js';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

export interface ChaosNode {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The NODE_ID of its current process (a restart is a new node: name and generation). */
  id: string;
  child: ChildProcess | null;
  generation: number;
}

export interface NodeSettings {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly secret: string;
}

/** Starts the node's process (the built server, as `npm start` runs it) and waits until it listens. */
export async function startNode(node: ChaosNode, s: NodeSettings): Promise<void> {
  node.generation++;
  node.id = `${node.name}-g${node.generation}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    env: {
      ...process.env, PORT: String(node.port), HOST: '127.0.0.1', DATABASE_URL: s.databaseUrl, REDIS_URL: s.redisUrl, REDIS_PREFIX: s.prefix,
      CLUSTER_SECRET: s.secret, NODE_ID: node.id, NODE_URL: node.url, LOG_LEVEL: 'warn',
      ROOMS_PER_ADDRESS_PER_HOUR: '100000', UNSTARTED_ROOMS_PER_ADDRESS: '100000', CONNECTIONS_PER_ADDRESS: '100000', HTTP_CONNECTIONS_PER_ADDRESS: '100000',
      // Every player of the run is one address (127.0.0.1), and the nodes count an address together:
      // its refused messages (a command resent before the hello after a kill) too.
      MESSAGES_PER_SECOND_PER_ADDRESS: '100000', LOOKUP_MISSES_PER_MINUTE: '100000', ADDRESS_STRIKES: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  node.child = child;
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + String(d)).slice(-2000)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${node.id} exited at start: ${err}`);
    const ok = await fetch(`${node.url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`node ${node.id} did not answer within 30 s: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** kill -9: nothing of the process runs after it. */
export function killNode(node: ChaosNode): Promise<void> {
  const child = node.child;
  node.child = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

import { timingSafeEqual } from 'node:crypto';
import { WebSocket } from 'ws';

/** The header a node's passed-on connection or request carries: the cluster's shared secret. */
export const CLUSTER_HEADER = 'x-mafia-cluster';
/** The header with the client's own address (the node it reached saw it; this node sees only that node). */
export const CLIENT_HEADER = 'x-mafia-client';

/** What a connection needs to pass its client on to the node holding the room (cluster mode). */
export interface ClusterLink {
  readonly secret: string;
  /** How long a client keeps being passed on while the room's node cannot be reached (ms): a crashed node's lease runs out meanwhile. */
  readonly retryMs: number;
}

/** Whether a request came from another node of this cluster (its secret, compared in constant time). */
export function fromNode(header: string | string[] | undefined, secret: string | undefined): boolean {
  if (secret === undefined || typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Nodes found unreachable a moment ago (their URL → until when, epoch ms). When a node dies, its
 * thousand clients reconnect to the others within a second and each would try the dead node again
 * and again until its leases run out: one failed attempt now tells the others to wait instead.
 */
const unreachable = new Map<string, number>();
const UNREACHABLE_MS = 500;

/** How long to wait before trying `nodeUrl` (0: at once). */
export function waitBeforeTrying(nodeUrl: string, now = Date.now()): number {
  const until = unreachable.get(nodeUrl);
  if (until === undefined) return 0;
  if (until <= now) unreachable.delete(nodeUrl);
  return Math.max(0, until - now);
}

export interface UpstreamClient {
  /** A frame from the room's node, for the client as it is. */
  relay(text: string): void;
  /** The node's connection ended by itself; `opened`: whether it had opened at all. */
  ended(opened: boolean): void;
}

/**
 * A client's connection passed on to the node that holds its room (issue 29): the client's frames
 * go there as they came, and the node's frames come back as they are. This node parses nothing
 * and keeps no room: the holder checks everything, as it does for its own clients. Frames the
 * client sends before the link is open wait in order.
 */
export class Upstream {
  private readonly ws: WebSocket;
  private waiting: string[] | null;
  private opened = false;
  private over = false;

  constructor(private readonly nodeUrl: string, link: ClusterLink, address: string, first: string, private readonly client: UpstreamClient) {
    this.waiting = [first];
    this.ws = new WebSocket(`${nodeUrl.replace(/^http/, 'ws')}/ws`, {
      headers: { [CLUSTER_HEADER]: link.secret, [CLIENT_HEADER]: address },
      perMessageDeflate: false,
      handshakeTimeout: 3000,
      maxPayload: 4 << 20,
    });
    this.ws.on('open', () => {
      this.opened = true;
      for (const text of this.waiting ?? []) this.ws.send(text);
      this.waiting = null;
    });
    this.ws.on('message', (data, isBinary) => {
      if (!isBinary) this.client.relay(String(data));
    });
    this.ws.on('close', () => this.end());
    this.ws.on('error', () => this.end());
  }

  send(text: string): void {
    if (this.waiting) this.waiting.push(text);
    else if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  /** The client went away: the link goes too (the holder sees its client leave). */
  close(): void {
    if (this.over) return;
    this.over = true;
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close(1000, 'client gone');
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    if (!this.opened) unreachable.set(this.nodeUrl, Date.now() + UNREACHABLE_MS);
    this.client.ended(this.opened);
  }
}

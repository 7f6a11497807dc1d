import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROOM_MOVED, ROOM_UNAVAILABLE, type RoomElsewhere } from '../room/errors.js';
import { CLIENT_HEADER, CLUSTER_HEADER, fromNode, type ClusterLink } from '../ws/upstream.js';

/** The request headers a room's node needs to answer as this node would have. */
const PASSED = ['accept', 'accept-language', 'content-type', 'x-room-key', 'authorization', 'cookie'];
/** The answer's headers passed back to the client. */
const RETURNED = ['content-type', 'content-disposition', 'cache-control', 'retry-after'];

/**
 * A request about a room another node holds (issue 29): asked of that node, its answer passed back
 * as it is. A request that came from a node already is not passed on again (the room moved in
 * between: 503, try again), and a node that cannot be reached is 503 `room-unavailable`: its
 * lease runs out within seconds and the next node to be asked takes the room.
 */
export async function forwardToHolder(e: RoomElsewhere, req: FastifyRequest, reply: FastifyReply, link: ClusterLink): Promise<FastifyReply> {
  const unavailable = (refusal: typeof ROOM_UNAVAILABLE) => reply.status(503).header('retry-after', '2').send({ error: refusal });
  if (fromNode(req.headers[CLUSTER_HEADER], link.secret)) return unavailable(ROOM_MOVED);
  const headers: Record<string, string> = { [CLUSTER_HEADER]: link.secret, [CLIENT_HEADER]: req.ip };
  for (const name of PASSED) {
    const v = req.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const body = req.method === 'GET' || req.method === 'HEAD' || req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
  let answer: Response;
  try {
    answer = await fetch(`${e.url}${req.url}`, { method: req.method, headers, body, signal: AbortSignal.timeout(10_000), redirect: 'manual' });
  } catch {
    return unavailable(ROOM_UNAVAILABLE);
  }
  reply.status(answer.status);
  for (const name of RETURNED) {
    const v = answer.headers.get(name);
    if (v !== null) reply.header(name, v);
  }
  return reply.send(Buffer.from(await answer.arrayBuffer()));
}

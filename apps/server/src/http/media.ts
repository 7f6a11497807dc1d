import type { IceServer, MediaSettings } from '@mafia/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/media: the ICE servers (ICE_SERVERS) a client's RTCPeerConnection uses for voice and
 * video (issue 26 point 1). Read-only and the same for everybody: a TURN server's credentials are
 * handed to every client that plays anyway (docs/online.md says how to limit a TURN server).
 */
export function registerMedia(app: FastifyInstance, iceServers: readonly IceServer[]): void {
  const settings: MediaSettings = { iceServers };
  app.get('/api/media', async () => settings);
}

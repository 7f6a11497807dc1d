import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json',
};

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mafia Host</title></head>
<body><h1>Mafia Host</h1><p>The game server is up. The web app is not built yet; clients speak the
WebSocket protocol at <code>/ws</code> (docs/wire-protocol.md). Health: <a href="/api/health">/api/health</a>.</p></body></html>
`;

/** A path's escapes decoded; one that does not decode (`%E0%A4`) names no file: '' (index.html), not a thrown URIError (a 500). */
function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/**
 * The web app's build when it exists (`webRoot`: index.html and its assets; any other path that is
 * not a file gets index.html, so a join link /r/CODE opens the app), else a plain page saying the
 * server is up.
 */
export function registerPages(app: FastifyInstance, webRoot: string): void {
  const root = resolve(webRoot);
  const index = join(root, 'index.html');
  app.get('/*', async (req, reply) => {
    if (!existsSync(index)) return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    const rel = normalize(decodedPath((req.params as { '*': string })['*'] ?? ''));
    const file = resolve(root, rel);
    const inside = file === root || file.startsWith(root + sep);
    const target = inside && rel !== '' && existsSync(file) && statSync(file).isFile() ? file : index;
    return reply.type(TYPES[extname(target)] ?? 'application/octet-stream').send(readFileSync(target));
  });
}

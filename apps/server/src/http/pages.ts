import { existsSync, statSync } from 'node:fs';
import { join, normalize, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mafia Host</title></head>
<body><h1>Mafia Host</h1><p>The game server is up. The web app is not built yet; clients speak the
WebSocket protocol at <code>/ws</code> (docs/wire-protocol.md). Health: <a href="/api/health">/api/health</a>.</p></body></html>
`;

/** Vite names every file under assets/ by a hash of its content: a name never changes its bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML, the service worker, the manifest and the icons keep their names across builds: always revalidated (ETag). */
export const REVALIDATE = 'no-cache';

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
 * server is up. Files go out through @fastify/static's `preCompressed`: the `.br`/`.gz` siblings the
 * web build writes (apps/web/scripts/precompress.mjs) when the browser accepts them, with
 * `Vary: Accept-Encoding`; nothing is compressed per request.
 */
export function registerPages(app: FastifyInstance, webRoot: string): void {
  const root = resolve(webRoot);
  const index = join(root, 'index.html');
  const assets = join(root, 'assets') + sep;
  void app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false });
  app.get('/*', async (req, reply) => {
    if (!existsSync(index)) return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(PLACEHOLDER);
    const rel = normalize(decodedPath((req.params as { '*': string })['*'] ?? ''));
    const file = resolve(root, rel);
    const inside = file === root || file.startsWith(root + sep);
    const found = inside && rel !== '' && existsSync(file) && statSync(file).isFile();
    // A hashed asset that is gone (an old build's chunk) is a 404, never index.html: HTML under a
    // script's name would break the page, and a browser may keep whatever it got for a year.
    if (!found && inside && file.startsWith(assets)) return reply.callNotFound();
    const target = found ? file : index;
    reply.header('cache-control', target.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    return reply.sendFile('/' + relative(root, target).split(sep).join('/'), root);
  });
}

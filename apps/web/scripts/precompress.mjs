// Brotli and gzip copies of the web build's text files (x.js → x.js.br, x.js.gz), written once at
// build time so the server sends them as they are (@fastify/static `preCompressed`) and spends no
// CPU per request: brotli at its best quality is too slow to run on every answer.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, isAbsolute, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing: text. PNGs are compressed already; source maps only a developer opens. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function brotli(bytes) {
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

export function gzip(bytes) {
  return gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Writes `.br` and `.gz` beside every compressible file under `dir` (Vite's manifest in `.vite/`
 * too: it is never served). A copy that would not be smaller is not written: the server then sends
 * the file itself. Returns the files compressed.
 */
export function precompress(dir) {
  const done = [];
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const raw = readFileSync(path);
    for (const [suffix, compress] of [['.br', brotli], ['.gz', gzip]]) {
      const packed = compress(raw);
      if (packed.length < raw.length) writeFileSync(path + suffix, packed);
    }
    done.push(path);
  }
  return done;
}

/** The Vite plugin: compresses the output directory once everything (public/ included) is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'mafia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.mjs';

/** The game server the dev server forwards to (npm start runs it on :3000). */
const server = process.env.MAFIA_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 400 },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      // The Host header is kept: the server lets a page open /ws only when its Origin matches Host (or ALLOWED_ORIGINS).
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});

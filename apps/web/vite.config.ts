import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The game server the dev server forwards to (npm start runs it on :3000). */
const server = process.env.MAFIA_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 400 },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
});

import { defineConfig } from 'vitest/config';
export default defineConfig({
  root: '/work/main',
  resolve: { alias: { '@mafia/engine': '/work/main/packages/engine/src/index.ts' } },
  test: { include: ['packages/engine/probe/props.test.ts'], testTimeout: 10000 },
});

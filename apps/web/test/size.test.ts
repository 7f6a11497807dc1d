import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script (no types)
import { entryKey, firstLoadChunks } from '../scripts/size.mjs';

// The budget itself is a benchmark (`npm run size -w apps/web`), not a test: this checks only which
// chunks the script counts.
describe('size script: the chunks of a first load', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/screens/player/index.tsx', 'src/screens/create/index.tsx'] },
    '_react.js': { file: 'assets/react.js' },
    '_ui.js': { file: 'assets/ui.js', imports: ['index.html'] },
    '_engine.js': { file: 'assets/engine.js' },
    'src/screens/player/index.tsx': { file: 'assets/player.js', isDynamicEntry: true, imports: ['index.html', '_ui.js'], dynamicImports: ['_engine.js'] },
    'src/screens/create/index.tsx': { file: 'assets/create.js', isDynamicEntry: true, imports: ['index.html', '_ui.js', '_engine.js'] },
  };

  it('counts the entry, the route’s lazy chunk and their static imports once each, never other routes or dynamic imports', () => {
    expect(entryKey(manifest)).toBe('index.html');
    const keys = firstLoadChunks(manifest, ['index.html', 'src/screens/player/index.tsx']);
    expect([...keys].sort()).toEqual(['_react.js', '_ui.js', 'index.html', 'src/screens/player/index.tsx']);
    expect(firstLoadChunks(manifest, ['index.html', 'src/screens/create/index.tsx'])).toContain('_engine.js');
  });

  it('fails loudly on a route the build does not have', () => {
    expect(() => firstLoadChunks(manifest, ['src/screens/nope.tsx'])).toThrow(/no chunk/);
  });
});

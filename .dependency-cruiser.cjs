/**
 * The import rules of issue 25 item 3, checked by dependency-cruiser in `npm test` (the stage
 * "import rules", scripts/test.mjs) over packages/*\/src and apps/*\/src:
 *   - no import cycle in any package or app, type imports included (tsPreCompilationDeps);
 *   - a package never imports an app;
 *   - the web app never imports the server's code;
 *   - every workspace (@mafia/*) a file imports is listed in the package.json nearest to it.
 * Run it by hand: npx depcruise --config .dependency-cruiser.cjs packages/*\/src apps/*\/src
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle (type imports count): move what both sides need to a module both import, or pass it in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-package-imports-an-app',
      severity: 'error',
      comment: 'packages/* are the bottom layers; apps/* build on them, never the other way. Move the code into the app (e.g. apps/server/src/tools) or into a package.',
      from: { path: '^packages/' },
      to: { path: ['^apps/', '^node_modules/@mafia/(server|web)(/|$)'] },
    },
    {
      name: 'no-web-imports-the-server',
      severity: 'error',
      comment: 'The web app speaks to the server over the wire only: shared types belong in packages/protocol.',
      from: { path: '^apps/web/' },
      to: { path: ['^apps/server/', '^node_modules/@mafia/server(/|$)'] },
    },
    {
      name: 'workspace-listed-in-package-json',
      severity: 'error',
      comment: 'This workspace is imported but not listed in the importer\'s package.json: add it to "dependencies" (or "devDependencies" for tools and tests).',
      from: { path: '^(packages|apps)/' },
      to: { path: '^node_modules/@mafia/', dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    // Type-only imports are edges too: a cycle closed by `import type` is still a cycle.
    tsPreCompilationDeps: true,
    // Workspaces resolve through node_modules/@mafia/* (not their real path), so the importer's
    // package.json decides whether each one is listed (npm, npm-dev or npm-no-pkg).
    preserveSymlinks: true,
    // Another workspace is reached through its build (dist) and not followed: each package's own
    // cycles are found in its own src.
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

/**
 * The V8 flags `npm start` gives the server (package.json's `start`, root and apps/server): the
 * audit and the tests that spawn the real server start it the same way, so what they measure is
 * the server clubs run. The collector marks on its own threads (docs/decisions.md "The server's
 * old generation is marked concurrently").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

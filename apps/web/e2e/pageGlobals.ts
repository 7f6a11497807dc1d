/**
 * What the e2e tests put on a page's `window` and read back in `page.evaluate`: typed here once,
 * so the evaluations need no casts. Imported for its types by every file that evaluates them (the
 * web unit tests compile harness.ts too, without this folder).
 */

/** One rule axe-core found broken on the page (axe.ts). */
export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

declare global {
  interface Window {
    /** axe-core, once axe.ts has evaluated its source in the page. */
    axe?: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
    /** The act button's labels seen since the decoy test started watching it (decoy.e2e.test.ts). */
    __labels?: string[];
    /** What harness.ts's socket tap saw: the roles of other seats sent to this page, the last seq. */
    __e2e?: { secrets: string[]; seq: number };
    /** Every RTCPeerConnection the page made (mediaStats.ts wraps the constructor to keep them). */
    __pcs?: RTCPeerConnection[];
  }
}

/**
 * The accessibility check of a screen (issue 23 point 7): axe-core, run in the page as it is, with
 * the WCAG 2.0/2.1 A and AA rules. `expectAccessible(page, 'host console, night')` fails the test on
 * any violation, naming the rule, the elements and what is wrong. No rule is switched off; an
 * exception goes into EXCEPTIONS with why the rule cannot apply.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Violation } from './pageGlobals';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Rules that cannot apply to a given element, by rule id → CSS selectors axe should not judge. */
const EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {};


/** The violations axe finds on the page now (axe injected once per document). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // addScriptTag's inline script would be refused by the app's Content-Security-Policy
    // (script-src 'self'); an evaluation from the test's side is not a page script.
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    async ({ tags, exceptions }) => {
      const axe = window.axe;
      if (axe === undefined) throw new Error('axe-core is not loaded in the page');
      const exclude = Object.values(exceptions).flat().map((s) => [s]);
      const r = await axe.run(exclude.length > 0 ? { exclude } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
    },
    { tags: TAGS, exceptions: EXCEPTIONS as Record<string, string[]> },
  );
}

export function describeViolations(vs: readonly Violation[]): string {
  return vs
    .map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`)
    .join('\n');
}

/** Fails when axe finds any WCAG 2.1 A/AA violation on the screen now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const vs = await axeViolations(page);
  if (vs.length > 0) throw new Error(`accessibility (axe, WCAG 2.1 AA) on ${screen}:\n${describeViolations(vs)}`);
}

/**
 * The WCAG contrast ratio of `selector`'s text as Chromium renders it: its computed colour, faded by
 * the opacity of it and its ancestors, over the first ancestor's opaque background. (axe skips text
 * that is a lone symbol such as «✕», so this measures it directly.)
 */
export async function contrastRatio(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no ${sel} on the page`);
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number, number?];
    let opacity = 1;
    let bg: [number, number, number] | null = null;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const st = getComputedStyle(e);
      opacity *= Number(st.opacity);
      const [r, g, b, a = 1] = rgba(st.backgroundColor);
      if (!bg && a > 0) bg = [r, g, b];
    }
    const back = bg ?? [255, 255, 255];
    const [fr, fg, fb, fa = 1] = rgba(getComputedStyle(el).color);
    const alpha = fa * opacity;
    const text = [fr, fg, fb].map((v, i) => v * alpha + back[i]! * (1 - alpha));
    const lum = (c: number[]) => c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [lum(text), lum(back)].sort((a, b) => b - a) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  }, selector);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule broken on one element, in words a failing assertion can show. */
export interface AccessibilityProblem {
  rule: string;
  impact: string;
  /** The element's CSS selector, as axe names it. */
  target: string;
  summary: string;
}

/**
 * Runs every axe-core rule (WCAG A and AA, and axe's best practices) on the page as it is and
 * returns what it breaks, one entry per element. axe goes in through the DevTools protocol rather
 * than a <script> tag, which the app's Content-Security-Policy refuses.
 */
export async function accessibilityProblems(page: Page): Promise<AccessibilityProblem[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const results = await page.evaluate<AxeResults>(
    "window.axe.run(document, { resultTypes: ['violations'] })",
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      target: node.target.join(' '),
      summary: node.failureSummary ?? violation.help,
    })),
  );
}

/** How far the page scrolls sideways: 0 when it fits the window's width. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(
    'Math.max(0, (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)',
  );
}

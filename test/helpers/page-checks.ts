/**
 * Checks the client's e2e tests make of a page as a person would meet it: axe's serious and
 * critical violations (with @axe-core/playwright, the rules axe runs by default), and
 * whether the page itself scrolls (its document larger than the window).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's serious and critical violations on the page as it is now, one line each; none is []. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.slice(0, 4).map((node) => node.target.join(' ')).join(' | ')}`);
}

export interface PageSize {
  scrollWidth: number;
  scrollHeight: number;
  width: number;
  height: number;
}

/** The document's scroll size beside the window's: equal when the page does not scroll. */
export async function pageSize(page: Page): Promise<PageSize> {
  return (await page.evaluate(`({
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    width: window.innerWidth,
    height: window.innerHeight,
  })`)) as PageSize;
}

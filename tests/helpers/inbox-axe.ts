import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe on an inbox page, under the inbox's real CSP: `script-src 'self'` refuses the script tag
 * axeViolations would add, so axe is evaluated over the DevTools protocol first (which a page's
 * CSP does not govern) and the page keeps its policy for everything else.
 */
export async function inboxAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axeSource);
  }
  return axeViolations(page);
}

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Test artifacts: one PNG per main page and theme (not checked in). */
export const screenshotDirectory = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Saves `<name>-light.png` and `<name>-dark.png` of the page as it is, switching the theme the way
 * the user would (the theme menu), and restores the choice it found.
 */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDirectory, { recursive: true });
  const theme = page.getByTestId('theme');
  const chosen = await theme.inputValue();
  for (const scheme of ['light', 'dark'] as const) {
    await theme.selectOption(scheme);
    await page.locator(`html[data-theme="${scheme}"]`).waitFor({ state: 'attached' });
    await page.screenshot({ path: `${screenshotDirectory}${name}-${scheme}.png`, fullPage: true });
  }
  await theme.selectOption(chosen);
}

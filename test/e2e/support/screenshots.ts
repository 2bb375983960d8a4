import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Test artifacts: one PNG per main page and theme (not checked in). */
export const screenshotDirectory = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The phone the browser suite checks the narrow layout on (an iPhone 14's CSS pixels). */
export const phoneViewport = { width: 390, height: 844 };

/**
 * Saves `<name>-light.png` and `<name>-dark.png` of the page as it is, switching the theme the way
 * the user would (the theme menu), and restores the choice it found. With `phone`, also
 * `<name>-phone-light.png` and `<name>-phone-dark.png` at `phoneViewport`, then restores the size.
 */
export async function saveScreenshots(
  page: Page,
  name: string,
  options: { phone?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshotDirectory, { recursive: true });
  const theme = page.getByTestId('theme');
  const chosen = await theme.inputValue();
  const size = page.viewportSize();
  const layouts = options.phone === true && size !== null ? [size, phoneViewport] : [size];
  for (const layout of layouts) {
    if (layout !== null) await page.setViewportSize(layout);
    const variant = layout === phoneViewport ? `${name}-phone` : name;
    for (const scheme of ['light', 'dark'] as const) {
      await theme.selectOption(scheme);
      await page.locator(`html[data-theme="${scheme}"]`).waitFor({ state: 'attached' });
      await page.screenshot({ path: `${screenshotDirectory}${variant}-${scheme}.png`, fullPage: true });
    }
  }
  if (size !== null) await page.setViewportSize(size);
  await theme.selectOption(chosen);
}

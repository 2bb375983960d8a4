import type { Page } from 'playwright-core';

/** Starts a recording on the Live page with the provider whose option matches `provider`, and waits until it records. */
export async function startRecording(
  page: Page,
  provider: RegExp,
  title = 'Browser live test',
): Promise<void> {
  const picker = page.getByLabel('Provider', { exact: true });
  const option = picker.locator('option').filter({ hasText: provider });
  await picker.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByTestId('live-state').getByText('Recording').waitFor();
}

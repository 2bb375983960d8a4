import type { Page } from 'playwright-core';
import { createProviderControl } from '../../../main/control/providerControl.ts';
import { providerBaseUrls } from '../../../main/transcriptionJobs.ts';

/**
 * Answers `GET /control/v1/providers` from the provider control itself while the service does not
 * mount it yet (the service answers 404); once it does, the service's own answer passes through.
 * Reloads the page so the pages ask again.
 */
export async function serveProvidersUntilMounted(page: Page, dataDirectory: string): Promise<void> {
  const providers = createProviderControl({ dataDirectory, resolveBaseUrl: providerBaseUrls() });
  await page.route('**/control/v1/providers', async (route) => {
    const original = await route.fetch();
    if (original.status() !== 404) return route.fulfill({ response: original });
    const answer = await providers.request('/providers');
    return route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: await answer.text(),
    });
  });
  await page.reload();
  await page.getByTestId('connection').getByText('Connected').waitFor();
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readWebhooks } from '../../store/webhookSettings.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { hasValidSignature, startWebhookReceiver } from '../support/webhookReceiver.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Settings → Integrations → Webhooks (issue #20, item 4): a webhook added by keyboard shows its
 * secret once and its URL never again; a test that the receiver refuses is logged as failed and
 * delivered by Retry now, signed with the secret the page showed.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

it('adds a webhook, tests it, retries it from the log and removes it, at 360 px in both themes', async () => {
  const receiver = await startWebhookReceiver([500, 200]);
  const earshot = await openEarshot(browser);
  try {
    const { page, dataDirectory } = earshot;
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/settings/integrations`);
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Name (optional)').fill('Notes bot');
    await page.getByLabel('Name (optional)').press('Enter');

    const secret = page.getByLabel('Signing secret of Notes bot');
    await expect.poll(() => secret.inputValue()).toMatch(/^whsec_/);
    const [stored] = readWebhooks(dataDirectory);
    expect(await secret.inputValue()).toBe(stored?.secret);
    const list = page.getByTestId('webhook-list');
    await expect.poll(() => list.textContent()).toContain(receiver.origin);
    expect(await page.getByLabel('URL').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect
      .poll(() => page.getByText(/^The test did not reach/).textContent())
      .toBe(`The test did not reach ${receiver.origin}: The receiver answered 500.`);
    const log = page.getByTestId('webhook-log');
    await expect.poll(() => log.getByText('failed').count()).toBe(1);
    await log.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => log.getByText('delivered').count()).toBe(1);
    expect(await page.getByText(/^The test did not reach/).count()).toBe(0);
    expect(receiver.received).toHaveLength(2);
    expect(hasValidSignature(receiver.received[1]!, stored!.secret)).toBe(true);

    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'settings-webhooks');

    await page.reload();
    await expect.poll(() => list.textContent()).toContain('Notes bot');
    expect(await page.content()).not.toContain('T0KEN');
    expect(await page.content()).not.toContain(stored!.secret);

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('No webhooks yet.').count()).toBe(1);
    expect(readWebhooks(dataDirectory)).toEqual([]);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await receiver.close();
  }
});

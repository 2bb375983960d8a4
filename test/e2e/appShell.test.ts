import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';

let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

it('opens /ws/app with the launch secret from the page and keeps the replica in step with the store', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = service.store.createSession({ title: 'Replica check', providerId: 'deepgram' });
    const titleOf = () =>
      page.evaluate(
        `window.earshotReplica.getCell('sessions', ${JSON.stringify(session.id)}, 'title') ?? null`,
      );
    await expect.poll(titleOf).toBe('Replica check');
    service.store.updateSession(session.id, { title: 'Renamed in the service' });
    await expect.poll(titleOf).toBe('Renamed in the service');
    service.store.deleteSession(session.id);
    await expect.poll(titleOf).toBeNull();
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('refuses a page without the launch secret: the UI says how to open it, and the socket stays shut', async () => {
  const earshot = await openEarshot(browser);
  try {
    const response = await earshot.page.request.get(earshot.url);
    const html = await response.text();
    expect(html).toContain('name="earshot-launch-secret"');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const page = await earshot.context.newPage();
    await page.route(earshot.url, async (route) => {
      const original = await route.fetch();
      const body = (await original.text()).replace(/<meta name="earshot-launch-secret"[^>]*>/, '');
      await route.fulfill({ response: original, body });
    });
    await page.goto(earshot.url);
    await page.getByTestId('connection').getByText('no launch key').waitFor();
  } finally {
    await earshot.close();
  }
});

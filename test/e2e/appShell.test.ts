import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { loginUrlOn, openEarshot } from './support/earshotInBrowser.ts';
import { phoneViewport, saveScreenshots } from './support/screenshots.ts';

let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

/** The page's address without its hash: a first run with nothing set up moves on to the setup (`#/setup`). */
function addressOf(page: Page): string {
  return page.url().split('#')[0] ?? '';
}

it('opens /ws/app with the session cookie and the page key, and keeps the replica in step with the store', async () => {
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

it('signs in as a user does: without the link the page says how to open the app, the link works once', async () => {
  const earshot = await openEarshot(browser);
  const strangers = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const { service, url } = earshot;
    const [signedOut, another] = await Promise.all(strangers.map((context) => context.newPage()));
    if (signedOut === undefined || another === undefined) throw new Error('no page');

    const page = await signedOut.goto(url);
    expect(page?.status()).toBe(401);
    expect(page?.headers()['cache-control']).toBe('no-store');
    expect(page?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const html = (await page?.text()) ?? '';
    expect(html).not.toContain(service.launchSecret);
    expect(html).not.toContain('earshot-launch-secret');
    await signedOut.getByText('earshot open', { exact: true }).first().waitFor();
    expect(await signedOut.locator('#root').count()).toBe(0);
    expect(await signedOut.evaluate('typeof window.earshot')).toBe('undefined');

    const loginUrl = loginUrlOn(url, service);
    await signedOut.goto(loginUrl);
    await signedOut.getByTestId('connection').getByText('Connected').waitFor();
    expect(addressOf(signedOut)).toBe(url);
    expect(await signedOut.evaluate(() => localStorage.getItem('earshot.pageKey'))).toMatch(/^[\w-]{43}$/);

    const reused = await another.goto(loginUrl);
    expect(reused?.status()).toBe(401);
    await another.getByText(/used already/).waitFor();
    expect(await another.locator('#root').count()).toBe(0);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await Promise.all(strangers.map((context) => context.close()));
    await earshot.close();
  }
});

it("a sign-in link followed from another site signs in too, and the sign-in page's link opens the app after a visit from another site", async () => {
  const earshot = await openEarshot(browser);
  const context = await browser.newContext();
  const loginUrl = loginUrlOn(earshot.url, earshot.service);
  // Another site (127.0.0.1 is not the same site as localhost) with links to Earshot on it, as web mail would show them.
  const otherSite = createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<a href="${loginUrl}">sign in</a> <a href="${earshot.url}">the app</a>`),
  );
  try {
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    const otherSiteUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}/`;
    const page = await context.newPage();
    await page.goto(otherSiteUrl);
    await page.getByText('sign in').click();
    // The sign-in page's own step to / starts on our site, so the SameSite=Strict cookie goes with it.
    await page.getByTestId('connection').getByText('Connected').waitFor();
    expect(addressOf(page)).toBe(earshot.url);

    await page.goto(otherSiteUrl);
    await page.getByText('the app').click();
    // The browser keeps the SameSite=Strict cookie but does not send it at the end of a cross-site journey.
    await page.getByRole('link', { name: 'Open the app' }).click();
    await page.getByTestId('connection').getByText('Connected').waitFor();
    expect(addressOf(page)).toBe(earshot.url);
  } finally {
    otherSite.close();
    await context.close();
    await earshot.close();
  }
});

it('says how to sign in again when the page has lost its page key', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    await page.evaluate(() => localStorage.removeItem('earshot.pageKey'));
    await page.reload();
    await page.getByTestId('signed-out').getByText('earshot open').waitFor();
    await page.getByTestId('connection').getByText('Not signed in').waitFor();
  } finally {
    await earshot.close();
  }
});

it('says how to sign in again when the service restarts and no longer knows the browser', async () => {
  const earshot = await openEarshot(browser);
  let restarted: RunningService | undefined;
  try {
    const { page, service, dataDirectory } = earshot;
    await service.close();
    restarted = await startService({ dataDirectory, port: service.port });
    await page.getByTestId('signed-out').getByText('earshot open').waitFor({ timeout: 20_000 });
    await page.getByTestId('connection').getByText('Not signed in').waitFor();

    await page.goto(loginUrlOn(earshot.url, restarted));
    await page.getByTestId('connection').getByText('Connected').waitFor();
    expect(await page.getByTestId('signed-out').count()).toBe(0);
  } finally {
    await earshot.close();
    await restarted?.close();
  }
});

/** The element that has focus, as the accessibility tree names it: `<tag> <text>`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(
    "`${document.activeElement?.tagName.toLowerCase()} ${document.activeElement?.textContent?.trim() ?? ''}`",
  );
}

it('moves focus to the main heading of every page it opens, and keeps the theme choice after the content', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [link, heading] of [
      ['Files', 'Files'],
      ['Sessions', 'Sessions'],
      ['Topics & tags', 'Topics & tags'],
      ['Settings', 'Settings'],
      ['Inspector', 'Inspector'],
      ['Live', 'Live'],
    ] as const) {
      await main.getByRole('link', { name: link, exact: true }).click();
      await expect.poll(() => focused(page)).toBe(`h1 ${heading}`);
    }
    // Tabs within a page leave focus on the tab the user chose.
    await page.goto(`${earshot.url}#/settings/providers`);
    await expect.poll(() => focused(page)).toBe('h1 Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'AI' }).click();
    await expect.poll(() => focused(page)).toMatch(/^a AI/);

    // Reading order: skip link, navigation, the page, and only then the theme and connection.
    const order =
      await page.evaluate(`[...document.querySelectorAll('.skip-link, nav[aria-label="Main"], main, [data-testid="theme"]')]
      .map((element) => element.tagName.toLowerCase())`);
    expect(order).toEqual(['a', 'nav', 'main', 'select']);
  } finally {
    await earshot.close();
  }
});

it('on a phone the links fold behind Menu: the keyboard opens it, Escape closes it, a link leaves it closed', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    await page.setViewportSize(phoneViewport);
    await page.goto(`${earshot.url}#/sessions`);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await links.first().isVisible()).toBe(false);
    // The page starts under a one-line top bar, not under the whole list of links.
    const heading = await page.locator('main h1').boundingBox();
    expect(heading?.y).toBeLessThan(100);

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => focused(page)).toBe('a Sessions');
    await saveScreenshots(page, 'navigation-menu-phone');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await links.first().isVisible()).toBe(false);
    await expect.poll(() => focused(page)).toBe('button Menu');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('a Topics & tags');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h1 Topics & tags');
    expect(new URL(page.url()).hash).toBe('#/library');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await links.first().isVisible()).toBe(false);
  } finally {
    await earshot.close();
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OpenedResources } from '../support/openedResources.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Settings → Vocabulary (issue #19, item 5): the terms in a textarea, one a line, saved by keyboard;
 * the page says which providers are sent them and which take none, and the provider list marks each.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

it('keeps the terms typed one a line, by keyboard, in both themes at 360 px', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/settings/vocabulary`);
    const terms = page.getByLabel('Terms');
    await terms.focus();
    await page.keyboard.type('Earshot\n  Kelly Byrne-Donoghue  \n\nEarshot');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.vocabulary-settings').getByRole('status').textContent())
      .toContain('Saved');
    expect(service.store.getVocabulary().terms).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);
    expect(await terms.inputValue()).toBe('Earshot\nKelly Byrne-Donoghue');

    const list = page.locator('.vocabulary-providers');
    expect(await list.textContent()).toContain('P06 Deepgram Nova: as keyterm');
    expect(await page.getByText('Their APIs take no vocabulary:').textContent()).toContain(
      'P04 Mistral Voxtral',
    );
    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'settings-vocabulary');

    // A term over the limit is refused with the service's words, and the list stays as it was.
    await terms.fill(`Earshot\n${'x'.repeat(101)}`);
    await page.getByRole('button', { name: 'Save vocabulary' }).click();
    await expect
      .poll(() => page.locator('.vocabulary-settings').getByRole('alert').textContent())
      .toContain('at most 100 characters');
    expect(service.store.getVocabulary().terms).toEqual(['Earshot', 'Kelly Byrne-Donoghue']);

    await page.goto(`${earshot.url}#/settings/providers`);
    await expect.poll(() => page.getByText('No vocabulary').count()).toBeGreaterThan(0);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it("keeps a topic's own terms from its row on the Library page, by keyboard, in both themes at 360 px", async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    service.store.putTopic({ id: 'audio', name: 'Audio engineering', emoji: '🎚️', description: '' });
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/library`);
    const disclosure = page.getByText('Vocabulary', { exact: false }).first();
    await disclosure.focus();
    await page.keyboard.press('Enter');
    const terms = page.getByLabel('Terms its sessions add, one a line');
    await terms.focus();
    await page.keyboard.type('Opus\nWebRTC');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => service.store.getVocabulary().topics).toEqual({ audio: ['Opus', 'WebRTC'] });
    await expect
      .poll(() => page.locator('.topic-vocabulary summary').textContent())
      .toContain('Vocabulary (2)');
    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'library-topic-vocabulary');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

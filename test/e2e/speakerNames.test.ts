import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OpenedResources } from '../support/openedResources.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Naming a speaker on the session page (issue #19, item 4): the name on a transcript line is a
 * button that becomes a field; the name then shows on every line of that speaker.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

/** The focused element as `TAG:text`, as a keyboard user would land on it. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = (
      globalThis as unknown as {
        document: { activeElement: { tagName: string; textContent: string } | null };
      }
    ).document.activeElement;
    return `${active?.tagName}:${active?.textContent}`;
  });
}

it('renames a speaker in place, by mouse and by keyboard, in both themes at 360 px', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sessionId = recordMeeting(service.store, [
      { text: 'Shall we start with the budget?', speaker: 'Speaker 1' },
      { text: 'Yes, the travel budget first.', speaker: 'Speaker 2' },
      { text: 'Agreed, and then the hiring plan.', speaker: 'Speaker 1' },
    ]);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const speakers = page.getByTestId('transcript-segment').locator('.speaker');
    await expect.poll(() => speakers.allTextContents()).toEqual(['Speaker 1:', 'Speaker 2:', 'Speaker 1:']);

    // A click opens the field; Enter saves; every line of that speaker shows the name.
    await page.getByRole('button', { name: 'Name speaker Speaker 1' }).first().click();
    const field = page.getByLabel('Name for Speaker 1 (empty shows the label)');
    expect(await focused(page)).toBe('INPUT:');
    await field.fill('Alice Martin');
    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'session-speaker-rename');
    await field.press('Enter');
    await expect
      .poll(() => speakers.allTextContents())
      .toEqual(['Alice Martin:', 'Speaker 2:', 'Alice Martin:']);
    expect(service.store.getSpeakerNames(sessionId)).toEqual({ 'Speaker 1': 'Alice Martin' });
    await expect.poll(() => focused(page)).toBe('BUTTON:Alice Martin:');

    // By keyboard: Enter on the focused name opens the field, Escape closes it unchanged.
    await page.keyboard.press('Enter');
    await field.waitFor();
    expect(await field.inputValue()).toBe('Alice Martin');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('BUTTON:Alice Martin:');
    expect(service.store.getSpeakerNames(sessionId)).toEqual({ 'Speaker 1': 'Alice Martin' });

    // An empty name shows the label again.
    await page.keyboard.press('Enter');
    await field.fill('');
    await field.press('Enter');
    await expect.poll(() => speakers.allTextContents()).toEqual(['Speaker 1:', 'Speaker 2:', 'Speaker 1:']);
    expect(service.store.getSpeakerNames(sessionId)).toEqual({});
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

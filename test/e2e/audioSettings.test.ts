import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  audioPartPath,
  createSessionAudioDirectory,
  sessionAudioDirectory,
} from '../../store/audio/sessionAudioFiles.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Settings → Audio (issue #19, item 1): how long session audio is kept, chosen by keyboard, with
 * what it takes on disk now; a number of days deletes the audio already older when saved, and a
 * number out of range is refused by the field and changes nothing.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

it('keeps audio as chosen, by keyboard, in both themes at 360 px', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service, dataDirectory } = earshot;
    recordMeeting(service.store, ['We kept the audio of this one.'], { id: 'old', title: 'Old meeting' });
    createSessionAudioDirectory(dataDirectory, 'old');
    const part = audioPartPath(dataDirectory, 'old', 1, 'ogg', false);
    writeFileSync(part, Buffer.alloc(2_048));
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    utimesSync(part, tenDaysAgo, tenDaysAgo);

    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/settings/audio`);
    const settings = page.locator('.audio-settings');
    await expect
      .poll(() => settings.locator('.audio-stored').textContent())
      .toBe('Kept now: the audio of 1 session, 2.0 KB.');
    const forever = page.getByLabel('Keep it until the session is deleted');
    expect(await forever.isChecked()).toBe(true);

    await forever.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Delete it some days after it was recorded').isChecked()).toBe(true);
    const days = page.getByLabel('Days to keep it');
    await days.fill('7');
    await days.press('Enter');
    await expect.poll(() => settings.getByRole('status').textContent()).toBe('Saved.');
    expect(service.store.getSetting('audioRetention')).toBe(7);
    expect(existsSync(sessionAudioDirectory(dataDirectory, 'old'))).toBe(false);
    expect(await settings.locator('.audio-stored').textContent()).toBe('No session has audio kept now.');

    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'settings-audio');

    // Zero days is refused by the field itself, before anything is sent.
    await days.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(
      await days.evaluate((input) => (input as { validationMessage: string }).validationMessage),
    ).not.toBe('');
    expect(service.store.getSetting('audioRetention')).toBe(7);

    await page.reload();
    expect(await page.getByLabel('Days to keep it').inputValue()).toBe('7');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

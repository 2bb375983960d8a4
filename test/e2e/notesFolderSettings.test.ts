import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notesFolderValueId, readNotesFolderSettings } from '../../store/notesFolderSettings.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Settings → Integrations (issue #20, item 4): a notes folder is chosen by typing its path; one that
 * is not there is refused with what to do and nothing changes; once saved, every completed session's
 * note is written at the press of a button, and the page says which note was written last.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

it('chooses the notes folder and writes the notes, in both themes at 360 px', async () => {
  const earshot = await openEarshot(browser);
  const folders = temporaryDirectory('notes-settings');
  try {
    const { page, service } = earshot;
    const vault = join(folders.path, 'Vault');
    mkdirSync(vault);
    recordMeeting(service.store, ['The budget is approved.'], { title: 'Budget meeting' });
    const settings = () => readNotesFolderSettings(service.store.getSetting(notesFolderValueId));

    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/settings/integrations`);
    const form = page.locator('.notes-folder-settings');
    const folder = page.getByLabel('Folder', { exact: true });
    await folder.fill(join(folders.path, 'Missing'));
    await page
      .getByLabel('Write a note when a session completes, and again when its summary is ready')
      .check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toMatch(
        /^The notes folder .*Missing is not there\. Create it \(or connect its drive\), or choose another folder in Settings → Integrations\./,
      );
    expect(settings()).toEqual({ folder: null, enabled: false });

    await folder.fill(vault);
    await folder.press('Enter');
    await expect.poll(() => form.getByRole('status').first().textContent()).toBe('Saved.');
    expect(settings()).toEqual({ folder: vault, enabled: true });

    await page.getByRole('button', { name: 'Write all notes now' }).click();
    await expect
      .poll(() => form.getByRole('status').nth(1).textContent())
      .toBe('1 made, 0 changed, 0 already up to date.');
    const [note] = readdirSync(vault);
    expect(note).toMatch(/ Budget meeting \([0-9a-f]{8}\)\.md$/);
    expect(readFileSync(join(vault, note ?? ''), 'utf8')).toContain('The budget is approved.');
    await expect.poll(() => form.getByText(/^Last written: /).textContent()).toContain(note);

    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'settings-integrations');

    await page.reload();
    expect(await page.getByLabel('Folder', { exact: true }).inputValue()).toBe(vault);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    folders.remove();
  }
});

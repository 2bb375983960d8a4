import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { fixture } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

let browser: Browser;
let groq: ProviderFake;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser, groq] = await opened.openTogether([launchBrowser(), groqFixture.start()]);
});
afterAll(() => opened.closeAll());

it('uploads a file with progress, transcribes it on the Groq fake, and opens the saved session', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq)),
  });
  try {
    const { page, service } = earshot;
    await page.goto(`${earshot.url}#/files`);

    const provider = page.getByLabel('Provider', { exact: true });
    await provider.selectOption('groq');
    await page.getByLabel('Choose files to transcribe').setInputFiles(fixture('audio/jfk.wav'));

    const item = page.getByTestId('file-item').filter({ hasText: 'jfk.wav' });
    await item.getByTestId('file-state').getByText('Done').waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'files');
    expect(groq.requests.filter((request) => request.method === 'POST').length).toBeGreaterThan(0);

    await item.getByRole('link', { name: 'Open session' }).click();
    const sessionId = decodeURIComponent(new URL(page.url()).hash.split('/').at(-1) ?? '');
    const session = service.store.getSession(sessionId);
    expect(session).toMatchObject({ status: 'completed', title: 'jfk.wav', providerId: 'groq' });
    const firstSegment = service.store.getSegments(sessionId)[0]?.text ?? '';
    expect(firstSegment).not.toBe('');
    await page.getByText(firstSegment.trim().slice(0, 20)).first().waitFor();
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { fixture } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
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

const withGroq = {
  prepare: (dataDirectory: string) => writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq)),
};

it('uploads a file with progress, transcribes it on the Groq fake, and opens the saved session', async () => {
  const earshot = await openEarshot(browser, withGroq);
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

it('a file that is not audio fails with its own name and what is wrong, never the path the service kept it at', async () => {
  const earshot = await openEarshot(browser, withGroq);
  const media = temporaryDirectory('not-audio');
  try {
    const { page } = earshot;
    const notAudio = join(media.path, 'notes.mp3');
    writeFileSync(notAudio, 'this is not audio\n'.repeat(300));
    await page.goto(`${earshot.url}#/files`);
    await page.getByLabel('Provider', { exact: true }).selectOption('groq');
    await page.getByLabel('Choose files to transcribe').setInputFiles(notAudio);

    const item = page.getByTestId('file-item').filter({ hasText: 'notes.mp3' });
    await item.getByTestId('file-state').getByText('Failed').waitFor({ timeout: 20_000 });
    const error = (await item.getByRole('alert').textContent()) ?? '';
    expect(error).toMatch(/^notes\.mp3 is not an audio or video file ffmpeg can read \(.+\)\.$/);
    expect(error).not.toContain(earshot.dataDirectory);
    expect(error).not.toContain('uploads');
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    media.remove();
    await earshot.close();
  }
}, 60_000);

it('a file waiting for its turn shows no progress bar until its upload starts', async () => {
  groq.holdJobs(true);
  const earshot = await openEarshot(browser, withGroq);
  try {
    const { page } = earshot;
    await page.goto(`${earshot.url}#/files`);
    await page.getByLabel('Provider', { exact: true }).selectOption('groq');
    await page
      .getByLabel('Choose files to transcribe')
      .setInputFiles([fixture('audio/jfk.wav'), fixture('audio/zh-16k.wav')]);

    const first = page.getByTestId('file-item').filter({ hasText: 'jfk.wav' });
    const second = page.getByTestId('file-item').filter({ hasText: 'zh-16k.wav' });
    // The Groq fake holds the first file's job, so the second waits behind it.
    await first.getByTestId('file-state').getByText('Transcribing').waitFor({ timeout: 20_000 });
    expect(await second.getByTestId('file-state').textContent()).toBe('Waiting');
    expect(await second.getByRole('progressbar').count()).toBe(0);
    expect(await second.getByTestId('file-detail').textContent()).toMatch(
      / · Waits for the files before it$/,
    );
    expect(await first.getByRole('progressbar').count()).toBe(1);

    groq.holdJobs(false);
    await second.getByTestId('file-state').getByText('Done').waitFor({ timeout: 30_000 });
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    groq.holdJobs(false);
    await earshot.close();
  }
}, 60_000);

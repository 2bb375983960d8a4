import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { streamingFixture as deepgramFixture } from '../fakes/deepgram/streamingFixture.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { markedSentences, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { storedWords } from '../support/liveSessionAudio.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { writeMarkedSpeechWav } from './support/markedSpeechWav.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * The Live page end to end: Chromium's fake microphone plays marked speech, the page captures it
 * (AudioWorklet PCM16) into a live session on a provider fake, and the words come back on screen
 * and into the store.
 */
const words = markedSentences(40);
const firstSentence = markedText(words.slice(0, 6));

let browser: Browser;
let audio: ReturnType<typeof temporaryDirectory>;
let deepgram: StreamingFake;
let groq: ProviderFake;
const opened = new OpenedResources();
beforeAll(async () => {
  audio = temporaryDirectory('live-e2e-audio');
  const wav = writeMarkedSpeechWav(audio.path, words);
  [browser, deepgram, groq] = await opened.openTogether([
    launchBrowser({ microphoneWav: wav.path }),
    deepgramFixture.start(),
    groqFixture.start(),
  ]);
});
afterAll(async () => {
  await opened.closeAll();
  audio.remove();
});

function transcriptText(page: Page): Promise<string> {
  return page.getByTestId('live-transcript').innerText();
}

/** Words on screen, lower case, without punctuation, as storedWords compares them. */
async function shownWords(page: Page): Promise<string> {
  return (await transcriptText(page))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function startRecording(
  earshot: { page: Page; dataDirectory: string; pageErrors: string[] },
  providerLabel: RegExp,
): Promise<void> {
  const { page } = earshot;
  const provider = page.getByLabel('Provider', { exact: true });
  const option = provider.locator('option').filter({ hasText: providerLabel });
  await provider.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByLabel(/^Title/).fill('Browser live test');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByTestId('live-state').getByText('Recording').waitFor();
}

async function stopAndOpenSession(page: Page, options: { alreadyStopped?: boolean } = {}): Promise<string> {
  if (options.alreadyStopped !== true) await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });
  const link = page.getByRole('link', { name: 'Open session' });
  const sessionId = decodeURIComponent((await link.getAttribute('href'))?.split('/').at(-1) ?? '');
  return sessionId;
}

describe.each([
  {
    name: 'Deepgram streaming fake (P06, through the proxy)',
    providerId: 'deepgram' as const,
    label: /P06/,
    config: () => deepgramFixture.config(deepgram),
  },
  {
    name: 'Groq file fake in windows (P11)',
    providerId: 'groq' as const,
    label: /P11/,
    config: () => groqFixture.config(groq),
  },
])('$name', ({ providerId, label, config }) => {
  it('shows the words as they are heard, stops, and the session is saved with them', async () => {
    const earshot = await openEarshot(browser, {
      prepare: (dataDirectory) => writeProviderConfig(dataDirectory, providerId, config()),
    });
    try {
      const { page, service } = earshot;
      await startRecording(earshot, label);
      await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
      await saveScreenshots(page, `live-${providerId}`);
      const sessionId = await stopAndOpenSession(page);

      expect(service.store.getSession(sessionId)?.status).toBe('completed');
      expect(storedWords(service.store, sessionId)).toContain(firstSentence);
      expect(await page.evaluate(() => localStorage.getItem('earshot.liveRecording'))).toBeNull();
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  }, 60_000);
});

it('keeps recording through a reload: same session, capture resumes, more text', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', deepgramFixture.config(deepgram)),
  });
  try {
    const { page, service } = earshot;
    await startRecording(earshot, /P06/);
    await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
    const remembered = () =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('earshot.liveRecording') ?? '{}') as { sessionId?: string })
            .sessionId,
      );
    const sessionId = await remembered();
    expect(sessionId).toBeTruthy();
    const audioBefore = service.live.get(sessionId ?? '')?.current().audioMs ?? 0;

    await page.reload();
    await page.getByTestId('live-state').getByText('Recording').waitFor();
    expect(await remembered()).toBe(sessionId);
    // The page shows what was said before the reload (the replica) and keeps adding to it.
    await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
    await expect
      .poll(() => service.live.get(sessionId ?? '')?.current().audioMs ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(audioBefore + 2000);
    const wordsBeforeStop = (await shownWords(page)).split(' ').length;
    await expect
      .poll(async () => (await shownWords(page)).split(' ').length, { timeout: 20_000 })
      .toBeGreaterThan(wordsBeforeStop);

    expect(await stopAndOpenSession(page)).toBe(sessionId);
    expect(service.store.getSession(sessionId ?? '')?.status).toBe('completed');
    expect(storedWords(service.store, sessionId ?? '')).toContain(firstSentence);
    expect(storedWords(service.store, sessionId ?? '').split(' ').length).toBeGreaterThan(
      firstSentence.split(' ').length,
    );
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

it('after Stop on a slow windowed provider, says how much audio is left, and saves every word once it is done', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq)),
  });
  try {
    const { page, service } = earshot;
    await startRecording(earshot, /P11/);
    await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
    // The provider stops answering: audio piles up in the window while the page records on. Stop
    // comes once a pass is waiting for its answer and more speech has come since, however slowly a
    // loaded machine plays the microphone.
    const requestsBefore = groq.requests.length;
    groq.holdJobs(true);
    await expect.poll(() => groq.requests.length, { timeout: 20_000 }).toBeGreaterThan(requestsBefore);
    await page.waitForTimeout(2_000);
    const shownAtStop = (await shownWords(page)).split(' ').length;
    await page.getByRole('button', { name: 'Stop' }).click();
    const finishing = page.getByTestId('live-finishing');
    await finishing.waitFor();
    expect(await finishing.innerText()).toMatch(/^Finishing: \d+:\d{2} of audio left to transcribe/);
    await saveScreenshots(page, 'live-finishing');
    groq.holdJobs(false);
    const sessionId = await stopAndOpenSession(page, { alreadyStopped: true });
    const stored = storedWords(service.store, sessionId);
    // Every word shown before Stop was kept, and the words heard while the provider was held too.
    expect(stored.startsWith(firstSentence)).toBe(true);
    expect(stored.split(' ').length).toBeGreaterThan(shownAtStop);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    groq.holdJobs(false);
    await earshot.close();
  }
}, 60_000);

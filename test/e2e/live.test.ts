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
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { startRecording } from './support/liveRecording.ts';
import { shownWords } from './support/liveTranscript.ts';
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
      await startRecording(earshot.page, label);
      await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
      await saveScreenshots(page, `live-${providerId}`);
      const sessionId = await stopAndOpenSession(page);

      expect(service.store.getSession(sessionId)?.status).toBe('completed');
      expect(storedWords(service.store, sessionId)).toContain(firstSentence);
      expect(await page.evaluate(() => sessionStorage.getItem('earshot.liveRecording'))).toBeNull();
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
    await startRecording(earshot.page, /P06/);
    await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);
    const remembered = () =>
      page.evaluate(
        () =>
          (JSON.parse(sessionStorage.getItem('earshot.liveRecording') ?? '{}') as { sessionId?: string })
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
    await startRecording(earshot.page, /P11/);
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

describe('the recording as every page and tab sees it (Deepgram streaming fake, P06)', () => {
  const openWithDeepgram = () =>
    openEarshot(browser, {
      prepare: (dataDirectory) =>
        writeProviderConfig(dataDirectory, 'deepgram', deepgramFixture.config(deepgram)),
    });
  type OpenedEarshot = Awaited<ReturnType<typeof openWithDeepgram>>;
  /** A fresh service and page recording into a session, `body` run on them, then no browser error and all closed. */
  const whileRecording = async (body: (earshot: OpenedEarshot, sessionId: string) => Promise<void>) => {
    const earshot = await openWithDeepgram();
    try {
      await startRecording(earshot.page, /P06/);
      await body(earshot, await rememberedSessionId(earshot.page));
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  };
  const focusedTestId = (page: Page) =>
    page.evaluate<string | undefined>(
      "document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName",
    );
  const rememberedSessionId = (page: Page) =>
    page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('earshot.liveRecording') ?? '{}') as { sessionId?: string })
          .sessionId ?? '',
    );
  /** axe-core's findings on the page as it is, in the light and the dark theme. */
  const accessibilityInBothThemes = async (page: Page) => {
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      for (const problem of await accessibilityProblems(page)) {
        found.push(`${theme}: ${problem.rule} at ${problem.target} — ${problem.summary}`);
      }
    }
    return found;
  };
  const elapsedSeconds = async (page: Page) => {
    const [minutes, seconds] = (await page.getByTestId('live-elapsed').innerText()).split(':').map(Number);
    return (minutes ?? 0) * 60 + (seconds ?? 0);
  };

  it('shows the title (editable), the provider, the elapsed time and the state; focus follows Start and Stop', async () => {
    await whileRecording(async (earshot, sessionId) => {
      const { page, service } = earshot;
      expect(await focusedTestId(page)).toBe('live-status');
      const status = page.getByTestId('live-status');
      const title = status.getByLabel('Title', { exact: true });
      expect(await title.inputValue()).toBe('Browser live test');
      expect(await page.getByTestId('live-provider').innerText()).toBe('Provider Deepgram Nova P06');
      await expect.poll(() => elapsedSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(await page.title()).toMatch(/^● Recording \d+:\d{2} — /);
      await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);

      await title.fill('Renamed while recording');
      await title.press('Enter');
      await status.getByText('Title saved.').waitFor();
      expect(service.store.getSession(sessionId)?.title).toBe('Renamed while recording');
      await saveScreenshots(page, 'live-recording');
      expect(await accessibilityInBothThemes(page)).toEqual([]);

      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });
      expect(await focusedTestId(page)).toBe('live-status');
      expect(await page.getByTestId('live-title').innerText()).toBe('Renamed while recording');
      expect(await page.title()).not.toContain('Recording');
      expect(service.store.getSession(sessionId)).toMatchObject({
        status: 'completed',
        title: 'Renamed while recording',
      });
    });
  }, 60_000);

  it('shows the running recording on every page, in the sidebar and the tab title, with a Stop that works', async () => {
    await whileRecording(async (earshot, sessionId) => {
      const { page, service } = earshot;
      await page.getByRole('link', { name: 'Sessions', exact: true }).click();
      await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
      const indicator = page.getByTestId('recording-indicator');
      expect(await indicator.getByRole('link').innerText()).toMatch(/^● Recording \d+:\d{2}$/);
      await expect.poll(() => page.title()).toMatch(/^● Recording \d+:\d{2} — /);
      await saveScreenshots(page, 'live-indicator');
      expect(await accessibilityInBothThemes(page)).toEqual([]);

      await indicator.getByRole('button', { name: 'Stop' }).click();
      await indicator.waitFor({ state: 'detached', timeout: 20_000 });
      expect(service.store.getSession(sessionId)?.status).toBe('completed');
      await expect.poll(() => page.title()).not.toContain('●');
      expect(await page.evaluate('document.activeElement?.id')).toBe('main');
    });
  }, 60_000);

  it('a second tab follows the recording another tab captures, and its Stop stops it there', async () => {
    await whileRecording(async (earshot, sessionId) => {
      const { page, service, context, url } = earshot;
      await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstSentence);

      const second = await context.newPage();
      await second.goto(`${url}#/live`);
      await second.getByTestId('live-state').getByText('Recording').waitFor();
      expect(await second.getByTestId('live-status').getByLabel('Title', { exact: true }).inputValue()).toBe(
        'Browser live test',
      );
      expect(await second.getByTestId('live-provider').innerText()).toBe('Provider Deepgram Nova P06');
      await second.getByTestId('live-elsewhere').waitFor();
      await expect.poll(() => elapsedSeconds(second)).toBeGreaterThanOrEqual(2);
      await expect.poll(() => shownWords(second), { timeout: 20_000 }).toContain(firstSentence);
      // The second tab only follows: the service hears one microphone.
      expect(service.live.running()).toHaveLength(1);
      await saveScreenshots(second, 'live-second-tab');
      expect(await accessibilityInBothThemes(second)).toEqual([]);

      await second.getByRole('button', { name: 'Stop' }).click();
      await second.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });
      await page.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });
      expect(await focusedTestId(second)).toBe('live-status');
      expect(service.store.getSession(sessionId)?.status).toBe('completed');
    });
  }, 60_000);

  it('stops from the session page a recording whose capturing tab has closed', async () => {
    await whileRecording(async (earshot, sessionId) => {
      const { page, service, context, url } = earshot;
      const second = await context.newPage();
      await second.goto(`${url}#/sessions/${encodeURIComponent(sessionId)}`);
      await page.close();
      const stop = second.getByRole('button', { name: 'Stop recording' });
      await stop.click();
      await expect
        .poll(() => service.store.getSession(sessionId)?.status, { timeout: 20_000 })
        .toBe('completed');
      await stop.waitFor({ state: 'detached' });
    });
  }, 60_000);

  it('fits a 390-px phone: the form wraps, Title and Language line up, nothing scrolls sideways', async () => {
    const earshot = await openWithDeepgram();
    try {
      const { page } = earshot;
      await page.setViewportSize({ width: 390, height: 844 });
      const form = page.getByRole('form', { name: 'New recording' });
      await form.waitFor();
      const box = async (label: RegExp) =>
        (await form.getByLabel(label).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const [title, language, provider] = [
        await box(/^Title/),
        await box(/^Language/),
        await box(/^Provider$/),
      ];
      expect(Math.abs(title.height - language.height)).toBeLessThanOrEqual(1);
      expect(provider.x + provider.width).toBeLessThanOrEqual(390);
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreenshots(page, 'live-phone');

      await startRecording(earshot.page, /P06/);
      await page.getByTestId('recording-indicator').waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreenshots(page, 'live-phone-recording');
      expect(await accessibilityInBothThemes(page)).toEqual([]);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });

      await page.setViewportSize({ width: 1280, height: 860 });
      const [wideTitle, wideLanguage] = [await box(/^Title/), await box(/^Language/)];
      expect(wideTitle.y).toBe(wideLanguage.y);
      expect(wideTitle.height).toBe(wideLanguage.height);
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  }, 60_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { streamingFixture as deepgramFixture } from '../fakes/deepgram/streamingFixture.ts';
import { markedSentences, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { launchBrowser } from './support/browser.ts';
import { type EarshotInBrowser, openEarshot } from './support/earshotInBrowser.ts';
import { screenshotDirectory } from './support/screenshots.ts';
import { writeMarkedSpeechWav } from './support/markedSpeechWav.ts';

/**
 * Live captions end to end: Chromium's fake microphone speaks into a live session on the Deepgram
 * fake, and the captions window (Document Picture-in-Picture, or the pop-up where that API is
 * missing) follows the service's event stream: committed words, the tentative tail, and nothing
 * once the recording stops. Closing the window ends its stream.
 */
const words = markedSentences(40);
const firstSentence = markedText(words.slice(0, 6));

let browser: Browser;
let audio: ReturnType<typeof temporaryDirectory>;
let deepgram: StreamingFake;
const opened = new OpenedResources();
beforeAll(async () => {
  audio = temporaryDirectory('captions-e2e-audio');
  const wav = writeMarkedSpeechWav(audio.path, words);
  [browser, deepgram] = await opened.openTogether([
    launchBrowser({ microphoneWav: wav.path }),
    deepgramFixture.start(),
  ]);
});
afterAll(async () => {
  await opened.closeAll();
  audio.remove();
});

/** What a part of the captions shows, as `shownWords` compares words. */
type CaptionPart = 'captions-session' | 'captions-committed' | 'captions-tentative';
type ReadCaption = (part: CaptionPart) => Promise<string>;

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The service's count of followers: the app channel and each event stream. */
async function liveClients(earshot: EarshotInBrowser): Promise<number> {
  const health = (await (await fetch(`${earshot.url}api/v1/health`)).json()) as { liveClients: number };
  return health.liveClients;
}

/** The captions' text size as the page draws it. */
function textSize(page: Page): Promise<string> {
  return page.getByTestId('captions-lines').evaluate((element) => {
    const style = (globalThis as unknown as { getComputedStyle: (of: unknown) => { fontSize: string } })
      .getComputedStyle;
    return style(element).fontSize;
  });
}

async function startRecording(page: Page): Promise<void> {
  const provider = page.getByLabel('Provider', { exact: true });
  const option = provider.locator('option').filter({ hasText: /P06/ });
  await provider.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByLabel(/^Title/).fill('Captions test');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByTestId('live-state').getByText('Recording').waitFor();
}

/** Words committed and a tentative tail appear, and the session is named; Stop clears them all. */
async function followsTheRecording(
  earshot: EarshotInBrowser,
  read: ReadCaption,
  whileSpeaking?: () => Promise<unknown>,
): Promise<void> {
  await expect.poll(() => read('captions-session'), { timeout: 20_000 }).toBe('Captions test');
  await expect
    .poll(async () => comparable(await read('captions-tentative')), { timeout: 20_000 })
    .not.toBe('');
  await expect
    .poll(async () => comparable(await read('captions-committed')), { timeout: 20_000 })
    .toContain(firstSentence);
  await whileSpeaking?.();

  await earshot.page.getByRole('button', { name: 'Stop' }).click();
  await earshot.page.getByTestId('live-state').getByText('Completed').waitFor({ timeout: 20_000 });
  await expect.poll(() => read('captions-session'), { timeout: 10_000 }).toBe('Waiting for a recording…');
  expect(await read('captions-committed')).toBe('');
  expect(await read('captions-tentative')).toBe('');
}

it('opens captions in a picture-in-picture window that follows the recording, and closes its stream', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', deepgramFixture.config(deepgram)),
  });
  try {
    const { page } = earshot;
    const clientsBefore = await liveClients(earshot);
    await page.getByRole('button', { name: 'Captions' }).click();
    const inPictureInPicture = (part: CaptionPart) =>
      page.evaluate((testId) => {
        // The tests' TypeScript has no DOM types: the little of them used here, spelled out.
        interface Node {
          querySelector: (selector: string) => { textContent: string } | null;
        }
        const captionsWindow = (
          globalThis as unknown as { documentPictureInPicture: { window: { document: Node } | null } }
        ).documentPictureInPicture.window;
        if (captionsWindow === null) return 'no captions window';
        return captionsWindow.document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
      }, part);
    await expect.poll(() => inPictureInPicture('captions-session')).toBe('Waiting for a recording…');
    await expect.poll(() => liveClients(earshot)).toBe(clientsBefore + 1);

    await startRecording(page);
    await followsTheRecording(earshot, inPictureInPicture);

    // The button closes the window it opened, and with it the stream.
    await page.getByRole('button', { name: 'Captions' }).click();
    await expect.poll(() => inPictureInPicture('captions-session')).toBe('no captions window');
    await expect.poll(() => liveClients(earshot)).toBe(clientsBefore);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 90_000);

it('opens a pop-up of the captions page where picture-in-picture is missing, which remembers its text size', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', deepgramFixture.config(deepgram)),
  });
  try {
    const { page, context } = earshot;
    await context.addInitScript(() => {
      delete (globalThis as { documentPictureInPicture?: unknown }).documentPictureInPicture;
    });
    await page.reload();
    await page.getByTestId('connection').getByText('Connected').waitFor();
    const clientsBefore = await liveClients(earshot);

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Captions' }).click(),
    ]);
    const popupErrors: string[] = [];
    popup.on('pageerror', (error) => popupErrors.push(error.message));
    expect(new URL(popup.url()).hash).toBe('#/captions');
    await popup.getByTestId('captions-session').getByText('Waiting for a recording…').waitFor();
    const size = () => textSize(popup);
    expect(await size()).toBe('24px');
    await popup.getByRole('button', { name: 'Larger text' }).click();
    expect(await size()).toBe('28px');

    await startRecording(page);
    await followsTheRecording(
      earshot,
      (part) => popup.getByTestId(part).innerText(),
      () => popup.screenshot({ path: `${screenshotDirectory}captions-popup.png` }),
    );

    await popup.close();
    await expect.poll(() => liveClients(earshot)).toBe(clientsBefore);
    const reopened = await context.newPage();
    await reopened.goto(`${earshot.url}#/captions`);
    await reopened.getByTestId('captions-session').getByText('Waiting for a recording…').waitFor();
    expect(await textSize(reopened)).toBe('28px');
    expect([...earshot.pageErrors, ...popupErrors]).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 90_000);

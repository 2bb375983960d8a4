import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { streamingFixture as deepgramFixture } from '../fakes/deepgram/streamingFixture.ts';
import { streamingFixture as sonioxFixture } from '../fakes/soniox/streamingFixture.ts';
import { markedSentences } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { normalisedWords } from '../conformance/liveStreams.ts';
import { storedWords } from '../support/liveSessionAudio.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { accessibilityProblems } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { type EarshotInBrowser, openEarshot } from './support/earshotInBrowser.ts';
import { startRecording } from './support/liveRecording.ts';
import { screenshotDirectory } from './support/screenshots.ts';
import { writeMarkedSpeechWav } from './support/markedSpeechWav.ts';

/**
 * Live captions end to end: Chromium's fake microphone speaks into a live session on the Deepgram
 * fake, and the captions window (Document Picture-in-Picture, or the pop-up where that API is
 * missing) follows the service's event stream: committed words, the tentative tail, and nothing
 * once the recording stops. Closing the window ends its stream.
 */
const words = markedSentences(40);

let browser: Browser;
let audio: ReturnType<typeof temporaryDirectory>;
let deepgram: StreamingFake;
let soniox: StreamingFake;
const opened = new OpenedResources();
beforeAll(async () => {
  audio = temporaryDirectory('captions-e2e-audio');
  const wav = writeMarkedSpeechWav(audio.path, words);
  [browser, deepgram, soniox] = await opened.openTogether([
    launchBrowser({ microphoneWav: wav.path }),
    deepgramFixture.start(),
    sonioxFixture.start(),
  ]);
});
afterAll(async () => {
  await opened.closeAll();
  audio.remove();
});

/** What a part of the captions shows. */
type CaptionPart = 'captions-session' | 'captions-committed' | 'captions-tentative';
type ReadCaption = (part: CaptionPart) => Promise<string>;

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

/** The session the Live page records, as it remembers it for a reload. */
async function recordingSessionId(page: Page): Promise<string> {
  const remembered = await page.evaluate(() => sessionStorage.getItem('earshot.liveRecording'));
  return (JSON.parse(remembered ?? '{}') as { sessionId?: string }).sessionId ?? '';
}

/** Words committed and a tentative tail appear, and the session is named; Stop clears them all. */
async function followsTheRecording(
  earshot: EarshotInBrowser,
  read: ReadCaption,
  whileSpeaking?: () => Promise<unknown>,
): Promise<void> {
  await expect.poll(() => read('captions-session'), { timeout: 20_000 }).toBe('Captions test');
  await expect
    .poll(async () => normalisedWords(await read('captions-tentative')), { timeout: 20_000 })
    .not.toBe('');
  // The committed line is the end of what the service stored, and more than a few words of it.
  const sessionId = await recordingSessionId(earshot.page);
  const committedIsStoredTail = async () => {
    const shown = normalisedWords(await read('captions-committed'));
    return shown.split(' ').length >= 6 && storedWords(earshot.service.store, sessionId).endsWith(shown);
  };
  await expect.poll(committedIsStoredTail, { timeout: 20_000 }).toBe(true);
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
    // The window got the page's styles: the caption lines' size and the dark backdrop.
    const drawn = await page.evaluate(() => {
      interface Drawn {
        fontSize: string;
        backgroundColor: string;
      }
      const captionsWindow = (
        globalThis as unknown as {
          documentPictureInPicture: {
            window: {
              document: { querySelector: (selector: string) => unknown };
              getComputedStyle: (element: unknown) => Drawn;
            };
          };
        }
      ).documentPictureInPicture.window;
      const style = (selector: string) =>
        captionsWindow.getComputedStyle(captionsWindow.document.querySelector(selector));
      return { size: style('.captions-lines').fontSize, backdrop: style('.captions').backgroundColor };
    });
    expect(drawn).toEqual({ size: '24px', backdrop: 'rgba(0, 0, 0, 0.85)' });

    await startRecording(page, /P06/, 'Captions test');
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

    await startRecording(page, /P06/, 'Captions test');
    await followsTheRecording(
      earshot,
      (part) => popup.getByTestId(part).innerText(),
      async () => {
        await popup.screenshot({ path: `${screenshotDirectory}captions-popup.png` });
        expect(await accessibilityProblems(popup)).toEqual([]);
      },
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

it('in the desktop shell, asks the shell for its overlay, which fits its text and is positioned through the bridge', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, context, url } = earshot;
    // The preload's bridge (main/electron/preload.ts) as the page sees it, noting what it is asked.
    await context.addInitScript(() => {
      const calls: unknown[][] = [];
      let positioningListener: ((on: boolean) => void) | undefined;
      Object.assign(globalThis, {
        bridgeCalls: calls,
        setPositioning: (on: boolean) => positioningListener?.(on),
        earshot: {
          desktop: true,
          platform: 'linux',
          captions: {
            toggle: () => calls.push(['toggle']),
            position: (on: boolean) => calls.push(['position', on]),
            resize: (size: unknown) => calls.push(['resize', size]),
            onPositioning: (listener: (on: boolean) => void) => {
              positioningListener = listener;
              return () => (positioningListener = undefined);
            },
          },
        },
      });
    });
    const bridgeCalls = (on: Page) =>
      on.evaluate(() => (globalThis as unknown as { bridgeCalls: unknown[][] }).bridgeCalls);

    await page.reload();
    await page.getByRole('button', { name: 'Captions' }).click();
    expect(await bridgeCalls(page)).toEqual([['toggle']]);
    expect(context.pages()).toHaveLength(1);

    const overlay = await context.newPage();
    await overlay.goto(`${url}#/captions?overlay`);
    await overlay.getByTestId('captions-session').getByText('Waiting for a recording…').waitFor();
    const frameHeight = () =>
      overlay.getByTestId('captions').evaluate((element) => {
        const frame = element as unknown as { getBoundingClientRect: () => { height: number } };
        return Math.ceil(frame.getBoundingClientRect().height);
      });
    const lastResize = async () =>
      (await bridgeCalls(overlay)).filter(([call]) => call === 'resize').at(-1)?.[1];
    // The window is made as tall as the captions, as wide as it is.
    await expect.poll(lastResize).toEqual({ width: 1280, height: await frameHeight() });
    expect(await overlay.getByRole('button', { name: 'Larger text' }).isVisible()).toBe(false);

    await overlay.evaluate(() =>
      (globalThis as unknown as { setPositioning: (on: boolean) => void }).setPositioning(true),
    );
    await overlay.getByRole('button', { name: 'Larger text' }).click();
    const taller = await frameHeight();
    await expect.poll(lastResize).toEqual({ width: 1280, height: taller });
    await overlay.getByRole('button', { name: 'Wider' }).click();
    expect(await lastResize()).toEqual({ width: 1360, height: 860 });
    await overlay.getByRole('button', { name: 'Done' }).click();
    expect((await bridgeCalls(overlay)).at(-1)).toEqual(['position', false]);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

it("shows a session's translation (P01) as its own line under the words, and clears it at Stop", async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'soniox', {
        ...sonioxFixture.config(soniox),
        translationEnabled: true,
        translationTargetLanguage: 'fr',
      }),
  });
  try {
    const { page, context, url } = earshot;
    const captions = await context.newPage();
    await captions.goto(`${url}#/captions`);
    await captions.getByTestId('captions-session').getByText('Waiting for a recording…').waitFor();
    expect(await captions.getByTestId('captions-translation').count()).toBe(0);

    await startRecording(page, /P01/, 'Translated');
    const sessionId = await recordingSessionId(page);
    // Soniox's fake translates a word by writing it in capitals: the line is the end of the transcript, translated.
    const translationIsStoredTail = async () => {
      const shown = await captions.getByTestId('captions-translation').innerText();
      const words = normalisedWords(shown);
      return (
        shown === shown.toUpperCase() &&
        words.split(' ').length >= 6 &&
        storedWords(earshot.service.store, sessionId).endsWith(words)
      );
    };
    await expect.poll(translationIsStoredTail, { timeout: 20_000 }).toBe(true);

    await page.getByRole('button', { name: 'Stop' }).click();
    await captions.getByTestId('captions-session').getByText('Waiting for a recording…').waitFor();
    expect(await captions.getByTestId('captions-translation').count()).toBe(0);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

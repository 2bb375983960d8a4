import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { destinationOf } from '../../providers/secretDestination.ts';
import { readProviderConfig, writeProviderConfig } from '../../store/providerSettings.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import { markedSentences, markedText } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { shownWords } from './support/liveTranscript.ts';
import { writeMarkedSpeechWav } from './support/markedSpeechWav.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { phoneViewport, saveScreenshots } from './support/screenshots.ts';

/**
 * The guided first run in the browser: a new user is led from "nothing works" to a first sentence
 * on screen, can leave the setup and continue it from Settings, and never sees a command line.
 */
const words = markedSentences(20);
const firstWords = markedText(words.slice(0, 4));

let browser: Browser;
let audio: ReturnType<typeof temporaryDirectory>;
let deepgram: StreamingFake;
const opened = new OpenedResources();
beforeAll(async () => {
  audio = temporaryDirectory('first-run-audio');
  const wav = writeMarkedSpeechWav(audio.path, words);
  [browser, deepgram] = await opened.openTogether([
    launchBrowser({ microphoneWav: wav.path }),
    startDeepgramStreamingFake(),
  ]);
});
afterAll(async () => {
  await opened.closeAll();
  audio.remove();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * One step of the setup as a person sees it: screenshots in both themes, no axe-core violation in
 * either, and nothing scrolling sideways on a phone.
 */
async function checkStep(page: Page, name: string): Promise<void> {
  await saveScreenshots(page, name, { phone: true });
  const theme = page.getByTestId('theme');
  const chosen = await theme.inputValue();
  for (const scheme of ['light', 'dark'] as const) {
    await theme.selectOption(scheme);
    expect({ scheme, problems: await accessibilityProblems(page) }).toEqual({ scheme, problems: [] });
  }
  await theme.selectOption(chosen);
  const size = page.viewportSize();
  await page.setViewportSize(phoneViewport);
  expect(await sidewaysOverflow(page)).toBe(0);
  if (size !== null) await page.setViewportSize(size);
}

it('opens the setup on a fresh install; left, it is continued from Settings; an unset provider says where to fix it', async () => {
  const earshot = await openEarshot(browser, { firstRun: true });
  try {
    const { page } = earshot;
    await heading(page).getByText('Set up transcription').waitFor();
    expect(page.url()).toMatch(/#\/setup$/);
    const steps = page.getByRole('list', { name: 'Setup steps' });
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('Choose how to transcribe');
    for (const way of ['Offline on this computer', 'A speech server you run', 'A cloud service']) {
      await page.getByRole('heading', { name: way }).waitFor();
    }
    const deepgramOption = page.getByTestId('setup-option-deepgram');
    expect(await deepgramOption.innerText()).toMatch(/Deepgram Nova\s*P06/);
    expect(await deepgramOption.innerText()).toContain('Audio is sent to Deepgram');
    expect(
      await deepgramOption.getByRole('link', { name: 'Get a Deepgram API key' }).getAttribute('href'),
    ).toBe('https://console.deepgram.com');
    expect(await page.getByTestId('setup-option-whisper-cpp').innerText()).toContain(
      'Audio never leaves this computer',
    );
    await checkStep(page, 'setup-1-choose');

    // Offline: the runtime's own steps, and an honest word on getting a model without a download.
    await page.getByRole('link', { name: 'Choose whisper.cpp' }).click();
    await page.getByText(/get a ggml model file .* on another computer and import it/).waitFor();
    await page.getByTestId('runtime-binary').getByRole('button', { name: 'Build binary' }).waitFor();
    await page.getByTestId('runtime-model').getByLabel('Or import a ggml model file').waitFor();
    await checkStep(page, 'setup-2-offline');
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('link', { name: 'Choose Deepgram Nova' }).waitFor();

    await page.getByRole('button', { name: 'Leave the setup' }).click();
    await heading(page).getByText('Live').waitFor();

    // On Live, a provider that is not set up is refused in the app's words, with a link to its form.
    const provider = page.getByLabel('Provider', { exact: true });
    await provider.selectOption('deepgram');
    await page.getByRole('button', { name: 'Start recording' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Deepgram' });
    await refusal.getByText(/Open Settings → Providers → Deepgram Nova and enter the API key\./).waitFor();
    expect(await refusal.innerText()).not.toContain('earshot providers set');
    await refusal.getByRole('link', { name: 'Open Deepgram Nova settings' }).click();
    await page
      .getByRole('form', { name: /Deepgram Nova/ })
      .getByLabel(/^API key/)
      .waitFor();
    expect(page.url()).toMatch(/#\/settings\/providers\/deepgram$/);

    await page.getByTestId('setup-entry').getByRole('link', { name: 'Set up transcription' }).click();
    await heading(page).getByText('Set up transcription').waitFor();
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

it('leads from a cloud service to a first sentence: key, Test against the service, then the words on screen', async () => {
  const earshot = await openEarshot(browser, {
    firstRun: true,
    // The fake stands where Deepgram's servers would be; nothing else is set, so nothing works yet.
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', { endpoint: deepgram.baseUrl }),
  });
  try {
    const { page, dataDirectory } = earshot;
    await heading(page).getByText('Set up transcription').waitFor();
    await page.getByRole('link', { name: 'Choose Deepgram Nova' }).click();

    const form = page.getByRole('form', { name: /Deepgram Nova/ });
    const apiKey = form.getByLabel(/^API key/);
    await apiKey.waitFor();
    // Only what a first use needs: the key; the model and languages keep their defaults.
    expect(await form.getByLabel(/^Model/).count()).toBe(0);
    expect(await page.locator(`#${await apiKey.getAttribute('aria-describedby')}`).innerText()).toContain(
      'Your Deepgram API key',
    );
    expect(
      await page.getByRole('list', { name: 'Setup steps' }).locator('[aria-current="step"]').innerText(),
    ).toContain('Enter what it needs');
    await checkStep(page, 'setup-2-settings');

    await apiKey.fill(deepgramFakeApiKey);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirmation = form.getByTestId('secret-destination');
    await confirmation.getByText(`Your key will be sent to ${destinationOf(deepgram.baseUrl)}.`).waitFor();
    await confirmation.getByRole('button', { name: 'Confirm and save' }).click();
    await form.getByText('Set ✓', { exact: true }).waitFor();
    expect(readProviderConfig(dataDirectory, 'deepgram').apiKey).toBe(deepgramFakeApiKey);

    await form.getByRole('button', { name: 'Test' }).click();
    await form
      .getByTestId('provider-check')
      .getByText(/accepted the settings/)
      .waitFor();
    const next = page.getByRole('link', { name: 'Next: record a first sentence' });
    await next.waitFor();
    expect(
      await page.getByRole('list', { name: 'Setup steps' }).locator('[aria-current="step"]').innerText(),
    ).toContain('Test it');
    await checkStep(page, 'setup-3-test');

    // Left before the last step, the setup is continued from Settings where it was left.
    await page.getByRole('button', { name: 'Leave the setup' }).click();
    await heading(page).getByText('Live').waitFor();
    await page.goto(`${earshot.url}#/settings/providers`);
    await page
      .getByTestId('setup-entry')
      .getByRole('link', { name: 'Continue setting up Deepgram Nova' })
      .click();
    await page.getByTestId('setup-skip-test').waitFor();
    await form.getByRole('button', { name: 'Test' }).click();
    await next.click();

    const recorder = page.getByRole('region', { name: 'Say a sentence' });
    await recorder.getByRole('button', { name: 'Start', exact: true }).click();
    await recorder.getByRole('button', { name: 'Stop' }).waitFor();
    await expect.poll(() => shownWords(page), { timeout: 20_000 }).toContain(firstWords);
    await checkStep(page, 'setup-4-record');
    await recorder.getByRole('button', { name: 'Stop' }).click();
    const done = page.getByTestId('setup-done');
    await done.getByText('Transcription is set up.').waitFor({ timeout: 20_000 });
    await checkStep(page, 'setup-4-done');

    // Settled: opening the app again goes to Live, on the provider just set up.
    await page.goto(earshot.url);
    await page.reload();
    await heading(page).getByText('Live').waitFor();
    await expect.poll(() => page.getByLabel('Provider', { exact: true }).inputValue()).toBe('deepgram');
    expect(page.url()).not.toContain('#/setup');
    // The browser logs the one refused save that asked to confirm where the key goes (409).
    expect(earshot.pageErrors.filter((error) => !error.includes('status of 409'))).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 90_000);

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { markedSentences } from '../fakes/streaming/markedSpeech.ts';
import { closedPort } from '../support/closedPort.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { writeMarkedSpeechWav } from './support/markedSpeechWav.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * A provider whose server is not running, as a new user meets it (issue #13): the pages never
 * offer it as ready on their own, its badges tell "configured" from "reachable", and Start with it
 * fails on screen within seconds, with the reason and what to do.
 */
let browser: Browser;
let audio: ReturnType<typeof temporaryDirectory>;
const opened = new OpenedResources();
beforeAll(async () => {
  audio = temporaryDirectory('unreachable-e2e-audio');
  const wav = writeMarkedSpeechWav(audio.path, markedSentences(20));
  [browser] = await opened.openTogether([launchBrowser({ microphoneWav: wav.path })]);
});
afterAll(async () => {
  await opened.closeAll();
  audio.remove();
});

const picker = (page: Page) => page.getByLabel('Provider', { exact: true });

/** The label of the option the picker shows, e.g. "whisper.cpp (P14) — not set up". */
async function pickedLabel(page: Page): Promise<string> {
  const value = await picker(page).inputValue();
  return (await picker(page).locator(`option[value="${value}"]`).innerText()).trim();
}

describe('a fresh install', () => {
  it('does not start the Live or Files page on P13 just because its address has a default', async () => {
    const earshot = await openEarshot(browser);
    try {
      const { page } = earshot;
      for (const hash of ['#/live', '#/files']) {
        await page.goto(`${earshot.url}${hash}`);
        await picker(page).waitFor();
        expect(await pickedLabel(page)).toBe('whisper.cpp (P14) — not set up');
        expect(await page.locator('.provider-facts').getByText('Configured', { exact: true }).count()).toBe(
          0,
        );
      }
      await picker(page).selectOption('funasr');
      await expect.poll(() => page.locator('.provider-facts').innerText()).toContain('Not set up');
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  });
});

describe('P13 configured at an address where nothing listens', () => {
  let address: string;
  beforeAll(async () => (address = `http://127.0.0.1:${await closedPort()}`));
  const reason = () =>
    `Cannot reach P13 FunASR / SenseVoice server at ${address} (connection refused). ` +
    'Start the server, or fix its address.';
  const inAppFix = 'Open Settings → Providers → FunASR / SenseVoice server and enter the server address.';

  it('is offered as configured but not reachable, here and in Settings → Providers', async () => {
    const earshot = await openEarshot(browser, {
      prepare: (dataDirectory) => writeProviderConfig(dataDirectory, 'funasr', { baseUrl: address }),
    });
    try {
      const { page } = earshot;
      await page.goto(`${earshot.url}#/live`);
      // The one provider the user set up is the one the page starts on.
      await picker(page).waitFor();
      expect(await pickedLabel(page)).toBe('FunASR / SenseVoice server (P13)');
      const facts = page.locator('.provider-facts');
      await facts.getByText('Configured', { exact: true }).waitFor();
      await facts.getByText('Not reachable (connection refused)').waitFor();
      const unreachable = await page.getByTestId('provider-unreachable').innerText();
      expect(unreachable).toContain(reason());
      // In the app, the fix is a place in Settings with a link there, not a command line.
      expect(unreachable).toContain(inAppFix);
      expect(unreachable).not.toContain('earshot providers set');

      await page.goto(`${earshot.url}#/settings/providers`);
      const item = page.getByRole('button', { name: /^FunASR \/ SenseVoice server P13/ });
      await item.getByText('Configured', { exact: true }).waitFor();
      await item.getByText('Not reachable (connection refused)').waitFor();
      await item.click();
      const state = page.getByTestId('provider-state');
      await state.getByText('Not reachable (connection refused)').waitFor();
      expect(await state.innerText()).toContain(reason());
      expect(await state.innerText()).toContain(inAppFix);
      await saveScreenshots(page, 'settings-provider-unreachable');
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  }, 60_000);

  it('fails on screen within seconds of Start, saying why and what to do; no completed session is left', async () => {
    const earshot = await openEarshot(browser, {
      prepare: (dataDirectory) => writeProviderConfig(dataDirectory, 'funasr', { baseUrl: address }),
    });
    try {
      const { page, service } = earshot;
      await page.goto(`${earshot.url}#/live`);
      await picker(page).selectOption('funasr');
      const started = performance.now();
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByTestId('live-state').getByText('Interrupted').waitFor({ timeout: 10_000 });
      const shownAfterMs = performance.now() - started;
      const ended = await page.getByTestId('live-ended-reason').innerText();
      await saveScreenshots(page, 'live-unreachable');

      expect(shownAfterMs).toBeLessThan(10_000);
      expect(ended).toContain(reason());
      expect(ended).toContain(inAppFix);
      expect(ended).not.toContain('earshot providers set');
      expect(ended).toContain('Nothing was transcribed');
      expect(await page.getByText('Listening…').count()).toBe(0);
      const sessions = service.store.listSessions({ limit: 10, offset: 0 }).sessions;
      expect(sessions.map((session) => session.status)).toEqual(['interrupted']);
      expect(earshot.pageErrors).toEqual([]);
    } finally {
      await earshot.close();
    }
  }, 60_000);
});

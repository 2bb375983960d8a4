import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeMachine } from '../../machines/analysis/describeMachine.ts';
import { machineCatalog } from '../../machines/catalog.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { streamingFixture as deepgramFixture } from '../fakes/deepgram/streamingFixture.ts';
import { markedSentences, markedSpeech } from '../fakes/streaming/markedSpeech.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { connectAppChannel } from '../support/appChannelClient.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * The Inspector page end to end: every machine of the catalog drawn from the service's layout, a
 * machine's generated paths played on its graph, and a live session followed state by state as a
 * second client of /ws/app records on the Deepgram streaming fake, then stepped back through.
 */
let browser: Browser;
let deepgram: StreamingFake;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser, deepgram] = await opened.openTogether([launchBrowser(), deepgramFixture.start()]);
});
afterAll(() => opened.closeAll());

/** Screenshots of the page from its top, with the pointer off the content (no hover). */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate('window.scrollTo(0, 0)');
  await saveScreenshots(page, name);
}

function activeState(page: Page, stateId: string) {
  return page.locator(`[data-state-id="${stateId}"][data-active="true"]`);
}

it('draws every machine of the catalog with all its states and transitions, and plays a generated path', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    await page.getByRole('link', { name: 'Inspector' }).click();
    await page
      .getByRole('navigation', { name: 'Inspector' })
      .getByRole('link', { name: /Machines/ })
      .click();
    const machineLinks = page.getByRole('navigation', { name: 'Machines' }).getByRole('link');
    // The first listing lays out every machine, which takes a while on a busy machine.
    await expect.poll(() => machineLinks.count(), { timeout: 30_000 }).toBe(machineCatalog.length);

    for (const entry of machineCatalog) {
      const description = describeMachine(entry.machine, entry.summary);
      await machineLinks.filter({ hasText: entry.name }).click();
      const graph = page.locator(`svg[data-machine="${entry.name}"]`);
      await graph.waitFor();
      expect(await graph.locator('[data-state-id]').count()).toBe(description.states.length);
      expect(await graph.locator('[data-transition-id]').count()).toBe(description.transitions.length);
      const initial = description.states.find((state) => state.initial && state.parent === null);
      expect(await graph.locator(`[data-state-id="${initial?.id}"] .graph-initial`).count()).toBe(1);
      // Every state and every transition is covered by the generated paths, and the page says so.
      await expect
        .poll(() => page.getByTestId('paths-coverage').textContent())
        .toBe(
          `${entry.name}: states ${description.states.length}/${description.states.length}, transitions ${description.transitions.length}/${description.transitions.length}`,
        );
    }

    // The live session's paths: one played on the graph, step by step.
    await machineLinks.filter({ hasText: 'liveSession' }).click();
    await page.getByTestId('paths-coverage').getByText('liveSession:').waitFor();
    await page.getByRole('button', { name: /^Shortest/ }).click();
    await page
      .locator('.path-row')
      .filter({ hasText: /^1 step/ })
      .first()
      .click();
    await activeState(page, 'liveSession.connecting').waitFor();
    await expect.poll(() => page.getByTestId('playback-position').textContent()).toBe('1 / 2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('playback-position').textContent()).toBe('2 / 2');
    expect(await activeState(page, 'liveSession.connecting').count()).toBe(0);
    expect(await page.locator('[data-transition-id][data-taken="true"]').count()).toBe(1);
    await screenshots(page, 'inspect-machines');
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

it('follows a live session through its states, then steps back through them once it has ended', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', deepgramFixture.config(deepgram)),
  });
  const client = await connectAppChannel(earshot.service);
  try {
    const { page } = earshot;
    await page.goto(`${earshot.url}#/inspect`);
    await page.getByText('No actors yet').waitFor();
    expect(earshot.service.inspection.watched).toBe(true);

    client.socket.send(JSON.stringify({ type: 'live.start', provider: 'deepgram', title: 'Inspected' }));
    const started = await client.next('live.started');
    if (started.type !== 'live.started') throw new Error('expected live.started');
    const actor = page.locator(`a[data-actor-id="liveSession:${started.sessionId}"]`);
    await actor.click();
    await activeState(page, 'liveSession.streaming').waitFor();
    await expect.poll(() => actor.getByTestId('actor-state').textContent()).toBe('streaming');
    await page.getByTestId('playback-following').waitFor();

    client.socket.send(markedSpeech(markedSentences(3)));
    await screenshots(page, 'inspect');
    client.socket.send(JSON.stringify({ type: 'live.stop' }));
    await client.next('live.ended');
    await activeState(page, 'liveSession.completed').waitFor();
    await page
      .getByRole('navigation', { name: 'Actors' })
      .getByRole('region', { name: 'Finished' })
      .waitFor();
    const log = page.getByRole('list', { name: 'Events' });
    await log.getByText('STOP', { exact: true }).waitFor();

    // Finished: stepping back shows where it was before, down to where it started.
    await page.getByRole('button', { name: 'Step back' }).click();
    expect(await activeState(page, 'liveSession.completed').count()).toBe(0);
    await expect.poll(() => page.getByTestId('shown-state').textContent()).not.toBe('completed');
    await page.getByRole('slider', { name: 'Recorded step' }).fill('0');
    await activeState(page, 'liveSession.connecting').waitFor();
    expect(await page.getByTestId('shown-state').textContent()).toBe('connecting');
    await page.keyboard.press('ArrowRight');
    await activeState(page, 'liveSession.streaming').waitFor();
    expect(await log.locator('[aria-current="step"]').textContent()).toContain('STREAM_READY');
    await screenshots(page, 'inspect-finished');

    // Wider than its card at a readable size, the drawing shrinks to fit when asked.
    const graph = page.locator('svg[data-machine="liveSession"]');
    const frame = page.locator('.graph-scroll');
    const overflow = async () =>
      ((await graph.boundingBox())?.width ?? 0) - ((await frame.boundingBox())?.width ?? 0);
    expect(await overflow()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Whole machine' }).click();
    await expect.poll(overflow).toBeLessThanOrEqual(0);

    // Leaving the page ends the watch: the service records without serialising for anyone.
    await page.getByRole('link', { name: 'Live' }).click();
    await expect.poll(() => earshot.service.inspection.watched).toBe(false);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    client.socket.close();
    await earshot.close();
  }
}, 60_000);

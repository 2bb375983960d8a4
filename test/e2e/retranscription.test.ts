import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { defaultInstalledModel, startOpenAiCompatibleFake } from '../fakes/openai-compatible/server.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { writeSessionAudioParts } from '../support/sessionAudioParts.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Transcribe again on the session page (issue #19, item 3): the gaps an interruption left are
 * transcribed by P12 against its fake, the new lines are proposed, and Keep puts them into the
 * transcript among the old ones; done by keyboard at 360 px, checked in both themes.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

const wait = { timeout: 15_000 };

it('transcribes the gaps again, proposes the new lines, and keeps them by keyboard at 360 px', async () => {
  const fake = await startOpenAiCompatibleFake();
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'openai-compatible', {
        baseUrl: fake.baseUrl,
        model: defaultInstalledModel,
      }),
  });
  try {
    const { page, service } = earshot;
    // 6 s of audio, transcribed to 2 s before an interruption.
    const { id: sessionId } = service.store.createSession({ title: 'Standup', providerId: 'groq' });
    service.store.appendSegment(sessionId, { text: 'Good morning everyone.', startMs: 0, endMs: 2_000 });
    service.store.setSessionStatus(sessionId, 'interrupted');
    writeSessionAudioParts(earshot.dataDirectory, sessionId, [6]);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const panel = page.getByRole('region', { name: 'Transcribe again', exact: true });
    await panel.waitFor(wait);
    await expect.poll(() => panel.getByLabel('Provider').inputValue(), wait).toBe('openai-compatible');

    const gapsOnly = panel.getByRole('checkbox', { name: 'Only the gaps an interruption left' });
    await gapsOnly.focus();
    await page.keyboard.press('Space');
    expect(await gapsOnly.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Transcribe again');
    await page.keyboard.press('Enter');

    const proposal = panel.getByTestId('retranscription-proposal');
    await proposal.waitFor(wait);
    const [version] = service.store.getTranscriptVersions(sessionId);
    expect(version).toMatchObject({ state: 'proposed', scope: 'gaps' });
    const proposedLines = proposal.getByTestId('proposed-segment');
    expect(await proposedLines.count()).toBe(version?.segments.length);
    expect(await proposedLines.first().textContent()).toBe(`00:02 ${version?.segments[0]?.text}`);
    // Proposed only: the transcript is as it was.
    const transcript = page.getByTestId('transcript-segment');
    expect(await transcript.count()).toBe(1);
    expect(await sidewaysOverflow(page)).toBe(0);
    await proposal.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'session-retranscription');

    await proposal.getByRole('button', { name: 'Keep' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panel.getByTestId('retranscription-state').textContent(), wait)
      .toContain('is kept');
    await expect.poll(() => transcript.count(), wait).toBe(1 + (version?.segments.length ?? 0));
    expect(await transcript.first().textContent()).toContain('Good morning everyone.');
    expect(service.store.getSegments(sessionId).map((segment) => segment.text)).toEqual([
      'Good morning everyone.',
      ...(version?.segments.map((segment) => segment.text) ?? []),
    ]);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
}, 90_000);

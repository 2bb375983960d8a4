import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeAiSettings } from '../../store/aiProviderSettings.ts';
import { startOpenAiChatFake } from '../fakes/ai/openAiChatFake.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import {
  fakeOpenAiKey,
  fakeOpenAiModel,
  seedBudgetMeeting,
  teamAiSettings,
  unexpectedErrors,
} from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * The corrected transcript on the session page (issue #17): Correct transcript proposes a
 * correction through OpenAI's protocol served by its fake, the page shows the changed words marked
 * beside the original, and Keep makes it the session's corrected transcript.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

const apiKey = fakeOpenAiKey;
const model = fakeOpenAiModel;
const wait = { timeout: 10_000 };

it('proposes a correction, marks the changed words beside the original, and keeps it', async () => {
  const fake = await startOpenAiChatFake({ apiKey, models: [model] });
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeAiSettings(dataDirectory, teamAiSettings(fake.baseUrl, false)),
  });
  try {
    const { page, service } = earshot;
    const sessionId = seedBudgetMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const panel = page.getByRole('region', { name: 'Corrected and translated transcript', exact: true });

    // The model corrects one line of four: "Anna" was heard for "Ana".
    fake.answerNext({
      object: { lines: [{ seq: 1, text: 'Ana will send the revised numbers by Friday.' }] },
    });
    await panel.getByRole('button', { name: 'Correct transcript' }).click();
    const proposal = panel.getByTestId('correction-proposal');
    await expect.poll(() => proposal.isVisible(), wait).toBe(true);
    const rows = proposal.getByTestId('corrected-segment');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').first().textContent()).toBe('00:30');
    expect(await rows.first().locator('del').allTextContents()).toEqual(['Anna']);
    expect(await rows.first().locator('ins').allTextContents()).toEqual(['Ana']);
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshots(page, 'session-correction');

    await proposal.getByRole('button', { name: 'Keep' }).click();
    const state = panel.getByTestId('correction-state');
    await expect.poll(() => state.textContent(), wait).toContain('The corrected transcript is kept');

    // GET /sessions/:id, asked as the CLI asks it, with the launch secret.
    const answer = await fetch(`${service.baseUrl}/control/v1/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${service.launchSecret}` },
    });
    const detail = (await answer.json()) as { session: { correctedTranscript: string | null } };
    expect(detail.session.correctedTranscript).toContain('Ana will send the revised numbers by Friday.');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
});

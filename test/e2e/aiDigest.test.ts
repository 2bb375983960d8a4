import type { Browser, Page } from 'playwright-core';
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
 * The session page's AI digest (issue #17): Generate and Regenerate, the job's progress and its
 * Cancel, a job taken up as the page opens, the chapters leading into the transcript, the mind map
 * drawn by markmap under the page's Content-Security-Policy, and a failure that says where AI
 * providers are set up. The AI provider is OpenAI's protocol, served by its fake.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

const apiKey = fakeOpenAiKey;
const model = fakeOpenAiModel;

/** The model's notes, shaped as ai/artefacts/modelAnswerSchemas.ts's notesSchema. */
const notes = {
  summary: 'The team kept the travel budget and planned two hires.',
  actionItems: ['Anna sends the revised numbers by Friday.'],
  keywords: ['budget', 'hiring'],
  chapters: [
    { title: 'Budget', start: '0:00:00', summary: 'Travel stays at ten thousand.' },
    { title: 'Hiring', start: '0:01:00', summary: 'Two positions open in March.' },
  ],
  outline: '# Meeting\n## Budget\n- Travel stays\n## Hiring\n- Two positions\n  - In March',
};

/** An AI job is asked about every second; a drawing waits for markmap's chunk. */
const jobWait = { timeout: 10_000 };

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const progress = (page: Page) => page.getByTestId('ai-job-progress');

it('generates the digest: progress while it waits out a 429, then the summary, chapters that lead into the transcript and a drawn mind map', async () => {
  const fake = await startOpenAiChatFake({ apiKey, models: [model] });
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeAiSettings(dataDirectory, teamAiSettings(fake.baseUrl, false)),
  });
  try {
    const { page, service } = earshot;
    const sessionId = seedBudgetMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    await page.getByRole('heading', { name: 'Budget meeting' }).waitFor();
    await expect.poll(() => panel(page, 'Summary').textContent(), jobWait).toContain('Not generated yet.');

    fake.answerNext({ failure: 'rate_limited', retryAfterSeconds: 2 }, { object: notes });
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    await generate.click();
    await expect
      .poll(() => progress(page).textContent(), jobWait)
      .toMatch(/^Waiting to retry: OpenAI at .* is limiting requests \(429: Rate limit reached/);
    expect(await generate.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Generate summary' }).isDisabled()).toBe(true);
    expect(await panel(page, 'Summary').textContent()).toContain('Generating…');

    await expect.poll(() => panel(page, 'Summary').textContent(), jobWait).toContain(notes.summary);
    await expect
      .poll(() => page.getByTestId('ai-job-ended').textContent(), jobWait)
      .toBe('Generated the summary, action items, keywords, chapters and mind map.');
    expect(await panel(page, 'Action items').textContent()).toContain(notes.actionItems[0]);
    expect(await panel(page, 'Keywords').textContent()).toMatch(/budget.*hiring|hiring.*budget/);
    const chapters = panel(page, 'Chapters');
    expect(await chapters.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^00:00–01:00 Budget/),
      expect.stringMatching(/^01:00–01:55 Hiring/),
    ]);

    // A chapter shows the transcript where it begins: its first segment, marked and focused.
    await chapters.getByRole('button', { name: /Hiring/ }).click();
    const revealed = page.locator('.transcript-segment-revealed');
    await expect.poll(() => revealed.textContent(), jobWait).toContain('We open two positions in March.');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-seq')`)).toBe('2');
    expect(await revealed.isVisible()).toBe(true);

    // The mind map is drawn by markmap: one node per heading and item; its source is a toggle away.
    const mindMap = panel(page, 'Mind map');
    const nodes = mindMap.getByTestId('mind-map-drawing').locator('g.markmap-node');
    await expect.poll(() => nodes.count(), jobWait).toBeGreaterThanOrEqual(6);
    expect(await nodes.allTextContents()).toEqual(
      expect.arrayContaining(['Budget', 'Travel stays', 'Hiring', 'Two positions', 'In March']),
    );
    await saveScreenshots(page, 'session-ai-digest');
    const sourceToggle = mindMap.getByRole('button', { name: 'Markdown source' });
    await sourceToggle.click();
    await expect
      .poll(() => mindMap.getByTestId('mind-map-source').textContent(), jobWait)
      .toContain('## Budget');
    expect(await nodes.count()).toBe(0);
    await sourceToggle.click();
    await expect.poll(() => nodes.count(), jobWait).toBeGreaterThanOrEqual(6);

    // Regenerating one artefact asks for it alone and leaves the others as they are.
    fake.answerNext({
      object: {
        chapters: [{ title: 'The whole meeting', start: '0:00:00', summary: 'Budget, then hiring.' }],
      },
    });
    await chapters.getByRole('button', { name: 'Regenerate chapters' }).click();
    await expect
      .poll(() => chapters.getByRole('listitem').allTextContents(), jobWait)
      .toEqual([expect.stringMatching(/^00:00–01:55 The whole meeting/)]);
    expect(await panel(page, 'Summary').textContent()).toContain(notes.summary);
    await expect
      .poll(() => page.getByTestId('ai-job-ended').textContent(), jobWait)
      .toBe('Generated the chapters.');
    const lastRequest = fake.requests.at(-1)?.body as {
      response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } };
    };
    expect(Object.keys(lastRequest.response_format?.json_schema?.schema?.properties ?? {})).toEqual([
      'chapters',
    ]);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
});

it('takes up the digest the service is already making as the page opens, and cancels it', async () => {
  const fake = await startOpenAiChatFake({ apiKey, models: [model] });
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeAiSettings(dataDirectory, teamAiSettings(fake.baseUrl, true)),
  });
  try {
    const { page, service } = earshot;
    // The model holds its answer, so the job that starts as the session completes keeps running.
    fake.answerNext({ hold: true });
    const sessionId = seedBudgetMeeting(service.store);
    await expect.poll(() => fake.requests.length, jobWait).toBe(1);

    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    await expect.poll(() => progress(page).textContent(), jobWait).toBe('Generating… part 1 of 1');
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    expect(await panel(page, 'Mind map').textContent()).toContain('Generating…');
    await saveScreenshots(page, 'session-ai-running');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('ai-job-ended').textContent(), jobWait)
      .toBe('Cancelled; nothing was changed.');
    await expect.poll(() => panel(page, 'Summary').textContent(), jobWait).toContain('Not generated yet.');
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(false);
    expect(service.store.getSession(sessionId)?.postProcess.status).toBe('none');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
});

it('says where AI providers are set up when there is none, after a reload too', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sessionId = seedBudgetMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const digest = panel(page, 'AI digest');
    // Said once, in the digest, before anything is pressed; the panels only say they are empty.
    const note = digest.getByTestId('ai-provider-setup');
    await expect.poll(() => note.count(), jobWait).toBe(1);
    expect(await note.getByRole('link', { name: 'Settings → AI' }).getAttribute('href')).toBe(
      '#/settings/ai',
    );
    expect(await panel(page, 'Summary').textContent()).toContain('Not generated yet.');
    expect(await panel(page, 'Summary').textContent()).not.toContain('AI provider');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect
      .poll(() => digest.getByRole('alert').textContent(), jobWait)
      .toContain('No AI provider is set up. Add one in Settings → AI.');
    expect(await digest.getByRole('alert').textContent()).not.toContain('earshot');
    expect(await note.count()).toBe(1);
    await expect
      .poll(() => panel(page, 'Summary').textContent(), jobWait)
      .toContain('This could not be generated; the last attempt failed.');
    await saveScreenshots(page, 'session-ai-no-provider');

    // The failed job is the session's newest, so the page opens on its reason again.
    await page.reload();
    await expect
      .poll(() => digest.getByRole('alert').textContent(), jobWait)
      .toContain('No AI provider is set up.');
    await digest.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => digest.getByRole('alert').count(), jobWait).toBe(0);
    // Still none: the way to set one up stays.
    expect(await note.isVisible()).toBe(true);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

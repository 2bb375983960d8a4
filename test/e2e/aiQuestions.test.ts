import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readAiSettings, writeAiSettings } from '../../store/aiProviderSettings.ts';
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
 * The AI half in the app (issue #17): the session page's Q&A box (an answer held by the model and
 * stopped, asked again, its citation leading into the transcript) and the AI providers in
 * Settings → AI (added with the form, tested, made the default), against OpenAI's protocol served
 * by its fake.
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
const questions = (page: Page) => page.getByRole('region', { name: 'Questions and answers', exact: true });

it('asks a question: pending at once, stopped, asked again, answered with a citation that leads into the transcript', async () => {
  const fake = await startOpenAiChatFake({ apiKey, models: [model] });
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeAiSettings(dataDirectory, teamAiSettings(fake.baseUrl, false)),
  });
  try {
    const { page, service } = earshot;
    const sessionId = seedBudgetMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const panel = questions(page);
    await expect.poll(() => panel.textContent(), wait).toContain('No questions asked yet.');

    // The model holds its answer: the entry shows pending until Stop cancels its job.
    fake.answerNext({ hold: true });
    const box = panel.getByRole('textbox', { name: 'Your question' });
    await box.fill('When do the new positions open?');
    await box.press('Enter');
    const entries = panel.getByTestId('question-entry');
    await expect.poll(() => entries.first().getAttribute('data-status'), wait).toBe('pending');
    expect(await entries.first().textContent()).toContain('When do the new positions open?');
    expect(await box.inputValue()).toBe('');
    await entries.first().getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => entries.first().getAttribute('data-status'), wait).toBe('error');
    expect(await entries.first().getByRole('alert').textContent()).toContain('Cancelled.');

    // Asked again, the answer cites the segment at one minute; its chip shows it in the transcript.
    fake.answerNext({ text: 'The two positions open in March [0:01:00].' });
    await entries.first().getByRole('button', { name: 'Ask again' }).click();
    const answered = entries.nth(1);
    await expect.poll(() => answered.getAttribute('data-status'), wait).toBe('success');
    expect(await answered.textContent()).toContain('The two positions open in March [0:01:00].');
    const chip = answered.getByRole('button', { name: /We open two positions in March/ });
    expect(await chip.textContent()).toBe('[01:00] “We open two positions in March.”');
    await chip.click();
    const revealed = page.locator('.transcript-segment-revealed');
    await expect.poll(() => revealed.textContent(), wait).toContain('We open two positions in March.');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-seq')`)).toBe('2');
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshots(page, 'session-questions');

    // What the page showed is what the session keeps.
    expect(service.store.getAskHistory(sessionId).map((entry) => entry.status)).toEqual(['error', 'success']);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
});

it('adds AI providers in Settings → AI from the Q&A note, tests one and makes it the default', async () => {
  const fake = await startOpenAiChatFake({ apiKey, models: [model] });
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sessionId = seedBudgetMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    const note = page.getByTestId('questions-need-provider');
    await expect.poll(() => note.textContent(), wait).toContain('none is set up for this session yet');
    expect(await questions(page).getByRole('textbox', { name: 'Your question' }).isDisabled()).toBe(true);
    await note.getByRole('link', { name: 'Set one up in Settings → AI' }).click();
    await page.getByRole('heading', { name: 'AI providers' }).waitFor();

    // An OpenAI provider at the fake's address: the key's new host is confirmed before it is saved.
    await page.getByRole('button', { name: 'Add an AI provider' }).click();
    await page.locator('#ai-provider-kind').selectOption('openai');
    await page.locator('#ai-provider-name').fill('cloud');
    await page.locator('#field-baseUrl').fill(fake.baseUrl);
    await page.locator('#field-model').fill(model);
    await page.locator('#field-apiKey').fill(apiKey);
    await saveScreenshots(page, 'settings-ai-add');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirmation = page.getByTestId('secret-destination');
    await expect.poll(() => confirmation.textContent(), wait).toContain(new URL(fake.baseUrl).host);
    await confirmation.getByRole('button', { name: 'Confirm and save' }).click();
    const cloud = page.getByRole('listitem', { name: 'cloud' });
    await expect.poll(() => cloud.textContent(), wait).toContain('Default');
    expect(await cloud.textContent()).toContain('Set ✓');
    expect(await page.content()).not.toContain(apiKey);

    // A server on this computer through a preset-less OpenAI-compatible entry, no key.
    await page.getByRole('button', { name: 'Add an AI provider' }).click();
    await page.locator('#ai-provider-kind').selectOption('openai-compatible');
    await page.locator('#ai-provider-name').fill('local');
    await page.locator('#field-baseUrl').fill(fake.baseUrl);
    await page.locator('#field-model').fill(model);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const local = page.getByRole('listitem', { name: 'local' });
    await expect.poll(() => local.textContent(), wait).toContain('OpenAI-compatible server');
    expect(await local.textContent()).not.toContain('Default');

    // Test asks the model for a word; the fake refuses a request without the key.
    fake.answerNext({ text: 'ready' });
    await cloud.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => cloud.getByTestId('ai-provider-check').textContent(), wait).toMatch(/^✓ /);
    await local.getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => local.getByTestId('ai-provider-check').textContent(), wait).toMatch(/^✗ /);

    await local.getByRole('button', { name: 'Use as default' }).click();
    await expect.poll(() => local.textContent(), wait).toContain('Default');
    expect(await cloud.textContent()).not.toContain('Default');
    expect(readAiSettings(earshot.dataDirectory).defaultAiProvider).toBe('local');

    await page
      .getByRole('checkbox', { name: 'Make the digest by itself when a session completes' })
      .uncheck();
    await expect.poll(() => readAiSettings(earshot.dataDirectory).automaticDigest, wait).toBe(false);
    await saveScreenshots(page, 'settings-ai');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    await fake.close();
  }
});

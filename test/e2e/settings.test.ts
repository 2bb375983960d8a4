import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readProviderConfig, writeProviderConfig } from '../../store/providerSettings.ts';
import { destinationOf } from '../../providers/secretDestination.ts';
import { deepgramFakeApiKey } from '../fakes/deepgram/server.ts';
import { startDeepgramStreamingFake } from '../fakes/deepgram/streamingServer.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';
import { writeFakeBuildTools } from '../fakes/whisper-cpp/fakeBuildTools.ts';
import { stubModel } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

let browser: Browser;
let deepgram: StreamingFake;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser, deepgram] = await opened.openTogether([launchBrowser(), startDeepgramStreamingFake()]);
});
afterAll(() => opened.closeAll());

it('configures providers from their forms: per-field messages that save nothing, write-only secrets, Test', async () => {
  const earshot = await openEarshot(browser, {
    prepare: (dataDirectory) =>
      writeProviderConfig(dataDirectory, 'deepgram', { endpoint: deepgram.baseUrl }),
  });
  try {
    const { page, dataDirectory } = earshot;
    await page.goto(`${earshot.url}#/settings/providers`);
    const providers = page.getByRole('list', { name: 'Providers' });
    await expect.poll(() => providers.getByRole('button').count()).toBe(14);

    await providers.getByRole('button', { name: /P12/ }).click();
    const form = page.getByRole('form', { name: /P12/ });
    const baseUrl = form.getByLabel('Server address');
    await baseUrl.fill('not a url');
    await form.getByLabel(/^Model/).fill('whisper-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => baseUrl.getAttribute('aria-invalid')).toBe('true');
    const messageId = (await baseUrl.getAttribute('aria-describedby'))?.split(' ')[0];
    expect(await page.locator(`#${messageId}`).textContent()).toMatch(/url/i);
    expect(readProviderConfig(dataDirectory, 'openai-compatible')).toEqual({});

    await baseUrl.fill('http://127.0.0.1:9/v1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('provider-state').getByText('Configured', { exact: true }).waitFor();
    expect(await baseUrl.getAttribute('aria-invalid')).toBeNull();
    expect(readProviderConfig(dataDirectory, 'openai-compatible')).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'whisper-1',
    });
    await providers.getByRole('button', { name: /P12.*Configured/ }).waitFor();

    await providers.getByRole('button', { name: /P06/ }).click();
    const deepgramForm = page.getByRole('form', { name: /P06/ });
    const apiKey = deepgramForm.getByRole('textbox', { name: /^API key/ });
    await apiKey.fill(deepgramFakeApiKey);
    await deepgramForm.getByRole('button', { name: 'Save' }).click();
    // Its endpoint was set before any key: a key saved now would go there, so the form asks first.
    const confirmation = deepgramForm.getByTestId('secret-destination');
    await confirmation.getByText(`Your key will be sent to ${destinationOf(deepgram.baseUrl)}.`).waitFor();
    expect(readProviderConfig(dataDirectory, 'deepgram')).toEqual({ endpoint: deepgram.baseUrl });
    await saveScreenshots(page, 'settings-provider-key-destination');
    await confirmation.getByRole('button', { name: 'Confirm and save' }).click();
    await deepgramForm.getByText('Set ✓', { exact: true }).waitFor();
    expect(await confirmation.count()).toBe(0);
    expect(readProviderConfig(dataDirectory, 'deepgram').apiKey).toBe(deepgramFakeApiKey);

    await page.reload();
    await providers.getByRole('button', { name: /P06/ }).click();
    await deepgramForm.getByText('Set ✓', { exact: true }).waitFor();
    expect(await apiKey.inputValue()).toBe('');
    expect(await page.content()).not.toContain(deepgramFakeApiKey);
    const inputValues = await Promise.all(
      (await page.locator('input').all()).map((input) => input.inputValue()),
    );
    expect(inputValues).not.toContain(deepgramFakeApiKey);

    const check = deepgramForm.getByTestId('provider-check');
    await deepgramForm.getByRole('button', { name: 'Test' }).click();
    await check.getByText(/accepted the settings/).waitFor();
    expect(await check.textContent()).toContain('✓');
    await saveScreenshots(page, 'settings-providers');

    await apiKey.fill('a-key-deepgram-refuses');
    await deepgramForm.getByRole('button', { name: 'Save' }).click();
    await deepgramForm.getByRole('status').getByText('Saved.').waitFor();
    await deepgramForm.getByRole('button', { name: 'Test' }).click();
    await check.getByText(/refused the key \(401\): check apiKey/).waitFor();
    expect(await check.textContent()).toContain('✗');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('enables the Open API and shows its token once: the token reads /api/v1/sessions until it is rotated', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = service.store.createSession({ title: 'Read over the API', providerId: 'deepgram' });
    await page.goto(`${earshot.url}#/settings/api`);
    const facts = page.getByTestId('api-facts');
    await facts.getByText('Disabled').waitFor();
    await page.getByTestId('api-base-url').getByText(`${service.baseUrl}/api/v1`).waitFor();

    await page.getByRole('button', { name: 'Enable the API' }).click();
    await facts.getByText('Enabled').waitFor();
    const shownToken = page.getByLabel('New token');
    const token = await shownToken.inputValue();
    expect(token).toMatch(/^es_/);
    expect(await page.getByTestId('api-example').textContent()).toContain(`Authorization: Bearer ${token}`);

    const sessionsUrl = `${service.baseUrl}/api/v1/sessions`;
    const read = (bearer: string) => fetch(sessionsUrl, { headers: { Authorization: `Bearer ${bearer}` } });
    const answer = await read(token);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { sessions: Array<{ id: string; title: string }> };
    expect(body.sessions.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: session.id, title: 'Read over the API' },
    ]);
    expect((await read(`${token}x`)).status).toBe(401);
    await saveScreenshots(page, 'settings-api');

    await page.getByRole('button', { name: 'Rotate token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
    await expect.poll(() => shownToken.inputValue()).not.toBe(token);
    const rotated = await shownToken.inputValue();
    expect((await read(token)).status).toBe(401);
    expect((await read(rotated)).status).toBe(200);

    await page.goto(`${earshot.url}#/settings/providers`);
    await page.goto(`${earshot.url}#/settings/api`);
    await facts.getByText('Enabled').waitFor();
    expect(await shownToken.count()).toBe(0);
    expect(await page.content()).not.toContain(rotated);

    await page.getByRole('button', { name: 'Disable the API' }).click();
    await facts.getByText('Disabled').waitFor();
    expect((await read(rotated)).status).toBe(403);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('walks the first run of P14 on its runtime page: what is missing, Build with its progress, Import a model, ready', async () => {
  // The build script runs for real on stand-in tools that stop at 45% for a moment.
  const tools = temporaryDirectory('build-tools');
  writeFakeBuildTools(tools.path, 'builds', 3);
  vi.stubEnv('PATH', `${tools.path}:${process.env.PATH ?? ''}`);
  vi.stubEnv('EARSHOT_CACHE_DIR', join(tools.path, 'cache'));
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    await page.goto(`${earshot.url}#/settings/runtime`);
    const readiness = page.getByTestId('runtime-readiness');
    await readiness.getByText('whisper-server is not built and no model is chosen.').waitFor();

    const binary = page.getByTestId('runtime-binary');
    await binary.getByText('Missing').waitFor();
    // A program to run comes from a build or from the owner's terminal, never through the page.
    expect(await binary.getByTestId('runtime-binary-import').textContent()).toContain(
      'earshot runtime import-binary PATH',
    );
    expect(await binary.getByRole('textbox').count()).toBe(0);

    const model = page.getByTestId('runtime-model');
    await model.getByText('Not set').waitFor();
    await model.getByText('No models in the data directory yet').waitFor();
    const choice = model.getByLabel('Download an official model');
    expect(await choice.inputValue()).toBe('base-q5_1');
    expect(await choice.locator('option').allTextContents()).toContain('base-q5_1 (59.7 MB) · suggested');
    await model.getByRole('button', { name: 'Download model' }).waitFor();

    const server = page.getByTestId('runtime-server');
    await server.getByText('Stopped').waitFor();
    expect(await server.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
    expect(await server.getByRole('button', { name: 'Stop' }).isDisabled()).toBe(true);
    await page.getByTestId('runtime-activity').getByText('No output yet').waitFor();
    await saveScreenshots(page, 'settings-runtime');

    await binary.getByRole('button', { name: 'Build binary' }).click();
    const build = binary.getByTestId('runtime-task-build');
    await build.getByText('45 %').waitFor();
    expect(await build.getByRole('progressbar').getAttribute('value')).toBe('0.45');
    await saveScreenshots(page, 'settings-runtime-building');
    await build.getByText('Done').waitFor({ timeout: 15_000 });
    await binary.getByText('Ready').waitFor();
    await page
      .getByTestId('runtime-activity')
      .getByText(/\[ 45%\] Building CXX object/)
      .waitFor();

    // The file travels from the browser's file chooser; the service opens no path the page names.
    await model.getByLabel('Or import a ggml model file').setInputFiles(stubModel);
    await model.getByRole('button', { name: 'Import model' }).click();
    await model.getByText('Ready').waitFor();
    await readiness.getByText('whisper.cpp is ready.').waitFor();
    expect(await server.getByRole('button', { name: 'Start' }).isDisabled()).toBe(false);
    await saveScreenshots(page, 'settings-runtime-ready');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
    vi.unstubAllEnvs();
    tools.remove();
  }
});

/** Chromium logs every refused request (the 400 of an invalid form) as a console error; those are expected. */
function unexpectedErrors(pageErrors: string[]): string[] {
  return pageErrors.filter((error) => !error.startsWith('Failed to load resource'));
}

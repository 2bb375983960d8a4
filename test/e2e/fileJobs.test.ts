import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FileJobStatus } from '../../actors/fileJob/fileJob.ts';
import { type RunningService, startService } from '../../main/service.ts';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { fixture } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { loginUrlOn, openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

let browser: Browser;
let groq: ProviderFake;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser, groq] = await opened.openTogether([launchBrowser(), groqFixture.start()]);
});
afterAll(() => opened.closeAll());

const withGroq = {
  prepare: (dataDirectory: string) => writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq)),
};

/**
 * Starts a job as the CLI does, through the control API with the launch secret: the page has no
 * part in it, so only the service's job list can show it there.
 */
async function startThroughApi(
  service: RunningService,
  title: string,
): Promise<{ jobId: string; sessionId: string }> {
  const authorization = `Bearer ${service.launchSecret}`;
  const sent = await fetch(`${service.baseUrl}/control/v1/uploads?name=jfk.wav`, {
    method: 'POST',
    headers: { authorization },
    body: readFileSync(fixture('audio/jfk.wav')),
  });
  expect(sent.status).toBe(201);
  const { upload } = (await sent.json()) as { upload: string };
  const started = await fetch(`${service.baseUrl}/control/v1/transcriptions`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ upload, provider: 'groq', title }),
  });
  expect(started.status).toBe(202);
  return (await started.json()) as { jobId: string; sessionId: string };
}

/** Waits until the service tells the job is in `state` (the Groq fake holds it there). */
async function jobReaches(
  service: RunningService,
  jobId: string,
  state: FileJobStatus['state'],
): Promise<FileJobStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = service.jobs.get(jobId);
    if (status?.state === state) return status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is ${status?.state}, never ${state}`);
    await sleep(20);
  }
}

function rowIn(page: Page, section: 'In progress' | 'Recently ended', title: string) {
  return page.getByRole('region', { name: section }).getByTestId('file-item').filter({ hasText: title });
}

/** Chromium logs a line for every refused request; the tests below refuse some on purpose. */
function unexpectedErrors(pageErrors: string[]): string[] {
  return pageErrors.filter(
    (error) => !error.startsWith('Failed to load resource') && !error.startsWith('WebSocket connection'),
  );
}

it('lists a job started through the control API before the page opened, with its progress, and cancels it from the page', async () => {
  groq.holdJobs(true);
  const earshot = await openEarshot(browser, withGroq);
  try {
    const { page, service } = earshot;
    const { jobId, sessionId } = await startThroughApi(service, 'Board meeting');
    const held = await jobReaches(service, jobId, 'processing');

    await page.goto(`${earshot.url}#/files`);
    const running = rowIn(page, 'In progress', 'Board meeting');
    await running.getByTestId('file-state').getByText('Transcribing').waitFor();
    const detail = running.getByTestId('file-detail');
    await detail.getByText(/^The provider is transcribing · chunk 1 of 1 · \d+ % · P\d\d Groq$/).waitFor();
    expect(await detail.textContent()).toContain(`${Math.round(held.progress * 100)} %`);
    const bar = running.getByRole('progressbar');
    expect(await bar.evaluate((element) => (element as unknown as { value: number }).value)).toBe(
      held.progress,
    );
    expect(await running.getByRole('link', { name: 'Open session' }).getAttribute('href')).toBe(
      `#/sessions/${sessionId}`,
    );
    expect(await running.getByTestId('file-resumed').count()).toBe(0);
    await saveScreenshots(page, 'files-jobs');

    await running.getByRole('button', { name: 'Cancel' }).click();
    const ended = rowIn(page, 'Recently ended', 'Board meeting');
    await ended.getByTestId('file-state').getByText('Cancelled').waitFor({ timeout: 20_000 });
    expect(service.jobs.get(jobId)?.state).toBe('cancelled');
    expect(await page.getByTestId('file-item').filter({ hasText: 'Board meeting' }).count()).toBe(1);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    groq.holdJobs(false);
    await earshot.close();
  }
}, 60_000);

it('shows a file added on the page as one row, which waits while the service does not answer and then goes on to its end', async () => {
  groq.holdJobs(true);
  const earshot = await openEarshot(browser, withGroq);
  try {
    const { page, service } = earshot;
    await page.goto(`${earshot.url}#/files`);
    await page.getByLabel('Provider', { exact: true }).selectOption('groq');
    await page.getByLabel('Choose files to transcribe').setInputFiles(fixture('audio/jfk.wav'));
    const rows = page.getByTestId('file-item').filter({ hasText: 'jfk.wav' });
    await rows
      .getByTestId('file-detail')
      .getByText(/The provider is transcribing · chunk 1 of 1/)
      .waitFor({ timeout: 20_000 });
    const jobId = service.jobs.list()[0]?.jobId ?? '';
    // Once the service's list has been read with the job in it, the queued file and the job are one row.
    await page.waitForResponse(
      async (response) =>
        response.url().endsWith('/control/v1/transcriptions') && (await response.text()).includes(jobId),
    );
    await page.waitForTimeout(100);
    expect(await rows.count()).toBe(1);

    // The service stops answering about jobs, as while it restarts: the row waits, it does not fail.
    const unreachable = '**/control/v1/transcriptions**';
    await page.route(unreachable, (route) => route.abort('connectionrefused'));
    const row = rowIn(page, 'In progress', 'jfk.wav');
    await row.getByTestId('file-waiting').getByText('Waiting for the service…').waitFor();
    await page.waitForTimeout(1500);
    expect(await row.getByTestId('file-state').textContent()).toBe('Transcribing');
    expect(await row.getByRole('alert').count()).toBe(0);

    await page.unroute(unreachable);
    await row.getByTestId('file-waiting').waitFor({ state: 'detached' });
    groq.holdJobs(false);
    const done = rowIn(page, 'Recently ended', 'jfk.wav');
    await done.getByTestId('file-state').getByText('Done').waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(1);
    await done.getByRole('link', { name: 'Open session' }).click();
    expect(
      service.store.getSession(decodeURIComponent(new URL(page.url()).hash.split('/').at(-1) ?? '')),
    ).toMatchObject({
      status: 'completed',
      title: 'jfk.wav',
    });
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    groq.holdJobs(false);
    await earshot.close();
  }
}, 60_000);

it('after the service restarts, lists the job it resumed, says so, and cancels it', async () => {
  groq.holdJobs(true);
  const earshot = await openEarshot(browser, withGroq);
  let restarted: RunningService | undefined;
  try {
    const { page, service } = earshot;
    const { jobId } = await startThroughApi(service, 'Interview');
    await jobReaches(service, jobId, 'processing');
    await service.close();
    restarted = await startService({ dataDirectory: earshot.dataDirectory, port: 0 });
    expect(restarted.resumedJobIds).toEqual([jobId]);

    // A restart signs every browser out: sign in to the new service, as `earshot open` would.
    const url = `http://localhost:${restarted.port}/`;
    await page.goto(loginUrlOn(url, restarted));
    await page.getByTestId('connection').getByText('Connected').waitFor();
    await page.goto(`${url}#/files`);
    const running = rowIn(page, 'In progress', 'Interview');
    await running.getByTestId('file-resumed').getByText('Resumed after a restart of the service.').waitFor();
    await running.getByTestId('file-state').getByText('Transcribing').waitFor();

    await running.getByRole('button', { name: 'Cancel' }).click();
    await rowIn(page, 'Recently ended', 'Interview')
      .getByTestId('file-state')
      .getByText('Cancelled')
      .waitFor({
        timeout: 20_000,
      });
    expect(restarted.jobs.get(jobId)).toMatchObject({ state: 'cancelled', resumeCount: 1 });
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    groq.holdJobs(false);
    await restarted?.close();
    await earshot.close();
  }
}, 60_000);

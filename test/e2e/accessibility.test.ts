import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeProviderConfig } from '../../store/providerSettings.ts';
import { fixture as groqFixture } from '../fakes/groq/fixture.ts';
import type { ProviderFake } from '../fakes/providerFakeFixture.ts';
import { fixture } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { temporaryDirectory } from '../support/temporaryDirectory.ts';
import { launchBrowser } from './support/browser.ts';
import { type AccessibilityProblem, accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { seedBudgetMeeting } from './support/budgetMeeting.ts';
import { type EarshotInBrowser, openEarshot } from './support/earshotInBrowser.ts';
import { phoneViewport, saveScreenshots } from './support/screenshots.ts';

/**
 * Every page and its main states pass all of axe-core's rules, in both themes, on a desktop
 * window and on a phone, and none of them scrolls sideways. One service serves them all, with a
 * finished and a failed upload, a summarised meeting, an untitled session, a topic and a tag.
 */
let browser: Browser;
let groq: ProviderFake;
let earshot: EarshotInBrowser & { pageErrors: string[] };
let media: ReturnType<typeof temporaryDirectory>;
let meetingId: string;
let untitledId: string;
const opened = new OpenedResources();

beforeAll(async () => {
  [browser, groq] = await opened.openTogether([launchBrowser(), groqFixture.start()]);
  media = temporaryDirectory('accessibility-media');
  writeFileSync(join(media.path, 'notes.mp3'), 'this is not audio\n'.repeat(300));
  earshot = await openEarshot(browser, {
    prepare: (dataDirectory) => writeProviderConfig(dataDirectory, 'groq', groqFixture.config(groq)),
  });
  const { store } = earshot.service;
  store.putTopic({ id: 'planning', name: 'Planning', emoji: '🗓️', description: 'Budgets and hiring.' });
  store.putTag({ id: 'follow-up', name: 'Follow up', color: '#2f5fd0' });
  meetingId = seedBudgetMeeting(store);
  store.updateSession(meetingId, {
    topicId: 'planning',
    tagIds: ['follow-up'],
    postProcess: {
      summary: 'The team kept the travel budget and planned two hires.',
      actionItems: ['Anna sends the revised numbers by Friday.'],
      keywords: ['budget', 'hiring'],
      chapters: [{ title: 'Budget', startMs: 0, endMs: 55_000, summary: 'Travel stays at ten thousand.' }],
      status: 'success',
    },
  });
  const untitled = store.createSession({ title: '', providerId: 'groq' });
  store.appendSegment(untitled.id, { text: 'A note without a title.', startMs: 0, endMs: 2_000 });
  store.setSessionStatus(untitled.id, 'completed');
  untitledId = untitled.id;
}, 60_000);
afterAll(async () => {
  await earshot.close();
  media.remove();
  await opened.closeAll();
});

const layouts = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', ...phoneViewport },
];

/** Where a page that is still loading says so. */
const loadingText = /Loading[^.]*…|Waiting for the service to list/;

/**
 * Opens `hash`, waits for its main heading, `ready` and the end of every "Loading…", then checks
 * it in both themes at both sizes. Returns every axe problem and sideways scroll, named by where
 * it showed, so one failing assertion lists them all.
 */
async function problemsOn(
  page: Page,
  hash: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  await page.goto(`${earshot.url}${hash}`);
  await page.locator('main h1').first().waitFor();
  await ready(page);
  // The Inspector's first listing lays out every machine, which takes a while on a busy machine.
  await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).not.toMatch(loadingText);
  const found: string[] = [];
  for (const layout of layouts) {
    await page.setViewportSize(layout);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('theme').selectOption(theme);
      await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
      const where = `${hash} ${theme} ${layout.name}`;
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) found.push(`${where}: scrolls sideways by ${overflow} px`);
      found.push(...(await accessibilityProblems(page)).map((problem) => described(where, problem)));
    }
  }
  await page.setViewportSize(layouts[0]!);
  return found;
}

function described(where: string, problem: AccessibilityProblem): string {
  return `${where}: ${problem.rule} (${problem.impact}) at ${problem.target} — ${problem.summary}`;
}

async function checkPage(
  hash: string,
  ready: (page: Page) => Promise<unknown>,
  screenshotName?: string,
): Promise<void> {
  const { page } = earshot;
  // One line per problem, so a failure shows them all.
  expect((await problemsOn(page, hash, ready)).join('\n')).toBe('');
  if (screenshotName !== undefined) await saveScreenshots(page, screenshotName, { phone: true });
}

it('Live, idle', async () => {
  await checkPage('#/live', (page) => page.getByLabel('Provider', { exact: true }).waitFor(), 'live-idle');
}, 60_000);

it('Files, with a finished and a failed upload', async () => {
  const { page } = earshot;
  await page.goto(`${earshot.url}#/files`);
  await page.getByLabel('Provider', { exact: true }).selectOption('groq');
  const input = page.getByLabel('Choose files to transcribe');
  const state = (name: string) =>
    page.getByTestId('file-item').filter({ hasText: name }).getByTestId('file-state');
  await input.setInputFiles(fixture('audio/jfk.wav'));
  await state('jfk.wav').getByText('Done').waitFor({ timeout: 30_000 });
  await input.setInputFiles(join(media.path, 'notes.mp3'));
  await state('notes.mp3').getByText('Failed').waitFor({ timeout: 20_000 });
  await checkPage(
    '#/files',
    (page) => page.getByTestId('file-item').filter({ hasText: 'notes.mp3' }).waitFor(),
    'files-jobs',
  );
}, 90_000);

it('Sessions, a list of them', async () => {
  await checkPage(
    '#/sessions',
    (page) => page.getByText('Budget meeting').first().waitFor(),
    'sessions-list',
  );
}, 60_000);

it('Sessions, searched: the found words marked', async () => {
  await checkPage(
    '#/sessions',
    async (page) => {
      await page.getByRole('searchbox').first().fill('budget');
      await page.locator('main mark').first().waitFor();
    },
    'sessions-search',
  );
}, 60_000);

it('a session with its transcript and summary', async () => {
  await checkPage(`#/sessions/${meetingId}`, async (page) => {
    await page.getByText('We agreed to keep the travel budget').first().waitFor();
    await page.getByText('The team kept the travel budget and planned two hires.').first().waitFor();
  });
}, 60_000);

it('an untitled session', async () => {
  await checkPage(`#/sessions/${untitledId}`, (page) =>
    page.getByText('A note without a title.').first().waitFor(),
  );
}, 60_000);

it('Topics & tags', async () => {
  await checkPage('#/library', (page) => page.getByText('Follow up').first().waitFor(), 'library');
}, 60_000);

it.each(['providers', 'ai', 'api', 'runtime'])(
  'Settings, %s',
  async (section) => {
    await checkPage(`#/settings/${section}`, (page) => page.locator('.page-tabs').waitFor());
  },
  60_000,
);

it('Inspector: the actors, and one drawn as its machine', async () => {
  await checkPage(
    '#/inspect',
    (page) => page.getByRole('navigation', { name: 'Inspector' }).waitFor(),
    'inspect-actors',
  );
  const { page } = earshot;
  await page.getByRole('navigation', { name: 'Actors' }).getByRole('link').first().click();
  await page.locator('svg[data-machine]').waitFor();
  const actorHash = new URL(page.url()).hash;
  await checkPage(actorHash, (page) => page.locator('svg[data-machine]').waitFor(), 'inspect-actor');
}, 90_000);

it('Inspector: the machines, one with its graph and paths', async () => {
  await checkPage(
    '#/inspect/machine/fileJob',
    (page) => page.getByTestId('paths-coverage').getByText('fileJob:').waitFor(),
    'inspect-machine',
  );
}, 60_000);

it('no page wrote an error to the console', () => {
  expect(earshot.pageErrors).toEqual([]);
});

import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionStore } from '../../store/sessionStore.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

const hour = 3_600_000;
const firstStart = Date.UTC(2025, 2, 3, 9, 0);

/** A finished session whose transcript is `sentences`, one segment each, five seconds apart. */
function seedSession(
  store: SessionStore,
  input: { title: string; startedAt: number; sentences: string[]; status?: 'completed' | 'interrupted' },
) {
  const session = store.createSession({
    title: input.title,
    providerId: 'deepgram',
    startedAt: input.startedAt,
  });
  input.sentences.forEach((text, index) =>
    store.appendSegment(session.id, {
      text,
      startMs: index * 5000,
      endMs: index * 5000 + 4000,
      speaker: index % 2 === 0 ? 'Ana' : 'Ben',
    }),
  );
  store.setSessionStatus(session.id, input.status ?? 'completed');
  return session;
}

/**
 * Page errors other than Chromium's "Failed to load resource" lines, which it logs for every refused
 * request, including the ones these tests provoke on purpose (an empty title, a deleted session).
 */
function unexpectedErrors(pageErrors: string[]): string[] {
  return pageErrors.filter((error) => !error.startsWith('Failed to load resource'));
}

function rows(page: Page) {
  return page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
}

it('finds a session by a word only its transcript has, marks it, filters by status and pages past 25', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    for (let index = 0; index < 28; index++) {
      seedSession(service.store, {
        title: `Weekly standup ${index + 1}`,
        startedAt: firstStart + index * hour,
        sentences: ['Yesterday I reviewed the release notes.', 'Today I pair on the importer.'],
      });
    }
    service.store.putTopic({ id: 'topic-home', name: 'Home', emoji: '🏡', description: '' });
    service.store.putTag({ id: 'tag-spring', name: 'spring', color: '#2e8b57' });
    const garden = seedSession(service.store, {
      title: 'Garden planning',
      startedAt: firstStart + 40 * hour,
      sentences: ['We should plant the Quillwort near the pond.', 'It likes wet feet.'],
    });
    seedSession(service.store, {
      title: 'Cut-off call',
      startedAt: firstStart + 41 * hour,
      sentences: ['Can you hear me now?'],
      status: 'interrupted',
    });

    service.store.updateSession(garden.id, { topicId: 'topic-home', tagIds: ['tag-spring'] });

    await page.goto(`${earshot.url}#/sessions`);
    await expect.poll(() => page.getByTestId('page-range').textContent()).toBe('1–25 of 30');
    await expect.poll(() => rows(page).count()).toBe(25);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('page-range').textContent()).toBe('26–30 of 30');
    await expect.poll(() => rows(page).count()).toBe(5);
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.keyboard.press('/');
    const search = page.getByLabel('Search titles and transcripts');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? null`))
      .toBe('Search titles and transcripts');
    await page.keyboard.type('quillwort');
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await expect.poll(() => row.getByRole('link').textContent()).toContain('Garden planning');
    expect(await row.textContent()).toMatch(/Home.*spring/);
    await expect
      .poll(() => row.getByTestId('snippet').locator('mark').allTextContents())
      .toEqual(['Quillwort']);
    expect(await page.getByTestId('page-range').textContent()).toBe('1–1 of 1');

    await search.fill('standup 7');
    await expect.poll(() => rows(page).locator('mark').allTextContents()).toEqual(['standup 7']);

    await search.fill('nothing says this');
    await page.getByText('No session matches “nothing says this”').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => page.getByTestId('page-range').textContent()).toBe('1–25 of 30');

    await page.getByLabel('Status').selectOption('interrupted');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Cut-off call')]);
    await page.getByLabel('Status').selectOption('');

    // A session the service adds shows without a reload.
    seedSession(service.store, {
      title: 'Added while watching',
      startedAt: firstStart + 50 * hour,
      sentences: ['Fresh words.'],
    });
    await expect.poll(() => rows(page).first().textContent()).toContain('Added while watching');
    await saveScreenshots(page, 'sessions');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('says what to do when there are no sessions at all', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page } = earshot;
    await page.goto(`${earshot.url}#/sessions`);
    await page.getByText('No sessions yet').waitFor();
    expect(await page.getByRole('link', { name: 'Start a live session' }).getAttribute('href')).toBe(
      '#/live',
    );
    expect(await page.getByRole('link', { name: 'Transcribe a file' }).getAttribute('href')).toBe('#/files');
  } finally {
    await earshot.close();
  }
});

it('opens a session: renames it, exports SRT and JSON, and deletes it after confirming', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = seedSession(service.store, {
      title: 'Design review',
      startedAt: firstStart,
      sentences: ['Let us start with the header.', 'The colours need more contrast.'],
    });
    await page.goto(`${earshot.url}#/sessions`);
    await page.getByRole('link', { name: /Design review/ }).click();
    await page.getByRole('heading', { name: 'Design review' }).waitFor();
    const transcript = page.getByTestId('transcript');
    await expect.poll(() => transcript.textContent()).toContain('[00:05]Ben:The colours need more contrast.');
    for (const panel of ['Summary', 'Action items', 'Keywords', 'Chapters', 'Mind map']) {
      await expect
        .poll(() => page.getByRole('region', { name: panel }).textContent())
        .toContain('Not generated yet.');
    }

    await page.getByRole('button', { name: 'Rename' }).click();
    const titleField = page.getByLabel('Session title');
    await titleField.fill('   ');
    await titleField.press('Enter');
    await page.locator('#session-title-error').waitFor();
    expect(service.store.getSession(session.id)?.title).toBe('Design review');
    await titleField.press('Escape');
    await page.getByRole('heading', { name: 'Design review' }).waitFor();

    await page.getByRole('button', { name: 'Rename' }).click();
    await titleField.fill('Design review, round two');
    await titleField.press('Enter');
    await page.getByRole('heading', { name: 'Design review, round two' }).waitFor();
    expect(service.store.getSession(session.id)?.title).toBe('Design review, round two');

    const exported = async (label: RegExp) => {
      await page.getByText('Export ▾').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: label }).click(),
      ]);
      return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
    };
    const srt = await exported(/SubRip/);
    expect(srt.name).toBe('Design review, round two.srt');
    expect(srt.text).toContain('00:00:05,000 --> 00:00:09,000');
    expect(srt.text).toContain('The colours need more contrast.');
    const json = await exported(/JSON/);
    expect(json.name).toBe('Design review, round two.json');
    expect(JSON.stringify(JSON.parse(json.text))).toContain('Let us start with the header.');
    await saveScreenshots(page, 'session');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this session?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(service.store.getSession(session.id)).toBeDefined();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete session' }).click();
    await page.getByText('No sessions yet').waitFor();
    expect(service.store.getSession(session.id)).toBeUndefined();

    await page.goto(`${earshot.url}#/sessions/${session.id}`);
    await page.getByText('This session does not exist (deleted?)').waitFor();
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('calls a session without a title by its start time (and first words on its page), in the list and on its page', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = seedSession(service.store, {
      title: '',
      startedAt: firstStart,
      sentences: ['And so my fellow Americans,', 'ask not what your country can do for you.'],
    });
    await page.goto(`${earshot.url}#/sessions`);
    const row = rows(page).first();
    // The list has no transcripts: the fallback is the start time, as the row's facts write it.
    const startedAt = await row.locator('.session-row-facts span').first().textContent();
    expect(startedAt).toContain('2025');
    await expect.poll(() => row.locator('.session-row-title').textContent()).toBe(startedAt);
    await saveScreenshots(page, 'sessions-untitled');

    await row.getByRole('link').click();
    const heading = `${startedAt} — And so my fellow Americans, ask not what…`;
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await saveScreenshots(page, 'session-untitled');
    // Renaming starts from the title itself, not from the fallback.
    await page.getByRole('button', { name: 'Rename' }).click();
    expect(await page.getByLabel('Session title').inputValue()).toBe('');
    await page.getByLabel('Session title').press('Escape');
    expect(service.store.getSession(session.id)?.title).toBe('');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('grows a recording session live, and offers resume and finalize once it is interrupted', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = service.store.createSession({ title: 'On air', providerId: 'deepgram' });
    await page.goto(`${earshot.url}#/sessions/${session.id}`);
    await page.getByRole('heading', { name: 'On air' }).waitFor();
    service.store.appendSegment(session.id, { text: 'First words arrive.', startMs: 0, endMs: 1500 });
    await expect.poll(() => page.getByTestId('transcript').textContent()).toContain('First words arrive.');
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);

    service.store.setSessionStatus(session.id, 'interrupted');
    await page.getByRole('button', { name: 'Finalize' }).click();
    await expect.poll(() => service.store.getSession(session.id)?.status).toBe('completed');
    await expect.poll(() => page.getByRole('button', { name: 'Finalize' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('transcript').textContent()).toContain('First words arrive.');

    const other = seedSession(service.store, {
      title: 'Dropped call',
      startedAt: firstStart,
      sentences: ['Hello?'],
      status: 'interrupted',
    });
    await page.goto(`${earshot.url}#/sessions/${other.id}`);
    await page.getByRole('button', { name: 'Resume recording' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/live');
    expect(await page.evaluate(`sessionStorage.getItem('earshot.resumeSessionId')`)).toBe(other.id);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

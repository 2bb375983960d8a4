import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emptyPostProcess, type SessionStore } from '../../store/sessionStore.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { phoneViewport, saveScreenshots } from './support/screenshots.ts';

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

/** The rows of the sessions list, across its day headings. */
function rows(page: Page) {
  return page.getByTestId('session-list').getByRole('listitem');
}

const sessionList = (page: Page) => page.getByTestId('session-list');
const pageRange = (page: Page) => page.getByTestId('page-range').textContent();

/** The day headings of the list, each with the titles and preview lines of its rows. */
async function daysShown(page: Page) {
  const days = [];
  for (const section of await sessionList(page).locator('section').all()) {
    const rows = [];
    for (const row of await section.getByRole('listitem').all()) {
      const preview = row.getByTestId('preview');
      rows.push({
        title: await row.locator('.session-row-title').textContent(),
        preview: (await preview.count()) === 0 ? null : await preview.textContent(),
      });
    }
    days.push({ day: await section.getByRole('heading').textContent(), rows });
  }
  return days;
}

/** Whether the page, the list or any row is wider than the screen (so part of it scrolls sideways). */
const widerThanScreen = `(() => {
  const list = document.querySelector('[data-testid="session-list"]');
  return {
    page: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    list: list.scrollWidth > list.clientWidth,
    rows: [...document.querySelectorAll('.session-row')].filter(
      (row) => row.scrollWidth > row.clientWidth || row.getBoundingClientRect().right > window.innerWidth,
    ).length,
  };
})()`;

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
    const search = page.getByLabel('Search sessions');
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? null`))
      .toBe('Search sessions');
    await page.keyboard.type('quillwort');
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await expect.poll(() => row.getByRole('link').textContent()).toContain('Garden planning');
    expect(await row.textContent()).toMatch(/Home.*spring/);
    await expect
      .poll(() => row.getByTestId('matching-line').locator('mark').allTextContents())
      .toEqual(['Quillwort']);
    expect(await page.getByTestId('page-range').textContent()).toBe('1–1 of 1');

    await search.fill('standup 7');
    await expect.poll(() => rows(page).locator('mark').allTextContents()).toEqual(['standup', '7']);

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

it('calls a session without a title by the first words of its transcript, in the list, on its page and in the tab', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const session = seedSession(service.store, {
      title: '',
      startedAt: firstStart,
      sentences: ['And so my fellow Americans,', 'ask not what your country can do for you.'],
    });
    const title = 'And so my fellow Americans, ask not what…';
    await page.goto(`${earshot.url}#/sessions`);
    const row = rows(page).first();
    await expect.poll(() => row.locator('.session-row-title').textContent()).toBe(title);
    // The preview goes on where the title stops rather than repeating it.
    expect(await row.getByTestId('preview').textContent()).toBe('…your country can do for you.');
    await saveScreenshots(page, 'sessions-untitled');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`${title} — Earshot`);
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

it('groups sessions by day, with a preview line under each and a meaningful title for the untitled, and fits a phone', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const startOfToday = new Date().setHours(0, 0, 0, 0);
    const today = Math.max(startOfToday + 1000, Date.now() - 120_000);
    const budget = seedSession(service.store, {
      title: 'Budget review',
      startedAt: today,
      sentences: ['Let us go through the numbers.'],
    });
    service.store.updateSession(budget.id, {
      postProcess: {
        ...emptyPostProcess,
        summary: 'The budget was approved.\nHiring waits.',
        status: 'success',
      },
    });
    seedSession(service.store, {
      title: 'Live 11/25/2026, 7:47:34 PM',
      startedAt: today - 1000,
      sentences: ['Quarterly numbers first, then the hiring plan for spring.', 'Ana starts.'],
    });
    seedSession(service.store, {
      title: 'Standup',
      startedAt: startOfToday - 6 * hour,
      sentences: ['Yesterday I reviewed the release notes.'],
    });
    const older = startOfToday - 3 * 24 * hour + 10 * hour;
    seedSession(service.store, { title: '', startedAt: older, sentences: [] });

    await page.goto(`${earshot.url}#/sessions`);
    const olderDay = new Date(older).toLocaleDateString('en-US', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(new Date(older).getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }),
    });
    const olderStart = await page.evaluate<string>(
      `new Date(${older}).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })`,
    );
    await expect
      .poll(() => daysShown(page))
      .toEqual([
        {
          day: 'Today',
          rows: [
            { title: 'Budget review', preview: 'The budget was approved.' },
            { title: 'Quarterly numbers first, then the hiring…', preview: '…plan for spring. Ana starts.' },
          ],
        },
        {
          day: 'Yesterday',
          rows: [{ title: 'Standup', preview: 'Yesterday I reviewed the release notes.' }],
        },
        { day: olderDay, rows: [{ title: `Untitled session · ${olderStart}`, preview: null }] },
      ]);
    await expect.poll(() => page.title()).toBe('Sessions — Earshot');
    await saveScreenshots(page, 'sessions-days', { phone: true });

    await page.setViewportSize(phoneViewport);
    await expect.poll(() => page.evaluate(widerThanScreen)).toEqual({ page: false, list: false, rows: 0 });
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('keeps its place: Next moves focus to the top of the list, Back returns to the same page of the same search', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    for (let index = 0; index < 30; index++) {
      seedSession(service.store, {
        title: `Weekly standup ${index + 1}`,
        startedAt: firstStart + index * hour,
        sentences: ['Yesterday I reviewed the release notes.'],
      });
    }
    seedSession(service.store, { title: 'Garden planning', startedAt: firstStart, sentences: ['Plant it.'] });

    await page.goto(`${earshot.url}#/sessions`);
    await expect.poll(() => pageRange(page)).toBe('1–25 of 31');
    await page.getByLabel('Search sessions').fill('standup');
    await expect.poll(() => pageRange(page)).toBe('1–25 of 30');

    const next = page.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pageRange(page)).toBe('26–30 of 30');
    expect(await page.evaluate(`document.activeElement?.getAttribute('data-testid')`)).toBe('session-list');
    // The top of the list is on screen: the reader is not left at the bottom of the new page.
    const top = (await sessionList(page).boundingBox())?.y ?? -1;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(860 / 2);
    expect(await page.evaluate('location.hash')).toBe('#/sessions?words=standup&offset=25');

    await rows(page).first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Weekly standup 5', exact: true }).waitFor();
    await page.goBack();
    await expect.poll(() => pageRange(page)).toBe('26–30 of 30');
    expect(await page.getByLabel('Search sessions').inputValue()).toBe('standup');
    await page.goBack();
    await expect.poll(() => pageRange(page)).toBe('1–25 of 30');
    expect(await page.getByLabel('Search sessions').inputValue()).toBe('standup');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('finds all the typed words in any order, ignoring accents, and shows the line they are on, marked', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    seedSession(service.store, {
      title: 'Platform sync',
      startedAt: firstStart,
      sentences: ['Good morning.', 'We should refactor the database before spring.'],
    });
    seedSession(service.store, {
      title: 'Half of it',
      startedAt: firstStart + hour,
      sentences: ['The refactor is done.'],
    });
    seedSession(service.store, {
      title: 'Visite',
      startedAt: firstStart + 2 * hour,
      sentences: ['Nous allons à l’École demain.'],
    });

    await page.goto(`${earshot.url}#/sessions`);
    const search = page.getByLabel('Search sessions');
    const results = rows(page);
    await search.fill('refactor database');
    await expect
      .poll(() => results.locator('.session-row-title').allTextContents())
      .toEqual(['Platform sync']);
    const line = results.first().getByTestId('matching-line');
    await expect
      .poll(() => line.textContent())
      .toBe('0:05 Ben: We should refactor the database before spring.');
    expect(await line.locator('mark').allTextContents()).toEqual(['refactor', 'database']);
    // The result opens the session where the words were said.
    expect(await results.first().getByRole('link').getAttribute('href')).toMatch(/\?t=5$/);

    await search.fill('ecole');
    await expect.poll(() => results.locator('.session-row-title').allTextContents()).toEqual(['Visite']);
    await expect
      .poll(() => results.first().getByTestId('matching-line').locator('mark').allTextContents())
      .toEqual(['École']);
    await saveScreenshots(page, 'sessions-words');
    expect(await page.evaluate('location.hash')).toBe('#/sessions?words=ecole');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

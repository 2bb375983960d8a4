import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionStore } from '../../store/sessionStore.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { unexpectedErrors } from './support/budgetMeeting.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * The session page (issue #18, item 3): it leads with the facts, actions and what the AI made, then
 * the transcript, which has find, times that link to their moment, and a translation line by line.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

const lineMs = 5000;
/** The lines that say "école" in one spelling or another, of a 20-minute meeting's 240. */
const schoolLines = new Map([
  [10, 'The École board met on Monday.'],
  [100, 'ECOLE funding is due in March.'],
  [200, 'Then the ecole trip, which the École parents asked about.'],
]);

/** A finished 20-minute meeting, a line every five seconds, with its summary and action items. */
function seedLongMeeting(store: SessionStore): string {
  const session = store.createSession({ title: 'Parents evening', providerId: 'deepgram' });
  for (let index = 0; index < 240; index++) {
    store.appendSegment(session.id, {
      text: schoolLines.get(index) ?? `Point ${index} of the agenda, discussed at some length.`,
      startMs: index * lineMs,
      endMs: index * lineMs + 4000,
      speaker: index % 2 === 0 ? 'Ana' : 'Ben',
    });
  }
  store.setSessionStatus(session.id, 'completed');
  store.updateSession(session.id, {
    postProcess: {
      summary: 'The parents agreed on the school trip and the funding deadline.',
      actionItems: ['Ana books the bus.'],
      keywords: ['school', 'trip'],
      chapters: [],
      status: 'success',
    },
  });
  return session.id;
}

interface PageBox {
  top: number;
  bottom: number;
  left: number;
}

/** As much of an element and of the window as these checks read: the tests have no DOM types. */
interface ElementLike {
  getBoundingClientRect: () => PageBox;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  closest: (selector: string) => { dataset: Record<string, string> } | null;
}
interface WindowLike {
  scrollY: number;
  innerHeight: number;
  location: { hash: string };
  document: { activeElement: { tagName: string; textContent: string } | null };
}

/** Where an element is on the page, in page coordinates (not the window's). */
function pageBox(locator: Locator): Promise<PageBox> {
  return locator.evaluate((element) => {
    const box = (element as unknown as ElementLike).getBoundingClientRect();
    const { scrollY } = globalThis as unknown as WindowLike;
    return { top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left };
  });
}

/** Whether the element is inside the window as it is scrolled now. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = (element as unknown as ElementLike).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= (globalThis as unknown as WindowLike).innerHeight;
  });
}

/** "TAG:text" of the element that has focus. */
function activeElementText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = (globalThis as unknown as WindowLike).document.activeElement;
    return `${active?.tagName}:${active?.textContent}`;
  });
}

/** What axe-core finds wrong with the page as it is, in the light theme and in the dark one. */
async function problemsInBothThemes(page: Page) {
  const problems = [];
  for (const scheme of ['light', 'dark']) {
    await page.getByTestId('theme').selectOption(scheme);
    problems.push(...(await accessibilityProblems(page)));
  }
  return problems;
}

/** Whether nothing inside the element reaches out past its sides (or, with `down`, below it). */
function fits(locator: Locator, down = false): Promise<boolean> {
  return locator.evaluate((element, down) => {
    const box = element as unknown as ElementLike;
    return box.scrollWidth <= box.clientWidth && (!down || box.scrollHeight <= box.clientHeight);
  }, down);
}

it('leads with the summary, finds in the transcript, and links each time to its moment', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sessionId = seedLongMeeting(service.store);

    await page.goto(`${earshot.url}#/sessions`);

    await page.getByRole('link', { name: /Parents evening/ }).click();

    const heading = page.getByRole('heading', { name: 'Parents evening', level: 1 });
    await heading.waitFor();

    // Opening a session puts focus on its heading.
    await expect.poll(() => activeElementText(page)).toBe('H1:Parents evening');
    // The provider goes by its vendor's name, its code beside it.
    await expect.poll(() => page.getByTestId('session-provider').innerText()).toBe('Deepgram Nova P06');

    // The summary is on the first screen at 1280×860, above the transcript, not 14,500 px down.
    const summaryHeading = page.getByRole('heading', { name: 'Summary', level: 2 });
    const transcriptHeading = page.getByRole('heading', { name: 'Transcript', level: 2 });
    const summaryBox = await pageBox(summaryHeading);
    expect(summaryBox.bottom).toBeLessThan(860);
    const transcriptTop = (await pageBox(transcriptHeading)).top;
    for (const panel of ['Action items', 'Chapters', 'Mind map']) {
      expect((await pageBox(page.getByRole('region', { name: panel }))).top).toBeLessThan(transcriptTop);
    }
    await saveScreenshots(page, 'session-page-top');

    // Find: "ecole" finds École, ECOLE and ecole, in reading order; Enter and Shift+Enter step.
    const find = page.getByLabel('Find in transcript');
    const count = page.getByTestId('find-count');
    const current = page.locator('mark.find-current');
    await find.fill('ecole');
    await expect.poll(() => count.textContent()).toBe('1 of 4');
    expect(await page.getByTestId('transcript').locator('mark').allTextContents()).toEqual([
      'École',
      'ECOLE',
      'ecole',
      'École',
    ]);
    expect(await current.textContent()).toBe('École');
    expect(await inView(current)).toBe(true);
    await find.press('Enter');
    await expect.poll(() => count.textContent()).toBe('2 of 4');
    expect(await current.textContent()).toBe('ECOLE');
    await expect.poll(() => inView(current)).toBe(true);
    await find.press('Shift+Enter');
    await find.press('Shift+Enter');
    await expect.poll(() => count.textContent()).toBe('4 of 4');
    await expect.poll(() => inView(current)).toBe(true);
    expect(
      await current.evaluate((mark) => (mark as unknown as ElementLike).closest('[data-seq]')?.dataset.seq),
    ).toBe('200');
    await page.getByRole('button', { name: 'Next match' }).click();
    await expect.poll(() => count.textContent()).toBe('1 of 4');
    await page.getByRole('button', { name: 'Previous match' }).click();
    await expect.poll(() => count.textContent()).toBe('4 of 4');
    await find.fill('no such words');
    await expect.poll(() => count.textContent()).toBe('No matches');
    expect(await page.getByRole('button', { name: 'Next match' }).isDisabled()).toBe(true);
    await find.fill('');

    // Each segment names its speaker, and its time is a link to that moment.
    const segment = (seq: number) => page.locator(`[data-seq="${seq}"]`);
    expect(await segment(121).textContent()).toBe(
      '[10:05]Ben:Point 121 of the agenda, discussed at some length.',
    );
    await segment(120).getByRole('link', { name: '[10:00]' }).click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as WindowLike).location.hash))
      .toBe(`#/sessions/${sessionId}?t=600`);
    await expect.poll(() => segment(120).getAttribute('class')).toContain('transcript-segment-revealed');
    expect(await inView(segment(120))).toBe(true);
    expect(
      await segment(120).evaluate(
        (element) => element === (globalThis as unknown as WindowLike).document.activeElement,
      ),
    ).toBe(true);

    // A fresh load of a shared moment lands on it.
    await page.goto(`${earshot.url}#/sessions/${sessionId}?t=900`);
    await page.reload();
    await heading.waitFor();

    await expect.poll(() => segment(180).getAttribute('class')).toContain('transcript-segment-revealed');
    await expect.poll(() => inView(segment(180))).toBe(true);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

/** A finished four-line meeting without a title, translated into German line by line. */
function seedTranslatedMeeting(store: SessionStore): string {
  const session = store.createSession({ title: '', providerId: 'deepgram' });
  const lines = [
    'Good morning, everyone.',
    'The bus leaves at eight.',
    'Bring a packed lunch.',
    'See you there.',
  ];
  lines.forEach((text, index) =>
    store.appendSegment(session.id, {
      text,
      startMs: index * lineMs,
      endMs: index * lineMs + 4000,
      speaker: 'Ana',
    }),
  );
  store.setSessionStatus(session.id, 'completed');
  store.saveTranslation({
    sessionId: session.id,
    kind: 'translation',
    language: 'German',
    state: 'kept',
    segments: store.getSegments(session.id).map((segment) => ({
      seq: segment.seq,
      startMs: segment.startMs,
      endMs: segment.endMs,
      original: segment.text,
      revised: germanLines[segment.seq] ?? '',
    })),
    error: null,
    jobId: null,
    createdAt: Date.now(),
    updatedAt: Date.now(),
  });
  return session.id;
}

const germanLines = [
  'Guten Morgen zusammen.',
  'Der Bus fährt um acht.',
  'Bringt ein Lunchpaket mit.',
  'Bis dann.',
];

it('shows a translation beside its source line, renames without cutting the title, and closes Export on Escape', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sessionId = seedTranslatedMeeting(service.store);
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    // Untitled: the heading is never empty (sessionDisplayTitle's fallback).
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect((await heading.textContent())?.trim()).not.toBe('');

    // Each translated line sits beside the line it translates, on the same row, to its right.
    const rows = page.getByTestId('transcript-segment');
    await expect.poll(() => rows.getByTestId('translated-line').allTextContents()).toEqual(germanLines);
    for (let index = 0; index < germanLines.length; index++) {
      const [source, translated] = await Promise.all([
        pageBox(rows.nth(index).locator('.transcript-line').first()),
        pageBox(rows.nth(index).getByTestId('translated-line')),
      ]);
      expect(translated.top).toBe(source.top);
      expect(translated.left).toBeGreaterThan(source.left);
    }
    // Find looks in the translation too, ignoring the accent: "fahrt" finds "fährt".
    await page.getByLabel('Find in transcript').fill('fahrt');
    await expect.poll(() => page.getByTestId('find-count').textContent()).toBe('1 of 1');
    expect(await rows.nth(1).getByTestId('translated-line').locator('mark').textContent()).toBe('fährt');
    expect(await problemsInBothThemes(page)).toEqual([]);
    await page.getByLabel('Find in transcript').fill('');
    await saveScreenshots(page, 'session-page-translation');

    // Export closes on Escape and gives focus back to its button.
    const exportMenu = page.locator('details.export-menu');
    await page.getByText('Export ▾').click();
    await expect.poll(() => exportMenu.getAttribute('open')).toBe('');
    await page.getByRole('button', { name: /SubRip/ }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => exportMenu.getAttribute('open')).toBe(null);
    expect(await activeElementText(page)).toBe('SUMMARY:Export ▾');

    // A long title shows whole while it is renamed; saving puts focus back on the heading.
    const longTitle =
      'Trip planning with the parents of class 4b, the bus company and the museum education team, second round';
    await page.getByRole('button', { name: 'Rename' }).click();
    const field = page.getByLabel('Session title');
    await field.fill(longTitle);
    expect(await fits(field, true)).toBe(true);
    await field.press('Enter');
    await page.getByRole('heading', { name: longTitle, level: 1 }).waitFor();
    expect(service.store.getSession(sessionId)?.title).toBe(longTitle);
    await expect.poll(() => activeElementText(page)).toBe(`H1:${longTitle}`);

    // At phone width nothing on the page runs out sideways; the translation goes under its line.
    await page.setViewportSize({ width: 390, height: 844 });
    const article = page.locator('article.session-page');
    await expect.poll(() => fits(article)).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await problemsInBothThemes(page)).toEqual([]);
    const [source, translated] = await Promise.all([
      pageBox(rows.nth(0).locator('.transcript-line').first()),
      pageBox(rows.nth(0).getByTestId('translated-line')),
    ]);
    expect(translated.top).toBeGreaterThanOrEqual(source.bottom);
    await saveScreenshots(page, 'session-page-phone');
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 60_000);

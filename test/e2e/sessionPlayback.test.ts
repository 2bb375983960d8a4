import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { audioPartPath, createSessionAudioDirectory } from '../../store/audio/sessionAudioFiles.ts';
import { fixture } from '../support/fixtures.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { recordMeeting } from '../support/recordedMeeting.ts';
import { webmOpus } from '../support/webmOpus.ts';
import { accessibilityProblems, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEarshot } from './support/earshotInBrowser.ts';
import { saveScreenshots } from './support/screenshots.ts';

/**
 * Playback in step (issue #19, item 2): the session page plays the session's recorded audio (the
 * app's WebM, as the service keeps it), marks the line and the word being played, plays from a
 * line's time when it is clicked, and takes Space, ← and →; a session without audio says so.
 */
let browser: Browser;
const opened = new OpenedResources();
beforeAll(async () => {
  [browser] = await opened.openTogether([launchBrowser()]);
});
afterAll(() => opened.closeAll());

/** 33 s of speech: the fixture three times over, as a recorder's WebM/Opus. */
async function recordedSpeech(): Promise<Buffer> {
  const pcm = readFileSync(fixture('audio/jfk.wav')).subarray(44);
  return webmOpus(Buffer.concat([pcm, pcm, pcm]));
}

/** The page's audio element, as the test reads it. */
function audioState(page: Page): Promise<{ atMs: number; paused: boolean }> {
  return page.getByTestId('session-audio').evaluate((element) => {
    const audio = element as unknown as { currentTime: number; paused: boolean };
    return { atMs: audio.currentTime * 1000, paused: audio.paused };
  });
}

const playingLine = (page: Page) =>
  page
    .locator('.transcript-segment-playing')
    .getAttribute('data-seq', { timeout: 1_000 })
    .catch(() => null);

it('plays the audio in step with the transcript: the line and word move, a time plays from there, and the keys work', async () => {
  const speech = await recordedSpeech();
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    // A line every 3 s; the session detail below adds words to the third.
    const lines = ['One.', 'Two.', 'Ask not what your country can do for you.', 'Four.', 'Five.', 'Six.'];
    const { id: sessionId } = service.store.createSession({ title: 'Speech', providerId: 'deepgram' });
    lines.forEach((text, index) =>
      service.store.appendSegment(sessionId, { text, startMs: index * 3_000, endMs: index * 3_000 + 2_500 }),
    );
    service.store.setSessionStatus(sessionId, 'completed');
    createSessionAudioDirectory(earshot.dataDirectory, sessionId);
    writeFileSync(audioPartPath(earshot.dataDirectory, sessionId, 1, 'webm', false), speech);
    const withoutAudio = recordMeeting(service.store, ['A file transcription.'], { title: 'From a file' });

    // The detail with words, as the service gives them where the provider timed them.
    const words = ['Ask', 'not', 'what', 'your', 'country', 'can', 'do', 'for', 'you.'];
    await page.route(`**/control/v1/sessions/${sessionId}`, async (route) => {
      const response = await route.fetch();
      const detail = (await response.json()) as { segments: { seq: number; words?: unknown }[] };
      const third = detail.segments[2];
      if (third !== undefined) {
        third.words = words.map((text, index) => ({
          text,
          startMs: 6_000 + index * 250,
          endMs: 6_000 + index * 250 + 200,
        }));
      }
      await route.fulfill({ response, json: detail });
    });

    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto(`${earshot.url}#/sessions/${sessionId}`);
    await page.getByTestId('session-audio').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('session-audio')
          .evaluate((audio) => (audio as unknown as { readyState: number }).readyState),
      )
      .toBeGreaterThan(0);

    // A line's time plays from there; the line is marked, then its words one by one.
    const times = page.getByTestId('transcript-segment').locator('.timestamp');
    await times.nth(2).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    expect((await audioState(page)).atMs).toBeGreaterThanOrEqual(6_000);
    await expect.poll(() => playingLine(page)).toBe('2');
    const spoken = page.locator('mark.spoken-word');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await spoken.textContent({ timeout: 100 }).catch(() => null)) ?? '');
          return seen.size;
        },
        { timeout: 5_000, interval: 50 },
      )
      .toBeGreaterThan(3);
    expect([...seen].filter((word) => word !== '').every((word) => words.includes(word))).toBe(true);
    // The audio goes on, and the mark with it.
    await expect.poll(() => playingLine(page), { timeout: 10_000 }).toBe('3');

    // Clicking a line's words plays from that line.
    await page.getByTestId('transcript-segment').nth(0).locator('.transcript-line').click();
    await expect.poll(() => playingLine(page)).toBe('0');
    expect((await audioState(page)).atMs).toBeLessThan(3_000);

    // The keys, with focus on the page (not in a field): Space pauses, → and ← go 5 s on and back.
    await page.locator('h1').first().click();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const pausedAt = (await audioState(page)).atMs;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).atMs).toBeCloseTo(pausedAt + 5_000, -2);
    await expect.poll(() => playingLine(page)).toBe(String(Math.floor((pausedAt + 5_000) / 3_000)));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState(page)).atMs).toBeCloseTo(pausedAt, -2);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await page.keyboard.press('Space');

    // The time links take focus visibly; the page fits 360 px in both themes.
    await times.nth(1).focus();
    const outline = await times
      .nth(1)
      .evaluate(
        (link) =>
          (
            globalThis as unknown as { getComputedStyle(element: unknown): { outlineStyle: string } }
          ).getComputedStyle(link).outlineStyle,
      );
    expect(outline).not.toBe('none');
    expect(await sidewaysOverflow(page)).toBe(0);
    for (const scheme of ['light', 'dark']) {
      await page.getByTestId('theme').selectOption(scheme);
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await saveScreenshots(page, 'session-playback');

    // A session without audio has no player, and says so quietly.
    await page.goto(`${earshot.url}#/sessions/${withoutAudio}`);
    await page.getByTestId('no-audio').waitFor();
    expect(await page.getByTestId('session-audio').count()).toBe(0);
    expect(earshot.pageErrors).toEqual([]);
  } finally {
    await earshot.close();
  }
}, 90_000);

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

/**
 * Page errors other than Chromium's "Failed to load resource" lines, which it logs for every refused
 * request, including the validation errors this test provokes on purpose.
 */
function unexpectedErrors(pageErrors: string[]): string[] {
  return pageErrors.filter((error) => !error.startsWith('Failed to load resource'));
}

function sessionRows(page: Page) {
  return page.getByTestId('session-list').getByRole('listitem');
}

it('creates a topic and a tag, refuses bad names next to the field, assigns both on a session and filters by them', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    const sorted = service.store.createSession({
      title: 'Lab notes',
      providerId: 'deepgram',
      startedAt: 2_000,
    });
    service.store.setSessionStatus(sorted.id, 'completed');
    const unsorted = service.store.createSession({
      title: 'Shopping list',
      providerId: 'deepgram',
      startedAt: 1_000,
    });
    service.store.setSessionStatus(unsorted.id, 'completed');

    await page.goto(`${earshot.url}#/library`);
    const topicForm = page.getByRole('form', { name: 'New topic' });
    await topicForm.getByRole('button', { name: 'Add topic' }).click();
    await topicForm.getByRole('alert').getByText('Text of 1 to 80 characters.').waitFor();
    expect(await topicForm.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(service.store.listTopics()).toEqual([]);

    await topicForm.getByLabel('Emoji').fill('🔬');
    await topicForm.getByLabel('Name').fill('Research');
    await topicForm.getByLabel('Description').fill('Experiments and readings');
    await topicForm.getByLabel('Name').press('Enter');
    const topics = page.getByRole('list', { name: 'Topics' });
    await topics.getByRole('link', { name: 'Research' }).waitFor();
    expect(await topicForm.getByLabel('Name').inputValue()).toBe('');

    await topicForm.getByLabel('Name').fill('research');
    await topicForm.getByLabel('Name').press('Enter');
    await topicForm.getByRole('alert').getByText('Already used by another topic.').waitFor();
    expect(service.store.listTopics()).toHaveLength(1);

    const tagForm = page.getByRole('form', { name: 'New tag' });
    await tagForm.getByLabel('Colour').fill('#c0392b');
    await tagForm.getByLabel('Name').fill('urgent');
    await tagForm.getByLabel('Name').press('Enter');
    const tags = page.getByRole('list', { name: 'Tags' });
    await tags.getByRole('link', { name: 'urgent' }).waitFor();
    expect(service.store.listTags().map(({ name, color }) => ({ name, color }))).toEqual([
      { name: 'urgent', color: '#c0392b' },
    ]);

    await page.goto(`${earshot.url}#/sessions/${sorted.id}`);
    // The session page's header keeps the topic and tag choices behind their button.
    await page.getByRole('button', { name: 'Topic and tags' }).click();
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: '🔬 Research' });
    const tagChip = page.getByRole('button', { name: 'urgent' });
    await tagChip.click();
    await expect.poll(() => tagChip.getAttribute('aria-pressed')).toBe('true');
    const topicId = service.store.listTopics()[0]?.id;
    const tagId = service.store.listTags()[0]?.id;
    expect(service.store.getSession(sorted.id)).toMatchObject({ topicId, tagIds: [tagId] });

    await page.goto(`${earshot.url}#/library`);
    await expect.poll(() => topics.getByRole('listitem').textContent()).toContain('1 session');
    await expect.poll(() => tags.getByRole('listitem').textContent()).toContain('1 session');
    await saveScreenshots(page, 'library');

    await topics.getByRole('link', { name: 'Research' }).click();
    await expect.poll(() => page.getByLabel('Topic', { exact: true }).inputValue()).toBe(topicId);
    await expect
      .poll(() => sessionRows(page).allTextContents())
      .toEqual([expect.stringContaining('Lab notes')]);
    expect(await sessionRows(page).textContent()).toContain('urgent');

    await page.goto(`${earshot.url}#/library`);
    await tags.getByRole('link', { name: 'urgent' }).click();
    await expect.poll(() => page.getByLabel('Tag', { exact: true }).inputValue()).toBe(tagId);
    await expect.poll(() => page.getByLabel('Topic', { exact: true }).inputValue()).toBe('');
    await expect
      .poll(() => sessionRows(page).allTextContents())
      .toEqual([expect.stringContaining('Lab notes')]);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

it('edits a topic in place and deletes a tag after confirming, keeping its sessions', async () => {
  const earshot = await openEarshot(browser);
  try {
    const { page, service } = earshot;
    service.store.putTopic({ id: 'topic-1', name: 'Work', emoji: '💼', description: '' });
    service.store.putTag({ id: 'tag-1', name: 'later', color: '#336699' });
    const session = service.store.createSession({ title: 'Kept', providerId: 'deepgram', tagIds: ['tag-1'] });
    service.store.setSessionStatus(session.id, 'completed');

    await page.goto(`${earshot.url}#/library`);
    const topics = page.getByRole('list', { name: 'Topics' });
    await topics.getByRole('button', { name: 'Edit Work' }).click();
    const editForm = page.getByRole('form', { name: 'Edit topic Work' });
    await editForm.getByLabel('Name').fill('');
    await editForm.getByLabel('Name').press('Enter');
    await editForm.getByRole('alert').getByText('Text of 1 to 80 characters.').waitFor();
    await editForm.getByLabel('Name').fill('Day job');
    await editForm.getByLabel('Name').press('Enter');
    await topics.getByRole('link', { name: 'Day job' }).waitFor();
    expect(service.store.listTopics()[0]?.name).toBe('Day job');

    const tags = page.getByRole('list', { name: 'Tags' });
    await tags.getByRole('button', { name: 'Delete later' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this tag?' });
    await dialog.getByText('It is taken off its 1 session; the sessions stay.').waitFor();
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await page.getByText('No tags yet.').waitFor();
    expect(service.store.getSession(session.id)?.tagIds).toEqual([]);
    expect(unexpectedErrors(earshot.pageErrors)).toEqual([]);
  } finally {
    await earshot.close();
  }
});

import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createLibraryControl, defaultTagColor, defaultTopicEmoji } from './libraryControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;

beforeEach(() => {
  directory = temporaryDirectory('library-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createLibraryControl({ store }));
});

afterEach(() => {
  store.close();
  directory.remove();
});

type Answer = Record<string, unknown> & { fields?: Record<string, string> };

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/control/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Answer };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('topics', () => {
  it('creates a topic with a new id, trimmed name and defaults, and lists it with its session count', async () => {
    const created = await call('POST', '/topics', { name: '  Work  ' });
    expect(created.status).toBe(201);
    const topic = created.body.topic as { id: string };
    expect(topic).toEqual({
      id: expect.stringMatching(uuid) as unknown,
      name: 'Work',
      emoji: '📁',
      description: '',
    });
    expect(defaultTopicEmoji).toBe('📁');
    store.createSession({ title: 'One', providerId: 'deepgram', topicId: topic.id });
    const full = await call('POST', '/topics', { name: 'Home', emoji: '🏠', description: 'Family things' });
    expect(full.body.topic).toMatchObject({ name: 'Home', emoji: '🏠', description: 'Family things' });
    const { status, body } = await call('GET', '/topics');
    expect(status).toBe(200);
    expect(body.topics).toEqual([
      { ...(full.body.topic as object), sessionCount: 0 },
      { ...topic, sessionCount: 1 },
    ]);
  });

  it('refuses a name already used, whatever its case, with 409', async () => {
    await call('POST', '/topics', { name: 'Work' });
    const { status, body } = await call('POST', '/topics', { name: ' WORK ' });
    expect(status).toBe(409);
    expect(body.code).toBe('topic_exists');
    expect(body.fields).toEqual({ name: 'Already used by another topic.' });
    expect(store.listTopics()).toHaveLength(1);
  });

  it('refuses bad fields, naming each, and creates nothing', async () => {
    const { status, body } = await call('POST', '/topics', {
      name: 'x'.repeat(81),
      emoji: '🙂'.repeat(17),
      description: 'd'.repeat(501),
      colour: 'red',
    });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
    expect(body.fields).toEqual({
      name: 'Text of 1 to 80 characters.',
      emoji: 'Text of 1 to 16 characters.',
      description: 'Text of at most 500 characters.',
      colour: 'Unknown field; leave it out.',
    });
    expect((await call('POST', '/topics', {})).body.fields).toEqual({ name: 'Text of 1 to 80 characters.' });
    expect((await call('POST', '/topics', { name: '🙂'.repeat(80), emoji: '🙂'.repeat(16) })).status).toBe(
      201,
    );
    expect(store.listTopics()).toHaveLength(1);
  });

  it('changes only the fields given, keeps its own name free, and refuses another topic’s name', async () => {
    const work = (await call('POST', '/topics', { name: 'Work', emoji: '💼' })).body.topic as { id: string };
    await call('POST', '/topics', { name: 'Home' });
    const renamed = await call('PATCH', `/topics/${work.id}`, { name: 'work', description: 'Office' });
    expect(renamed).toEqual({
      status: 200,
      body: { topic: { id: work.id, name: 'work', emoji: '💼', description: 'Office' } },
    });
    const clash = await call('PATCH', `/topics/${work.id}`, { name: 'HOME' });
    expect(clash.status).toBe(409);
    expect(store.listTopics().find((topic) => topic.id === work.id)?.name).toBe('work');
    expect((await call('PATCH', `/topics/${work.id}`, { name: '' })).body.fields).toEqual({
      name: 'Text of 1 to 80 characters.',
    });
  });

  it('deletes a topic; its sessions stay, without it', async () => {
    const work = (await call('POST', '/topics', { name: 'Work' })).body.topic as { id: string };
    const session = store.createSession({ title: 'One', providerId: 'deepgram', topicId: work.id });
    expect((await call('DELETE', `/topics/${work.id}`)).status).toBe(204);
    expect(store.listTopics()).toEqual([]);
    expect(store.getSession(session.id)?.topicId).toBeNull();
  });

  it('answers 404 for a topic it does not know', async () => {
    for (const [method, body] of [
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const { status, body: answer } = await call(method, '/topics/nope', body);
      expect(status).toBe(404);
      expect(answer.code).toBe('topic_not_found');
    }
  });
});

describe('tags', () => {
  it('creates tags with a default or given colour (lower-cased) and lists them with session counts', async () => {
    const plain = await call('POST', '/tags', { name: 'Team' });
    expect(plain.status).toBe(201);
    expect(plain.body.tag).toEqual({
      id: expect.stringMatching(uuid) as unknown,
      name: 'Team',
      color: defaultTagColor,
    });
    expect(defaultTagColor).toMatch(/^#[0-9a-f]{6}$/);
    const red = (await call('POST', '/tags', { name: 'Urgent', color: '#FF0000' })).body.tag as {
      id: string;
    };
    expect(red).toMatchObject({ color: '#ff0000' });
    store.createSession({ title: 'One', providerId: 'deepgram', tagIds: [red.id] });
    const { body } = await call('GET', '/tags');
    expect(body.tags).toEqual([
      { ...(plain.body.tag as object), sessionCount: 0 },
      { ...red, sessionCount: 1 },
    ]);
  });

  it('refuses a used name (409), a long name and a colour not #rrggbb (400 with fields)', async () => {
    await call('POST', '/tags', { name: 'Team' });
    const taken = await call('POST', '/tags', { name: 'team' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('tag_exists');
    const bad = await call('POST', '/tags', { name: 'x'.repeat(41), color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: 'Text of 1 to 40 characters.', color: 'A colour as #rrggbb.' });
    expect((await call('POST', '/tags', { name: 'Ok', color: '#12345' })).body.fields).toEqual({
      color: 'A colour as #rrggbb.',
    });
    expect(store.listTags()).toHaveLength(1);
  });

  it('changes a tag’s name or colour', async () => {
    const tag = (await call('POST', '/tags', { name: 'Team' })).body.tag as { id: string };
    await call('POST', '/tags', { name: 'Other' });
    expect((await call('PATCH', `/tags/${tag.id}`, { color: '#00AA00' })).body.tag).toEqual({
      id: tag.id,
      name: 'Team',
      color: '#00aa00',
    });
    expect((await call('PATCH', `/tags/${tag.id}`, { name: 'other' })).status).toBe(409);
    expect((await call('PATCH', `/tags/${tag.id}`, { name: 'Crew' })).body.tag).toMatchObject({
      name: 'Crew',
    });
  });

  it('deletes a tag and takes it off its sessions', async () => {
    const team = (await call('POST', '/tags', { name: 'Team' })).body.tag as { id: string };
    const keep = (await call('POST', '/tags', { name: 'Keep' })).body.tag as { id: string };
    const session = store.createSession({ title: 'One', providerId: 'deepgram', tagIds: [team.id, keep.id] });
    expect((await call('DELETE', `/tags/${team.id}`)).status).toBe(204);
    expect(store.getSession(session.id)?.tagIds).toEqual([keep.id]);
    expect(store.hasTag(team.id)).toBe(false);
  });

  it('answers 404 for a tag it does not know', async () => {
    expect((await call('PATCH', '/tags/nope', { name: 'x' })).body.code).toBe('tag_not_found');
    expect((await call('DELETE', '/tags/nope')).status).toBe(404);
  });
});

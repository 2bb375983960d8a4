import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../store/sessionStore.ts';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { openApiValidator } from './testing/openApiValidator.ts';
import { createTestApp, getJson, withToken } from './testing/testApp.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('rest-words');
  store = SessionStore.open(directory.path);
  store.createSession({ id: 'plan', title: 'Planning', providerId: 'deepgram', startedAt: 2_000 });
  store.appendSegment('plan', { text: 'Hello all.', startMs: 0, endMs: 900, speaker: 'Ben' });
  store.appendSegment('plan', {
    text: 'We refactor the database at the École.',
    startMs: 1_000,
    endMs: 1_900,
    speaker: 'Anna',
  });
  store.setSessionStatus('plan', 'completed');
  store.createSession({ id: 'other', title: 'Other', providerId: 'deepgram', startedAt: 1_000 });
  store.setSessionStatus('other', 'completed');
});

afterEach(() => {
  store.close();
  directory.remove();
});

const list = (query: string) => getJson(createTestApp({ store }).app, `/api/v1/sessions${query}`);

describe('GET /api/v1/sessions?words=', () => {
  it('finds every word in any order, ignoring case and accents, with the matching line', async () => {
    const { response, body } = await list(`?words=${encodeURIComponent('ECOLE refactor anna')}`);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ total: 1, limit: 20, offset: 0 });
    const [session] = body.sessions as Array<{ id: string; matchingLine: { text: string; marks: unknown } }>;
    expect(session?.id).toBe('plan');
    expect(session?.matchingLine).toStrictEqual({
      text: 'We refactor the database at the École.',
      marks: [
        { start: 3, end: 11 },
        { start: 32, end: 37 },
      ],
      source: 'transcript',
      seq: 1,
      startMs: 1_000,
      speaker: 'Anna',
    });
  });

  it('keeps the spec fields alone without words, and the answer matches the OpenAPI document', async () => {
    const plain = await list('?search=refactor');
    expect((plain.body.sessions as Array<Record<string, unknown>>)[0]).not.toHaveProperty('matchingLine');
    const document = await (await createTestApp().app.request('/api/v1/openapi.json', withToken())).json();
    const validate = openApiValidator(document as Record<string, unknown>)(
      'paths',
      '/sessions',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
    );
    for (const query of ['?words=refactor', '?words=planning', '?words=nothing', '?search=refactor']) {
      const { body } = await list(query);
      expect(validate(body), `${query}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('answers 400 naming the rule for words it cannot look up', async () => {
    for (const query of [
      '?words=!!!',
      `?words=${'a'.repeat(201)}`,
      `?words=${encodeURIComponent('a b c d e f g h i j k l m')}`,
      '?words=a&words=b',
    ]) {
      const { response, body } = await list(query);
      expect(response.status, query).toBe(400);
      expect(body.code).toBe('invalid_query');
      expect(body.error).toMatch(/"words"/);
      expect(body.fields).toHaveProperty('words');
    }
    const { body } = await list('?words=!!!');
    expect(body.error).toMatch(/At least one letter or digit/);
  });

  it('matches every session for an empty value', async () => {
    const { body } = await list('?words=%20%20');
    expect(body).toMatchObject({ total: 2 });
  });
});

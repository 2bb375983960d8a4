import { describe, expect, it } from 'vitest';

import { createTestApp, getJson } from './testing/testApp.ts';

async function list(query: string) {
  const test = createTestApp();
  const { response, body } = await getJson(test.app, `/api/v1/sessions${query}`);
  const ids = Array.isArray(body.sessions)
    ? (body.sessions as Array<{ id: string }>).map(({ id }) => id)
    : [];
  return { response, body, ids, storeQueries: test.store.listQueries };
}

describe('paging', () => {
  it('echoes the applied limit and offset and the total of all matches', async () => {
    const { response, body, ids, storeQueries } = await list('?limit=2&offset=1');
    expect(response.status).toBe(200);
    expect(ids).toStrictEqual(['session-standup', '评审-1']);
    expect(body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(storeQueries).toStrictEqual([{ limit: 2, offset: 1 }]);
  });

  it('echoes an offset past the end with an empty page', async () => {
    const { body } = await list('?offset=10');
    expect(body).toStrictEqual({ sessions: [], total: 4, limit: 20, offset: 10 });
  });

  it('accepts the bounds 1 and 100 and leading zeros', async () => {
    expect((await list('?limit=1')).body).toMatchObject({ limit: 1, total: 4 });
    expect((await list('?limit=1')).ids).toStrictEqual(['session-live']);
    expect((await list('?limit=100')).body).toMatchObject({ limit: 100 });
    expect((await list('?limit=007&offset=000')).body).toMatchObject({ limit: 7, offset: 0 });
  });
});

describe('filters', () => {
  it('filters by status', async () => {
    expect((await list('?status=completed')).ids).toStrictEqual(['session-standup', '评审-1']);
    expect((await list('?status=recording')).ids).toStrictEqual(['session-live']);
    const { ids, body } = await list('?status=interrupted');
    expect(ids).toStrictEqual(['session-interrupted']);
    expect(body.total).toBe(1);
  });

  it('filters by topic', async () => {
    const { ids, body } = await list('?topicId=topic-work');
    expect(ids).toStrictEqual(['session-live', 'session-standup']);
    expect(body.total).toBe(2);
  });

  it('passes a trimmed search to the store, which matches Chinese text in the transcript', async () => {
    const { ids, storeQueries } = await list(`?search=${encodeURIComponent('  发布计划 ')}`);
    expect(ids).toStrictEqual(['评审-1']);
    expect(storeQueries).toStrictEqual([{ limit: 20, offset: 0, search: '发布计划' }]);
  });

  it('treats an empty or blank search as no filter', async () => {
    for (const query of ['?search=', '?search=%20%20']) {
      const { body, storeQueries } = await list(query);
      expect(body.total, query).toBe(4);
      expect(storeQueries, query).toStrictEqual([{ limit: 20, offset: 0 }]);
    }
  });

  it('combines filters with paging', async () => {
    const { ids, body, storeQueries } = await list(
      '?topicId=topic-work&status=completed&search=FRIDAY&limit=5',
    );
    expect(ids).toStrictEqual(['session-standup']);
    expect(body).toMatchObject({ total: 1, limit: 5, offset: 0 });
    expect(storeQueries).toStrictEqual([
      { limit: 5, offset: 0, status: 'completed', topicId: 'topic-work', search: 'FRIDAY' },
    ]);
  });

  it('ignores unknown parameters, even repeated ones', async () => {
    const { response, body } = await list('?utm_source=x&utm_source=y&page=3');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ total: 4, limit: 20, offset: 0 });
  });
});

describe('invalid values answer 400 invalid_query naming the parameter and what is allowed', () => {
  const limitRule = /"limit".*1 to 100/;
  const offsetRule = /"offset".*0 or more/;
  it.each([
    ['?limit=1.5', limitRule],
    ['?limit=abc', limitRule],
    ['?limit=', limitRule],
    ['?limit=0', limitRule],
    ['?limit=101', limitRule],
    ['?limit=-1', limitRule],
    ['?limit=%2B5', limitRule],
    ['?limit=%205', limitRule],
    ['?limit=1e1', limitRule],
    ['?limit=0x10', limitRule],
    ['?offset=-1', offsetRule],
    ['?offset=1.0', offsetRule],
    ['?offset=', offsetRule],
    ['?offset=99999999999999999999', offsetRule],
    ['?status=paused', /"status".*recording, completed, interrupted/],
    ['?status=', /"status".*recording, completed, interrupted/],
    ['?status=Completed', /"status".*recording, completed, interrupted/],
    ['?topicId=', /"topicId".*non-empty/],
  ])('%s', async (query, message) => {
    const { response, body, storeQueries } = await list(query);
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_query');
    expect(body.error).toMatch(message);
    expect(storeQueries).toStrictEqual([]);
  });

  it.each(['limit', 'offset', 'status', 'topicId', 'search'])('%s given twice', async (name) => {
    const value = name === 'status' ? 'completed' : '5';
    const { response, body } = await list(`?${name}=${value}&${name}=${value}`);
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_query');
    expect(body.error).toContain(`"${name}" was given 2 times`);
  });

  it('quotes the rejected value, cut short', async () => {
    const { body } = await list(`?limit=${'9'.repeat(200)}`);
    expect(body.error).toContain(`"${'9'.repeat(40)}"`);
    expect(body.error).not.toContain('9'.repeat(41));
  });
});

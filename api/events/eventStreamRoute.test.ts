import { afterEach, expect, it, vi } from 'vitest';

import { type ServiceEvent, ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { readStreamEntries as readEntries } from '../testing/eventStreamEntries.ts';
import { createTestApp, withToken } from '../testing/testApp.ts';
import { EventFollowers } from './eventFollowers.ts';
import { heartbeatIntervalMs } from './eventStreamRoute.ts';

function streamFor() {
  const feed = new ServiceEventFeed({ bufferSize: 5 });
  const followers = new EventFollowers(feed);
  const { app } = createTestApp({ followers });
  return { feed, followers, app };
}

const partial = (sessionId: string, text: string): ServiceEvent => ({
  type: 'transcript.partial',
  sessionId,
  text,
});

afterEach(() => {
  vi.useRealTimers();
});

it('streams each published event as its id, its type and the event as JSON, with no-store headers', async () => {
  const { feed, app } = streamFor();
  const response = await app.request('/api/v1/events', withToken());
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  const published = feed.publish({
    type: 'session.started',
    sessionId: 's1',
    title: 'Stand-up',
    providerId: 'p06',
  });

  const [entry] = await readEntries(response, 1);
  expect(entry).toStrictEqual({
    id: published.id,
    event: 'session.started',
    data: JSON.stringify(published),
  });
});

it("passes only the session's events and the types asked for", async () => {
  const { feed, app } = streamFor();
  const response = await app.request(
    '/api/v1/events?sessionId=s2&types=transcript.partial,session.stopped',
    withToken(),
  );
  feed.publish(partial('s1', 'other session'));
  feed.publish({ type: 'session.started', sessionId: 's2', title: '', providerId: 'p06' });
  const wanted = feed.publish(partial('s2', 'hello'));
  const stopped = feed.publish({ type: 'session.stopped', sessionId: 's2', status: 'completed' });

  const entries = await readEntries(response, 2);
  expect(entries.map((entry) => entry.id)).toStrictEqual([wanted.id, stopped.id]);
});

it('refuses an unknown type with the list of the valid ones, and a parameter given twice', async () => {
  const { app } = streamFor();
  const unknown = await app.request('/api/v1/events?types=transcript.final,session.paused', withToken());
  expect(unknown.status).toBe(400);
  expect(await unknown.json()).toMatchObject({
    code: 'invalid_query',
    error:
      '"types": Only these types of event, separated by commas: any of session.started, session.updated, transcript.partial, ' +
      'transcript.final, translation.final, session.stopped, ai.updated.',
  });
  const twice = await app.request('/api/v1/events?sessionId=a&sessionId=b', withToken());
  expect(await twice.json()).toMatchObject({ code: 'invalid_query', error: 'Give "sessionId" once.' });
});

it('resumes after Last-Event-ID with exactly the events missed, then goes on live', async () => {
  const { feed, app } = streamFor();
  const seen = feed.publish(partial('s1', 'one'));
  const missed = [feed.publish(partial('s1', 'two')), feed.publish(partial('s1', 'three'))];
  const response = await app.request(
    '/api/v1/events',
    withToken(undefined, { headers: { 'Last-Event-ID': seen.id } }),
  );
  const live = feed.publish(partial('s1', 'four'));

  const entries = await readEntries(response, 3);
  expect(entries.map((entry) => entry.id)).toStrictEqual([...missed.map((event) => event.id), live.id]);
});

it('tells a client whose last id is no longer kept to read again, giving the newest id to resume from', async () => {
  const { feed, app } = streamFor();
  const first = feed.publish(partial('s1', 'first'));
  for (let index = 0; index < 12; index += 1) feed.publish(partial('s1', `line ${index}`));
  const newest = feed.publish(partial('s1', 'newest'));
  const response = await app.request(
    '/api/v1/events',
    withToken(undefined, { headers: { 'Last-Event-ID': first.id } }),
  );
  const live = feed.publish(partial('s1', 'live'));

  const [reset, next] = await readEntries(response, 2);
  expect(reset).toMatchObject({ id: newest.id, event: 'stream.reset' });
  expect(JSON.parse(reset?.data ?? '')).toMatchObject({ type: 'stream.reset', id: newest.id });
  expect(next?.id).toBe(live.id);
});

it('drops a client that leaves more than 1 MiB unread, with the reason last, and stops following for it', async () => {
  const { feed, followers, app } = streamFor();
  const response = await app.request('/api/v1/events', withToken());
  expect(followers.count).toBe(1);
  const line = 'x'.repeat(1024);
  // One event a turn of the event loop, so each goes to the client on its own.
  for (let index = 0; index < 1100; index += 1) {
    feed.publish(partial('s1', line));
    await Promise.resolve();
  }

  expect(followers.count).toBe(0);
  const entries = await readEntries(response, 2000);
  const last = entries.at(-1);
  expect(last?.event).toBe('dropped');
  const notice = JSON.parse(last?.data ?? '') as { type: string; reason: string };
  expect(notice.type).toBe('dropped');
  expect(notice.reason).toContain('Reconnect with Last-Event-ID');
  // What it was sent before is the bound, 1 MiB, passed by the one event that crossed it.
  const sentBytes = entries
    .slice(0, -1)
    .reduce(
      (total, entry) =>
        total + Buffer.byteLength(`id: ${entry.id}\nevent: ${entry.event}\ndata: ${entry.data}\n\n`),
      0,
    );
  const frameBytes = sentBytes / (entries.length - 1);
  expect(sentBytes).toBeGreaterThan(1024 * 1024);
  expect(sentBytes).toBeLessThanOrEqual(1024 * 1024 + frameBytes);
});

it('sends a comment line every 15 seconds to keep an idle stream open', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const { app } = streamFor();
  const response = await app.request('/api/v1/events', withToken());
  vi.advanceTimersByTime(heartbeatIntervalMs);

  expect(await readEntries(response, 1)).toStrictEqual([{ comment: 'keep-alive' }]);
});

it('stops following when the client goes away, and a HEAD request never follows', async () => {
  const { followers, app } = streamFor();
  const response = await app.request('/api/v1/events', withToken());
  expect(followers.count).toBe(1);
  await response.body?.cancel();
  expect(followers.count).toBe(0);

  const head = await app.request('/api/v1/events', withToken(undefined, { method: 'HEAD' }));
  expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(followers.count).toBe(0);
});

it('is behind the API token like every other path', async () => {
  const { followers, app } = streamFor();
  expect((await app.request('/api/v1/events')).status).toBe(401);
  expect(
    (await createTestApp({ followers, enabled: false }).app.request('/api/v1/events', withToken())).status,
  ).toBe(403);
  expect(followers.count).toBe(0);
});

import { expect, it } from 'vitest';

import { type ServiceEvent, ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { type EventBatch, EventFollowers } from './eventFollowers.ts';

const partial = (sessionId: string, text: string): ServiceEvent => ({
  type: 'transcript.partial',
  sessionId,
  text,
});

const ids = (batches: EventBatch[]) => batches.flatMap((batch) => batch.events.map(({ event }) => event.id));

it("gives a turn's events to each client as one batch, shared by every client whose filter passes them all", async () => {
  const feed = new ServiceEventFeed();
  const followers = new EventFollowers(feed);
  const all: EventBatch[] = [];
  const alsoAll: EventBatch[] = [];
  const onlyTwo: EventBatch[] = [];
  followers.follow({}, undefined, (batch) => all.push(batch));
  followers.follow({}, undefined, (batch) => alsoAll.push(batch));
  followers.follow({ sessionId: 's2' }, undefined, (batch) => onlyTwo.push(batch));
  const published = [feed.publish(partial('s1', 'one')), feed.publish(partial('s2', 'two'))];
  await Promise.resolve();

  expect(all).toHaveLength(1);
  expect(alsoAll[0]).toBe(all[0]);
  expect(ids(all)).toStrictEqual(published.map(({ id }) => id));
  expect(ids(onlyTwo)).toStrictEqual([published[1]?.id]);
  expect(new TextDecoder().decode(all[0]?.frames)).toBe(
    published
      .map((event) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
      .join(''),
  );
});

it('tells a client that joins in the middle of a turn each event once: earlier ones as missed, later ones live', async () => {
  const feed = new ServiceEventFeed();
  const followers = new EventFollowers(feed);
  followers.follow({}, undefined, () => {});
  const seen = feed.publish(partial('s1', 'seen'));
  const waiting = feed.publish(partial('s1', 'published before it joined, not yet delivered'));
  const live: EventBatch[] = [];
  const following = followers.follow({}, seen.id, (batch) => live.push(batch));
  const later = feed.publish(partial('s1', 'after it joined'));
  await Promise.resolve();

  expect(following.missed !== 'gap' && following.missed.events.map(({ event }) => event.id)).toStrictEqual([
    waiting.id,
  ]);
  expect(ids(live)).toStrictEqual([later.id]);
});

it('gives a client that resumes after it began only what came before it began', async () => {
  const feed = new ServiceEventFeed();
  const followers = new EventFollowers(feed);
  const seen = feed.publish(partial('s1', 'seen'));
  const missed = feed.publish(partial('s1', 'missed'));
  const live: EventBatch[] = [];
  const following = followers.follow({}, undefined, (batch) => live.push(batch));
  const sentLive = feed.publish(partial('s1', 'live'));
  await Promise.resolve();

  const before = following.missedBeforeStart(seen.id);
  expect(before !== 'gap' && before.events.map(({ event }) => event.id)).toStrictEqual([missed.id]);
  expect(ids(live)).toStrictEqual([sentLive.id]);
  expect(following.missedBeforeStart(sentLive.id)).toStrictEqual(expect.objectContaining({ events: [] }));
  expect(following.missedBeforeStart('another-launch-3')).toBe('gap');
});

it('counts the clients, and sends nothing more to one that stopped', async () => {
  const feed = new ServiceEventFeed();
  const followers = new EventFollowers(feed);
  const first = followers.follow({}, undefined, () => {});
  const received: EventBatch[] = [];
  const second = followers.follow({}, undefined, (batch) => received.push(batch));
  expect(followers.count).toBe(2);
  second.stop();
  second.stop();
  expect(followers.count).toBe(1);
  first.stop();
  expect(followers.count).toBe(0);
  feed.publish(partial('s1', 'nobody follows'));
  await Promise.resolve();
  expect(received).toStrictEqual([]);
});

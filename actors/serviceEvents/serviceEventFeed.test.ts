import { describe, expect, it } from 'vitest';
import { ServiceEventFeed, type ServiceEvent } from './serviceEventFeed.ts';

const partial = (text: string): ServiceEvent => ({ type: 'transcript.partial', sessionId: 's', text });

describe('ServiceEventFeed', () => {
  it('numbers events in order and hands each to every subscriber', () => {
    const feed = new ServiceEventFeed();
    const first: string[] = [];
    const second: string[] = [];
    feed.subscribe((event) => first.push(event.id));
    const stop = feed.subscribe((event) => second.push(event.id));
    const a = feed.publish(partial('a'));
    stop();
    const b = feed.publish(partial('b'));
    expect(first).toEqual([a.id, b.id]);
    expect(second).toEqual([a.id]);
    expect(Number(b.id.split('-')[1])).toBe(Number(a.id.split('-')[1]) + 1);
    expect(feed.lastEventId).toBe(b.id);
    expect(Number.isNaN(Date.parse(a.at))).toBe(false);
  });

  it('gives a follower exactly what it missed while the buffer holds it', () => {
    const feed = new ServiceEventFeed({ bufferSize: 3 });
    const ids = ['a', 'b', 'c', 'd', 'e'].map((text) => feed.publish(partial(text)).id);
    expect(feed.since(ids[4]!)).toEqual([]);
    expect(feed.since(ids[2]!)).toMatchObject([{ text: 'd' }, { text: 'e' }]);
    expect(feed.since(ids[1]!)).toMatchObject([{ text: 'c' }, { text: 'd' }, { text: 'e' }]);
  });

  it('answers gap for an id it no longer keeps, never gave, or that another launch gave', () => {
    const feed = new ServiceEventFeed({ bufferSize: 2 });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'].map((text) => feed.publish(partial(text)).id);
    expect(feed.since(ids[0]!)).toBe('gap');
    const [launch] = ids[0]!.split('-');
    expect(feed.since(`${launch}-99`)).toBe('gap');
    expect(feed.since('zz-1')).toBe('gap');
    expect(feed.since('not an id')).toBe('gap');
  });
});

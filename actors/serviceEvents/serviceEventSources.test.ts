import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import type { PostProcess } from '../../store/records.ts';
import { type PublishedEvent, ServiceEventFeed } from './serviceEventFeed.ts';
import { feedServiceEvents } from './serviceEventSources.ts';
import type { LiveSessionUpdate } from '../live/liveSession.ts';

let dataDirectory: string;
let store: SessionStore;
let told: PublishedEvent[];
let stop: () => void;

beforeEach(() => {
  dataDirectory = mkdtempSync(join(tmpdir(), 'earshot-events-'));
  store = SessionStore.open(dataDirectory);
  const feed = new ServiceEventFeed();
  told = [];
  feed.subscribe((event) => told.push(event));
  stop = feedServiceEvents(feed, { store });
});

afterEach(() => {
  stop();
  store.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

const types = () => told.map((event) => event.type);

describe('the events the store tells', () => {
  it('tells a session from start to stop, each stored line once and in order', () => {
    const session = store.createSession({ id: 's1', title: 'Standup', providerId: 'deepgram' });
    store.appendSegment(session.id, { text: 'Hello there.', startMs: 0, endMs: 900, speaker: 'A' });
    store.appendSegment(session.id, { text: 'Second line.', startMs: 900, endMs: 1800 });
    store.setSessionStatus(session.id, 'completed');
    expect(told).toMatchObject([
      { type: 'session.started', sessionId: 's1', title: 'Standup', providerId: 'deepgram' },
      {
        type: 'transcript.final',
        sessionId: 's1',
        segment: { seq: 0, text: 'Hello there.', startMs: 0, endMs: 900, speaker: 'A', language: null },
      },
      { type: 'transcript.final', segment: { seq: 1, text: 'Second line.', speaker: null } },
      { type: 'session.stopped', sessionId: 's1', status: 'completed' },
    ]);
  });

  it('does not tell a resumed session its earlier lines again', () => {
    const session = store.createSession({ id: 's2', title: 'Lecture', providerId: 'soniox' });
    store.appendSegment(session.id, { text: 'Before the cut.', startMs: 0, endMs: 500 });
    store.setSessionStatus(session.id, 'interrupted');
    told.length = 0;
    store.setSessionStatus(session.id, 'recording');
    store.appendSegment(session.id, { text: 'After the cut.', startMs: 600, endMs: 900 });
    expect(types()).toEqual(['session.started', 'transcript.final']);
    expect(told[1]).toMatchObject({ segment: { seq: 1, text: 'After the cut.' } });
  });

  it('tells an interrupted session finalised as stopped again, now completed', () => {
    const session = store.createSession({ id: 's5', title: 'Cut off', providerId: 'deepgram' });
    store.appendSegment(session.id, { text: 'Kept.', startMs: 0, endMs: 500 });
    store.setSessionStatus(session.id, 'interrupted');
    expect(told.at(-1)).toMatchObject({ type: 'session.stopped', sessionId: 's5', status: 'interrupted' });
    told.length = 0;
    store.setSessionStatus(session.id, 'completed');
    expect(told).toMatchObject([{ type: 'session.stopped', sessionId: 's5', status: 'completed' }]);
    expect(told).toHaveLength(1);
  });

  it('tells a session renamed or given another topic or tags, with its title now, and not one created', () => {
    store.putTopic({ id: 'topic-work', name: 'Work', emoji: '', description: '' });
    store.putTag({ id: 'tag-team', name: 'Team', color: '#00aa00' });
    const session = store.createSession({ id: 's6', title: 'Draft', providerId: 'deepgram' });
    expect(types()).toEqual(['session.started']);
    told.length = 0;
    store.updateSession(session.id, { title: 'Weekly sync' });
    store.updateSession(session.id, { topicId: 'topic-work', tagIds: ['tag-team'] });
    store.updateSession(session.id, { tagIds: ['tag-team'] });
    expect(told).toMatchObject([
      { type: 'session.updated', sessionId: 's6', title: 'Weekly sync', changed: ['title'] },
      { type: 'session.updated', sessionId: 's6', title: 'Weekly sync', changed: ['topic', 'tags'] },
    ]);
    expect(told).toHaveLength(2);
  });

  it('tells when a digest ends, not when it starts', () => {
    const session = store.createSession({ id: 's3', title: 'Review', providerId: 'openai' });
    store.setSessionStatus(session.id, 'completed');
    told.length = 0;
    const pending: PostProcess = {
      summary: '',
      actionItems: [],
      keywords: [],
      chapters: [],
      status: 'pending',
    };
    store.updateSession(session.id, { postProcess: pending });
    expect(told).toEqual([]);
    store.updateSession(session.id, { postProcess: { ...pending, summary: 'Done.', status: 'success' } });
    store.updateSession(session.id, { correctedTranscript: 'Fixed text.' });
    expect(told).toMatchObject([
      { type: 'ai.updated', sessionId: 's3', artefacts: ['summary'] },
      { type: 'ai.updated', sessionId: 's3', artefacts: ['correctedTranscript'] },
    ]);
  });

  it('tells nothing for a session created already ended, as an import does', () => {
    store.createSession({ id: 's4', title: 'Imported', providerId: 'deepgram' });
    told.length = 0;
    store.deleteSession('s4');
    expect(told).toEqual([]);
  });
});

describe('the events live sessions tell', () => {
  it('tells the tentative tail when it changes, clears it at the end, and tells new translated text', () => {
    const feed = new ServiceEventFeed();
    const liveTold: PublishedEvent[] = [];
    feed.subscribe((event) => liveTold.push(event));
    let tell: (update: LiveSessionUpdate) => void = () => {};
    const stopLive = feedServiceEvents(feed, {
      store,
      live: { watchUpdates: (listener) => ((tell = listener), () => {}) },
    });
    const update = (change: Partial<LiveSessionUpdate>): LiveSessionUpdate => ({
      sessionId: 'live',
      state: 'streaming',
      committed: [],
      tentative: '',
      error: null,
      audioMs: 0,
      ...change,
    });
    tell(update({ tentative: 'hel' }));
    tell(update({ tentative: 'hel' }));
    tell(update({ tentative: 'hello', translation: { finalText: 'hola', tentativeText: '' } }));
    tell(update({ state: 'completed', tentative: 'hello' }));
    stopLive();
    expect(liveTold.map(({ type, ...rest }) => [type, 'text' in rest ? rest.text : ''])).toEqual([
      ['transcript.partial', 'hel'],
      ['transcript.partial', 'hello'],
      ['translation.final', 'hola'],
      ['transcript.partial', ''],
    ]);
  });
});

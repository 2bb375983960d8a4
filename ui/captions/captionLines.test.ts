import { describe, expect, it } from 'vitest';
import type { ServiceEvent } from '../../actors/serviceEvents/serviceEventFeed.ts';
import {
  type CaptionAction,
  type CaptionFollow,
  type CaptionState,
  initialCaptions,
  keptCharacters,
  nextCaptions,
} from './captionLines.ts';

let eventNumber = 0;
function published(event: ServiceEvent): CaptionAction {
  eventNumber += 1;
  return {
    type: 'event',
    event: { ...event, id: `launch-${eventNumber}`, at: '2026-11-26T21:00:00.000Z' },
  };
}

const started = (sessionId: string, title = 'Standup'): CaptionAction =>
  published({ type: 'session.started', sessionId, title, providerId: 'deepgram' });
const final = (sessionId: string, text: string, seq = 0): CaptionAction =>
  published({
    type: 'transcript.final',
    sessionId,
    segment: { seq, text, startMs: 0, endMs: 1000, speaker: null, language: null },
  });
const partial = (sessionId: string, text: string): CaptionAction =>
  published({ type: 'transcript.partial', sessionId, text });
const translated = (sessionId: string, text: string): CaptionAction =>
  published({ type: 'translation.final', sessionId, text });
const stopped = (sessionId: string): CaptionAction =>
  published({ type: 'session.stopped', sessionId, status: 'completed' });

/** The read of a session (its lines numbered from 0), or of none. */
function read(sessionId: string | undefined, status = 'recording', lines: string[] = []): CaptionAction {
  return {
    type: 'loaded',
    snapshot:
      sessionId === undefined
        ? undefined
        : {
            session: { id: sessionId, title: 'Standup', status },
            lines: lines.map((text, seq) => ({ seq, text })),
          },
  };
}

function after(follow: CaptionFollow, ...actions: CaptionAction[]): CaptionState {
  return actions.reduce(nextCaptions, initialCaptions(follow));
}

const recording: CaptionFollow = { kind: 'recording' };

describe('captions following whatever records', () => {
  it("shows the session's new title when it is renamed, and not another session's", () => {
    const renamed = (sessionId: string, title: string): CaptionAction =>
      published({ type: 'session.updated', sessionId, title, changed: ['title'] });
    const state = after(recording, started('s1', 'Standup'), final('s1', 'Hello.'), renamed('s2', 'Other'));
    expect(state.session).toEqual({ id: 's1', title: 'Standup' });
    const now = nextCaptions(state, renamed('s1', 'Weekly sync'));
    expect(now.session).toEqual({ id: 's1', title: 'Weekly sync' });
    expect(now.lines).toEqual(state.lines);
  });

  it('shows the started session, its committed text and its tentative tail', () => {
    const state = after(
      recording,
      started('s1', 'Standup'),
      final('s1', 'Good morning everyone.'),
      final('s1', ' Let us begin.', 1),
      partial('s1', 'First the bud'),
    );
    expect(state.session).toEqual({ id: 's1', title: 'Standup' });
    expect(state.committed).toBe('Good morning everyone. Let us begin.');
    expect(state.tentative).toBe('First the bud');
    expect(state.translation).toBe('');
  });

  it('adds the translation as its own line', () => {
    const state = after(recording, started('s1'), final('s1', 'Hola.'), translated('s1', 'Hello.'));
    expect(state.committed).toBe('Hola.');
    expect(state.translation).toBe('Hello.');
  });

  it('clears everything when the session stops, and a tail cleared after the stop does not bring it back', () => {
    const state = after(
      recording,
      started('s1'),
      final('s1', 'Last words.'),
      partial('s1', 'and'),
      stopped('s1'),
      partial('s1', ''),
    );
    expect(state).toEqual(initialCaptions(recording));
  });

  it('moves to a session that starts, and ignores the words of others', () => {
    const state = after(
      recording,
      started('s1'),
      final('s1', 'Old meeting.'),
      started('s2', 'Interview'),
      final('s1', 'A file job line.'),
      final('s2', 'Welcome.'),
    );
    expect(state.session).toEqual({ id: 's2', title: 'Interview' });
    expect(state.committed).toBe('Welcome.');
  });

  it('takes up a session that speaks while none is shown (opened mid-recording), and its title once read', () => {
    const state = after(recording, partial('s3', 'so the'), {
      type: 'titled',
      sessionId: 's3',
      title: 'Review',
    });
    expect(state.session).toEqual({ id: 's3', title: 'Review' });
    expect(state.tentative).toBe('so the');
  });

  it('starts from the recording session it read, and shows nothing for one that has ended', () => {
    const reading = after(recording, { type: 'reset' }, read('s1', 'recording', ['One.', 'Two.']));
    expect(reading.committed).toBe('One. Two.');
    expect(reading.session).toEqual({ id: 's1', title: 'Standup' });
    const ended = after(recording, { type: 'reset' }, read('s1', 'completed', ['One.']));
    expect(ended.session).toBeUndefined();
    expect(ended.committed).toBe('');
  });

  it('clears at a reset, and joins what it reads with what was told meanwhile, each line once', () => {
    const state = after(
      recording,
      started('s1'),
      final('s1', 'Stale.', 0),
      { type: 'reset' },
      final('s1', 'Two.', 1),
      final('s1', 'Three.', 2),
      read('s1', 'recording', ['One.', 'Two.']),
    );
    expect(state.session).toEqual({ id: 's1', title: 'Standup' });
    expect(state.committed).toBe('One. Two. Three.');
  });

  it('keeps a recording told of while the read was under way, when the read found none or an older one', () => {
    const toldOfNone = after(recording, { type: 'reset' }, started('s2', 'Interview'), read(undefined));
    expect(toldOfNone.session).toEqual({ id: 's2', title: 'Interview' });
    const toldOfOlder = after(
      recording,
      { type: 'reset' },
      started('s2', 'Interview'),
      final('s2', 'Welcome.', 0),
      read('s1', 'recording', ['Old.']),
    );
    expect(toldOfOlder.session).toEqual({ id: 's2', title: 'Interview' });
    expect(toldOfOlder.committed).toBe('Welcome.');
  });

  it('shows a final told twice once', () => {
    const state = after(recording, started('s1'), final('s1', 'Once.', 0), final('s1', 'Once.', 0));
    expect(state.committed).toBe('Once.');
  });

  it('keeps only the end of a long transcript, cut at a word', () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`);
    const state = after(recording, started('s1'), ...words.map((word, seq) => final('s1', word, seq)));
    expect(state.committed.length).toBeLessThanOrEqual(keptCharacters);
    expect(state.committed.endsWith('word198 word199')).toBe(true);
    expect(words).toContain(state.committed.split(' ')[0]);
  });
});

describe('captions of a chosen session', () => {
  const chosen: CaptionFollow = { kind: 'session', sessionId: 's2' };

  it('shows only that session, not others that start', () => {
    const state = after(chosen, started('s1'), final('s1', 'Elsewhere.'), final('s2', 'Here.'));
    expect(state.session?.id).toBe('s2');
    expect(state.committed).toBe('Here.');
  });

  it('keeps its last words and says how it ended when it stops', () => {
    const state = after(chosen, final('s2', 'Goodbye.'), partial('s2', 'and'), stopped('s2'));
    expect(state.committed).toBe('Goodbye.');
    expect(state.tentative).toBe('');
    expect(state.ended).toBe('completed');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/support/temporaryDirectory.ts';
import { parseBackup } from './backup/parseBackup.ts';
import { writeBackup } from './backup/writeBackup.ts';
import { SessionStore } from './sessionStore.ts';
import type { TranscriptRevisionRecord } from './transcriptRevisionTable.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let sessionId: string;

beforeEach(() => {
  directory = temporaryDirectory('transcript-revisions');
  store = SessionStore.open(directory.path);
  sessionId = store.createSession({ title: 'standup', providerId: 'groq' }).id;
  store.appendSegment(sessionId, { text: 'the budget is ten thousand', startMs: 0, endMs: 2_000 });
  store.appendSegment(sessionId, { text: 'ship it friday', startMs: 2_000, endMs: 3_500 });
  store.setSessionStatus(sessionId, 'completed');
});

afterEach(() => {
  store.close();
  directory.remove();
});

function reopen(): void {
  store.close();
  store = SessionStore.open(directory.path);
}

function correction(overrides: Partial<TranscriptRevisionRecord> = {}): TranscriptRevisionRecord {
  return {
    sessionId,
    kind: 'correction',
    language: null,
    state: 'proposed',
    segments: [
      {
        seq: 0,
        startMs: 0,
        endMs: 2_000,
        original: 'the budget is ten thousand',
        revised: 'The budget is 10,000.',
      },
      { seq: 1, startMs: 2_000, endMs: 3_500, original: 'ship it friday', revised: 'Ship it Friday.' },
    ],
    error: null,
    jobId: 'job-1',
    createdAt: 10,
    updatedAt: 10,
    ...overrides,
  };
}

const originalTexts = () => store.getSegments(sessionId).map((segment) => segment.text);

describe('transcript revisions', () => {
  it('keep a proposal, segment by segment, across a reopen; one per session and kind', () => {
    store.putTranscriptRevision(correction({ state: 'pending', segments: [] }));
    store.putTranscriptRevision(correction());
    reopen();
    expect(store.getTranscriptRevisions(sessionId)).toEqual([correction()]);
    expect(store.getTranscriptRevision(sessionId, 'translation')).toBeUndefined();
    expect(() => store.putTranscriptRevision(correction({ sessionId: 'nope' }))).toThrow(/no session nope/);
  });

  it('keeping a correction sets correctedTranscript to its segments joined and leaves the original alone', () => {
    store.putTranscriptRevision(correction());
    const session = store.keepCorrection(sessionId);
    expect(session.correctedTranscript).toBe('The budget is 10,000. Ship it Friday.');
    reopen();
    expect(store.getSession(sessionId)?.correctedTranscript).toBe('The budget is 10,000. Ship it Friday.');
    expect(store.getTranscriptRevision(sessionId, 'correction')?.state).toBe('kept');
    expect(originalTexts()).toEqual(['the budget is ten thousand', 'ship it friday']);
    expect(store.getTranscript(sessionId)).toBe('the budget is ten thousand ship it friday');
    expect(() => store.keepCorrection(sessionId)).toThrow(/no proposed correction/);
  });

  it('joins CJK segments without spaces, as the transcript is joined', () => {
    store.putTranscriptRevision(
      correction({
        segments: [
          { seq: 0, startMs: 0, endMs: 1, original: '预算一万', revised: '预算一万。' },
          { seq: 1, startMs: 1, endMs: 2, original: '周五发布', revised: '周五发布。' },
        ],
      }),
    );
    expect(store.keepCorrection(sessionId).correctedTranscript).toBe('预算一万。周五发布。');
  });

  it('discarding a correction drops the proposal and leaves correctedTranscript as it was', () => {
    store.putTranscriptRevision(correction());
    store.keepCorrection(sessionId);
    store.putTranscriptRevision(
      correction({
        segments: correction().segments.map((segment) => ({ ...segment, revised: 'Something else.' })),
      }),
    );
    const discarded = store.discardCorrection(sessionId);
    expect(discarded).toMatchObject({ state: 'discarded', segments: [] });
    expect(store.getSession(sessionId)?.correctedTranscript).toBe('The budget is 10,000. Ship it Friday.');
    expect(() => store.discardCorrection(sessionId)).toThrow(/no proposed correction/);
    expect(() => store.keepCorrection('nope')).toThrow(/no session nope/);
  });

  it('saving a translation sets translatedTranscript and keeps its segments', () => {
    const translation = correction({
      kind: 'translation',
      language: 'de',
      state: 'pending',
      segments: [
        {
          seq: 0,
          startMs: 0,
          endMs: 2_000,
          original: 'the budget is ten thousand',
          revised: 'Das Budget ist zehntausend.',
        },
        { seq: 1, startMs: 2_000, endMs: 3_500, original: 'ship it friday', revised: 'Freitag ausliefern.' },
      ],
    });
    const session = store.saveTranslation(translation);
    expect(session.translatedTranscript).toBe('Das Budget ist zehntausend. Freitag ausliefern.');
    reopen();
    expect(store.getTranscriptRevision(sessionId, 'translation')).toEqual({ ...translation, state: 'kept' });
    expect(originalTexts()).toEqual(['the budget is ten thousand', 'ship it friday']);
  });

  it('go with their session when it is deleted', () => {
    store.putTranscriptRevision(correction());
    store.deleteSession(sessionId);
    reopen();
    expect(store.getTranscriptRevisions(sessionId)).toEqual([]);
  });

  it('are left out of a backup, which carries the kept texts; an import over the session drops them', async () => {
    store.putTranscriptRevision(correction());
    store.keepCorrection(sessionId);
    store.putTranscriptRevision(correction({ kind: 'translation', language: 'de', state: 'kept' }));
    let text = '';
    await writeBackup(store, (chunk) => void (text += chunk));
    expect(text).toContain('"correctedTranscript":"The budget is 10,000. Ship it Friday."');
    expect(text).not.toContain('transcriptRevisions');

    store.importData(parseBackup(text), 'merge');
    expect(store.getTranscriptRevisions(sessionId)).toEqual([]);
    expect(store.getSession(sessionId)?.correctedTranscript).toBe('The budget is 10,000. Ship it Friday.');
    expect(originalTexts()).toEqual(['the budget is ten thousand', 'ship it friday']);

    store.putTranscriptRevision(correction());
    store.importData(parseBackup(text), 'replace');
    expect(store.getTranscriptRevisions(sessionId)).toEqual([]);
  });
});

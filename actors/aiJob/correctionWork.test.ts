import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { testModel, untilAborted, VendorFailure } from '../../test/support/aiJobModels.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobRequestError, AiJobs, unrevisedAfterRestart } from './aiJobs.ts';
import { cancelledRevision } from './revisionSteps.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('correction-jobs');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

const lines = [
  'we agreed to keep the travel budget at ten thousand.',
  'anna will send the revised numbers by friday.',
  'We open two positions in March.',
];

function meeting(): string {
  return recordMeeting(store, lines);
}

function jobsWith(chooseModel: () => AiModel | string): AiJobs {
  return new AiJobs({ store, chooseModel });
}

const corrected = (text: string) => text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());

describe('a correction job', () => {
  it('shows the correction pending, then proposes every segment beside the original', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => testModel());
    const job = jobs.correct({ sessionId });
    expect(job.status()).toMatchObject({ kind: 'correction', artefacts: [], entryId: null });
    expect(store.getTranscriptRevision(sessionId, 'correction')).toMatchObject({
      state: 'pending',
      segments: [],
      jobId: job.id,
    });
    expect(await job.finished).toMatchObject({ state: 'done', part: 1, partCount: 1 });

    const proposal = store.getTranscriptRevision(sessionId, 'correction');
    expect(proposal).toMatchObject({ state: 'proposed', language: null, error: null, jobId: job.id });
    expect(proposal?.segments).toEqual(
      lines.map((text, seq) => ({
        seq,
        startMs: seq * 30_000,
        endMs: seq * 30_000 + 25_000,
        original: text,
        revised: corrected(text),
      })),
    );
    // Proposed only: nothing of the session changes until the user keeps it.
    expect(store.getSession(sessionId)?.correctedTranscript).toBeNull();
    expect(store.getSegments(sessionId).map((segment) => segment.text)).toEqual(lines);
  });

  it('shows part N of M on a model whose context holds only part of the transcript', async () => {
    const sessionId = recordMeeting(
      store,
      Array.from(
        { length: 60 },
        (_, index) => `line ${index} of a long meeting about the budget and hiring.`,
      ),
    );
    const jobs = jobsWith(() => testModel({}, 1024));
    const job = jobs.correct({ sessionId });
    const parts: number[] = [];
    job.subscribe((status) => parts.push(status.part));
    const status = await job.finished;
    expect(status.state).toBe('done');
    expect(status.partCount).toBeGreaterThan(1);
    expect(parts).toContain(status.partCount);
    const proposal = store.getTranscriptRevision(sessionId, 'correction');
    expect(proposal?.segments).toHaveLength(60);
    expect(proposal?.segments.every((segment) => segment.revised === corrected(segment.original))).toBe(true);
  });

  it("fails with the vendor's reason, kept with the correction", async () => {
    const sessionId = meeting();
    const refusal = 'The key was refused: set it with earshot ai set openai apiKey=KEY';
    const jobs = jobsWith(() =>
      testModel({
        generateStructured: () => Promise.reject(new VendorFailure({ message: refusal, transient: false })),
      }),
    );
    expect(await jobs.correct({ sessionId }).finished).toMatchObject({ state: 'failed', error: refusal });
    expect(store.getTranscriptRevision(sessionId, 'correction')).toMatchObject({
      state: 'failed',
      error: refusal,
      segments: [],
    });
  });

  it('tries a transient failure again', async () => {
    const sessionId = meeting();
    const scripted = scriptedModel(8192).generateStructured;
    let calls = 0;
    const jobs = jobsWith(() =>
      testModel({
        generateStructured: (request) => {
          calls++;
          if (calls === 1) {
            return Promise.reject(new VendorFailure({ message: 'Busy', transient: true, retryAfterMs: 10 }));
          }
          return scripted(request);
        },
      }),
    );
    expect(await jobs.correct({ sessionId }).finished).toMatchObject({ state: 'done' });
    expect(store.getTranscriptRevision(sessionId, 'correction')?.state).toBe('proposed');
  });

  it('a cancel puts back the correction there was before it, or says it was cancelled', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => testModel({ generateStructured: untilAborted }));
    const first = jobs.correct({ sessionId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.cancel();
    expect(await first.finished).toMatchObject({ state: 'cancelled' });
    expect(store.getTranscriptRevision(sessionId, 'correction')).toMatchObject({
      state: 'failed',
      error: cancelledRevision,
    });

    await jobsWith(() => testModel()).correct({ sessionId }).finished;
    store.keepCorrection(sessionId);
    const kept = store.getTranscriptRevision(sessionId, 'correction');
    const again = jobs.correct({ sessionId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    again.cancel();
    await again.finished;
    expect(store.getTranscriptRevision(sessionId, 'correction')).toEqual(kept);
  });

  it('a restart makes it again; a correction left pending with no job becomes an error', async () => {
    const sessionId = meeting();
    const stopping = jobsWith(() => testModel({ generateStructured: untilAborted }));
    const job = stopping.correct({ sessionId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stopping.close();
    expect(store.getTranscriptRevision(sessionId, 'correction')?.state).toBe('pending');

    const orphan = meeting();
    store.putTranscriptRevision({
      sessionId: orphan,
      kind: 'correction',
      language: null,
      state: 'pending',
      segments: [],
      error: null,
      jobId: 'lost',
      createdAt: 1,
      updatedAt: 1,
    });

    const restarted = jobsWith(() => testModel());
    const [resumed] = restarted.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(await resumed?.finished).toMatchObject({ kind: 'correction', state: 'done', resumeCount: 1 });
    expect(store.getTranscriptRevision(sessionId, 'correction')).toMatchObject({
      state: 'proposed',
      jobId: job.id,
    });
    expect(store.getTranscriptRevision(orphan, 'correction')).toMatchObject({
      state: 'failed',
      error: unrevisedAfterRestart,
    });
  });

  it('refuses a session that does not exist, is recording, has no words, or is being corrected', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => testModel({ generateStructured: untilAborted }));
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof AiJobRequestError ? error.code : error;
      }
      return undefined;
    };
    expect(refusal(() => jobs.correct({ sessionId: 'nope' }))).toBe('session_not_found');
    const recording = store.createSession({ title: 'now', providerId: 'groq' }).id;
    expect(refusal(() => jobs.correct({ sessionId: recording }))).toBe('session_recording');
    store.setSessionStatus(recording, 'completed');
    expect(refusal(() => jobs.correct({ sessionId: recording }))).toBe('invalid_state');
    const running = jobs.correct({ sessionId });
    expect(refusal(() => jobs.correct({ sessionId }))).toBe('conflict');
    running.cancel();
    await running.finished;
    expect(store.listAiJobs(10)).toHaveLength(1);
  });
});

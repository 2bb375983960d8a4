import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateStructured } from '../../ai/modelFunctions.ts';
import { scriptedModel } from '../../ai/testing/scriptedModel.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { testModel, untilAborted, VendorFailure } from '../../test/support/aiJobModels.ts';
import type { AiModel } from './aiModel.ts';
import { AiJobRequestError, AiJobs } from './aiJobs.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('ai-jobs');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

/** A short meeting, completed, as the AI jobs find one. */
function meeting(): string {
  return recordMeeting(store, [
    'About budget, we agreed to keep the travel budget at ten thousand.',
    'About budget, Anna will send the revised numbers by Friday.',
    'About hiring, we open two positions in March.',
    'About hiring, Ben writes the job description next week.',
  ]);
}

/** The scripted model, its structured answers from `generateStructured`. */
const model = (generateStructured: GenerateStructured): AiModel => testModel({ generateStructured });

function jobsWith(chooseModel: () => AiModel | string): AiJobs {
  return new AiJobs({ store, chooseModel });
}

describe('AI jobs', () => {
  it('make the digest, showing pending until it is saved', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => model(scriptedModel(8192).generateStructured));
    const job = jobs.start({ sessionId });
    expect(store.getSession(sessionId)).toMatchObject({
      postProcess: { status: 'pending' },
      mindMap: { status: 'pending' },
    });
    const status = await job.finished;
    expect(status).toMatchObject({ state: 'done', part: 1, partCount: 1, error: null });
    const session = store.getSession(sessionId);
    expect(session?.postProcess.status).toBe('success');
    expect(session?.postProcess.summary).not.toBe('');
    expect(session?.postProcess.chapters[0]?.startMs).toBe(0);
    expect(session?.mindMap).toMatchObject({ status: 'success' });
    expect(session?.mindMap.markdown).toMatch(/^#/m);
    expect(store.getAiJob(job.id)).toMatchObject({ state: 'done' });
    expect(jobs.list().map((listed) => listed.jobId)).toEqual([job.id]);
  });

  it('makes only what was asked, and refuses an artefact that does not exist', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => model(scriptedModel(8192).generateStructured));
    await jobs.start({ sessionId, artefacts: ['mindMap'] }).finished;
    expect(store.getSession(sessionId)).toMatchObject({
      postProcess: { status: 'none', summary: '' },
      mindMap: { status: 'success' },
    });
    expect(() => jobs.start({ sessionId, artefacts: ['poem'] })).toThrow(AiJobRequestError);
    expect(() => jobs.start({ sessionId: 'nope' })).toThrow(/no session nope/);
  });

  it('tries a transient failure again after the wait the vendor asked for', async () => {
    const sessionId = meeting();
    const scripted = scriptedModel(8192);
    let calls = 0;
    const jobs = jobsWith(() =>
      model((request) => {
        calls++;
        if (calls === 1)
          throw new VendorFailure({ message: 'Rate limited', transient: true, retryAfterMs: 20 });
        return scripted.generateStructured(request);
      }),
    );
    expect(await jobs.start({ sessionId }).finished).toMatchObject({ state: 'done' });
    expect(calls).toBeGreaterThan(1);
  });

  it("fails with the vendor's reason, or says no provider is set up, and marks the artefacts error", async () => {
    const sessionId = meeting();
    const refusing = jobsWith(() =>
      model(() => {
        throw new VendorFailure({
          message: 'The key was refused: set it with earshot ai set',
          transient: false,
        });
      }),
    );
    expect(await refusing.start({ sessionId }).finished).toMatchObject({
      state: 'failed',
      error: 'The key was refused: set it with earshot ai set',
    });
    expect(store.getSession(sessionId)).toMatchObject({
      postProcess: { status: 'error' },
      mindMap: { status: 'error' },
    });
    const unset = jobsWith(() => 'No AI provider is set up. Add one with: earshot ai set KIND model=…');
    expect(await unset.start({ sessionId }).finished).toMatchObject({
      state: 'failed',
      error: 'No AI provider is set up. Add one with: earshot ai set KIND model=…',
    });
  });

  it('a cancel puts back the statuses the artefacts had', async () => {
    const sessionId = meeting();
    const jobs = jobsWith(() => model(untilAborted));
    const job = jobs.start({ sessionId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    job.cancel();
    expect(await job.finished).toMatchObject({ state: 'cancelled' });
    expect(store.getSession(sessionId)).toMatchObject({
      postProcess: { status: 'none' },
      mindMap: { status: 'none' },
    });
  });

  it('a shutdown suspends a job and the next start resumes it; nothing stays pending without a job', async () => {
    const sessionId = meeting();
    const hanging = jobsWith(() => model(untilAborted));
    const job = hanging.start({ sessionId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await hanging.close();
    expect(store.getAiJob(job.id)).toMatchObject({ state: 'running' });

    const orphan = meeting();
    const session = store.getSession(orphan);
    if (session === undefined) throw new Error('no session');
    store.updateSession(orphan, { postProcess: { ...session.postProcess, status: 'pending' } });

    const restarted = jobsWith(() => model(scriptedModel(8192).generateStructured));
    const [resumed] = restarted.resumeUnfinished();
    expect(resumed?.id).toBe(job.id);
    expect(await resumed?.finished).toMatchObject({ state: 'done', resumeCount: 1 });
    expect(store.getSession(sessionId)?.postProcess.status).toBe('success');
    expect(store.getSession(orphan)?.postProcess.status).toBe('error');
  });
});

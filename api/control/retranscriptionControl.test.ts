import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerBaseUrls, TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { configuredLocalServer } from '../../test/support/configuredLocalServer.ts';
import type { ProviderFake } from '../../test/fakes/providerFakeFixture.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { writeSessionAudioParts } from '../../test/support/sessionAudioParts.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createRetranscriptionControl } from './retranscriptionControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let jobs: TranscriptionJobs;
let fake: ProviderFake;
let app: Hono;
let sessionId: string;

beforeEach(async () => {
  directory = temporaryDirectory('retranscription-control');
  fake = await configuredLocalServer(directory.path);
  store = SessionStore.open(directory.path);
  jobs = new TranscriptionJobs({ store, dataDirectory: directory.path, resolveBaseUrl: providerBaseUrls() });
  app = new Hono().route('/control/v1', createRetranscriptionControl({ store, jobs }));
  sessionId = recordMeeting(store, ['Shall we start?']);
  writeSessionAudioParts(directory.path, sessionId, [3]);
});

afterEach(async () => {
  await jobs.close();
  store.close();
  await fake.close();
  directory.remove();
});

function post(path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/control/v1/sessions/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

async function json(response: Response | Promise<Response>): Promise<Record<string, unknown>> {
  return (await (await response).json()) as Record<string, unknown>;
}

describe('re-transcription routes', () => {
  it('start a job into a proposed version, list it beside nothing else, and keep it', async () => {
    const started = await post(`${sessionId}/retranscriptions`, { provider: 'P12' });
    expect(started.status).toBe(202);
    const { jobId, version } = (await started.json()) as {
      jobId: string;
      version: { id: string; state: string };
    };
    expect(version.state).toBe('pending');
    await jobs.finished(jobId);

    const listed = await json(app.request(`/control/v1/sessions/${sessionId}/versions`));
    expect(listed.versions).toMatchObject([{ id: version.id, state: 'proposed', scope: 'whole', jobId }]);
    expect(store.getTranscript(sessionId)).toBe('Shall we start?');

    const kept = await post(`${sessionId}/retranscriptions/keep`);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ id: version.id, state: 'kept' });
    expect(store.getTranscript(sessionId)).not.toBe('Shall we start?');
    const after = await json(app.request(`/control/v1/sessions/${sessionId}/versions`));
    expect((after.versions as Array<{ state: string }>).map((listed) => listed.state).sort()).toEqual([
      'kept',
      'superseded',
    ]);
  });

  it('discard a proposal, and refuse to keep when there is none', async () => {
    const { jobId } = (await json(post(`${sessionId}/retranscriptions`, { provider: 'P12' }))) as {
      jobId: string;
    };
    await jobs.finished(jobId);
    expect(await json(post(`${sessionId}/retranscriptions/discard`))).toMatchObject({
      state: 'discarded',
      segments: [],
    });
    const refused = await post(`${sessionId}/retranscriptions/keep`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'invalid_state' });
    expect(store.getTranscript(sessionId)).toBe('Shall we start?');
  });

  it('cancel a version still being made when it is discarded', async () => {
    fake.holdJobs(true);
    const { jobId } = (await json(post(`${sessionId}/retranscriptions`, { provider: 'P12' }))) as {
      jobId: string;
    };
    const discarded = await json(post(`${sessionId}/retranscriptions/discard`));
    expect(discarded).toMatchObject({ state: 'discarded', jobId });
    expect(jobs.get(jobId)?.state).toBe('cancelled');
  });

  it('refuse a bad request with a code and what to do', async () => {
    const cases: Array<[string, unknown, number, string]> = [
      [`${sessionId}/retranscriptions`, {}, 400, 'invalid_request'],
      [`${sessionId}/retranscriptions`, { provider: 'nope' }, 400, 'invalid_request'],
      [`${sessionId}/retranscriptions`, { provider: 'deepgram' }, 400, 'invalid_config'],
      ['missing/retranscriptions', { provider: 'P12' }, 404, 'session_not_found'],
      [`${sessionId}/retranscriptions`, { provider: 'P12', gapsOnly: true }, 409, 'invalid_state'],
    ];
    // The 3 s of audio end a moment after the one segment, which recordMeeting makes 25 s long.
    for (const [path, body, status, code] of cases) {
      const response = await post(path, body);
      const { code: answered } = (await response.json()) as { code: string };
      expect({ path, status: response.status, code: answered }).toEqual({
        path,
        status,
        code,
      });
    }
    expect(store.getTranscriptVersions(sessionId)).toEqual([]);
  });
});

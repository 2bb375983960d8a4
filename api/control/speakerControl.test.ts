import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { recordMeeting } from '../../test/support/recordedMeeting.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { createSpeakerControl } from './speakerControl.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;
let app: Hono;
let sessionId: string;

beforeEach(() => {
  directory = temporaryDirectory('speaker-control');
  store = SessionStore.open(directory.path);
  app = new Hono().route('/control/v1', createSpeakerControl({ store }));
  sessionId = recordMeeting(store, [
    { text: 'Shall we start?', speaker: 'Speaker 1' },
    { text: 'The budget first.', speaker: 'Speaker 2' },
  ]);
});

afterEach(() => {
  store.close();
  directory.remove();
});

function put(id: string, body: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/control/v1/sessions/${id}/speakers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

describe('the speakers of a session', () => {
  it('lists the labels in order of first appearance, none named yet', async () => {
    const response = await app.request(`/control/v1/sessions/${sessionId}/speakers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      speakers: [
        { label: 'Speaker 1', name: null },
        { label: 'Speaker 2', name: null },
      ],
    });
  });

  it('names a speaker, and an empty name gives the label back', async () => {
    const named = await put(sessionId, { label: 'Speaker 2', name: ' Alice ' });
    expect(named.status).toBe(200);
    expect(await named.json()).toEqual({
      speakers: [
        { label: 'Speaker 1', name: null },
        { label: 'Speaker 2', name: 'Alice' },
      ],
    });
    expect(store.getSpeakerNames(sessionId)).toEqual({ 'Speaker 2': 'Alice' });

    const restored = await put(sessionId, { label: 'Speaker 2', name: '' });
    expect(restored.status).toBe(200);
    expect(store.getSpeakerNames(sessionId)).toEqual({});
  });

  it('answers 404 for a session that does not exist, before looking at the body', async () => {
    const response = await put('gone', 'not json');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'session_not_found' });
    expect((await app.request('/control/v1/sessions/gone/speakers')).status).toBe(404);
  });

  it('refuses a label the session does not have, naming the labels it has', async () => {
    const response = await put(sessionId, { label: 'Speaker 3', name: 'Zoe' });
    expect(response.status).toBe(400);
    const message = `Session ${sessionId} has no speaker "Speaker 3"; its speakers are "Speaker 1", "Speaker 2".`;
    expect(await response.json()).toEqual({
      error: message,
      code: 'unknown_speaker',
      fields: { label: message },
    });
    expect(store.getSpeakerNames(sessionId)).toEqual({});
  });

  it('refuses a name that is too long, a missing label and unknown fields, changing nothing', async () => {
    for (const body of [
      { label: 'Speaker 1', name: 'x'.repeat(101) },
      { name: 'Alice' },
      { label: 'Speaker 1', name: 'Alice', colour: 'red' },
    ]) {
      const response = await put(sessionId, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect(store.getSpeakerNames(sessionId)).toEqual({});
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionStore } from '../../store/sessionStore.ts';
import { StoreError } from '../../store/storeError.ts';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { SessionRecorder } from './sessionRecorder.ts';

let directory: ReturnType<typeof temporaryDirectory>;
let store: SessionStore;

beforeEach(() => {
  directory = temporaryDirectory('session-recorder');
  store = SessionStore.open(directory.path);
});
afterEach(() => {
  store.close();
  directory.remove();
});

const segment = (text: string, startMs: number, endMs: number) => ({
  text,
  startMs,
  endMs,
  speaker: null,
  language: null,
});

function interruptedSession(): string {
  const recorder = SessionRecorder.create(store, { id: 'call', title: 'Call', providerId: 'soniox' });
  expect(recorder.startMs).toBe(0);
  expect(recorder.record([segment('Guten Morgen.', 0, 1500)])).toEqual({ ok: true });
  recorder.recordTranslation('Good morning.');
  recorder.end('interrupted', 4000, 'The provider refused the key.');
  return 'call';
}

it('resumes an interrupted session where its audio ended, keeping its transcript and translation', () => {
  const sessionId = interruptedSession();
  const recorder = SessionRecorder.resume(store, sessionId);

  expect(recorder.startMs).toBe(4000);
  expect(store.getSession(sessionId)?.status).toBe('recording');
  expect(recorder.record([segment('Wie geht es?', 4000, 5200)])).toEqual({ ok: true });
  recorder.recordTranslation(' How are');
  recorder.recordTranslation(' you?');
  expect(recorder.end('completed', 6000)).toEqual({ ok: true });

  expect(store.getSession(sessionId)).toMatchObject({
    status: 'completed',
    durationMs: 6000,
    title: 'Call',
    translatedTranscript: 'Good morning. How are you?',
  });
  expect(store.getSegments(sessionId)).toEqual([
    { seq: 0, ...segment('Guten Morgen.', 0, 1500) },
    { seq: 1, ...segment('Wie geht es?', 4000, 5200) },
  ]);
});

it('refuses to resume a session that is not interrupted, changing nothing', () => {
  const recording = SessionRecorder.create(store, { id: 'live', title: 'Live', providerId: 'deepgram' });
  expect(() => SessionRecorder.resume(store, 'live')).toThrow(
    new StoreError(
      'invalid_state',
      'Cannot RESUME a session that is recording; use STOP, FAIL, QUIT or RECOVER.',
    ),
  );
  recording.end('completed', 1000);
  expect(() => SessionRecorder.resume(store, 'live')).toThrow(/completed session accepts no status change/);
  expect(store.getSession('live')).toMatchObject({ status: 'completed', durationMs: 1000 });
  expect(() => SessionRecorder.resume(store, 'missing')).toThrow(/There is no session missing/);
});

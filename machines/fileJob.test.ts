import { createActor, fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { decodingShare, fileJobMachine, fileJobStateOf, uploadShareOfChunk } from './fileJob.ts';
import type { FileJobEvent, FileJobState, RecognisedSegment, SessionClosing } from './fileJob.ts';

interface EffectLog {
  started: Array<{ src: string; input: unknown }>;
  stopped: string[];
}

/** The machine with recording stand-ins for its effects: what started, with what, and what was stopped. */
function startJob() {
  const log: EffectLog = { started: [], stopped: [] };
  const recorder = <Input>(src: string) =>
    fromCallback<EventObject, Input>(({ input }) => {
      log.started.push({ src, input });
      return () => log.stopped.push(src);
    });
  const actor = createActor(
    fileJobMachine.provide({
      actors: {
        prepareAudio: recorder<undefined>('prepareAudio'),
        openSession: recorder<undefined>('openSession'),
        transcribeChunk: recorder<{ chunkIndex: number }>('transcribeChunk'),
        saveSegments: recorder<{ chunkIndex: number; segments: RecognisedSegment[] }>('saveSegments'),
        closeSession: recorder<SessionClosing>('closeSession'),
      },
    }),
  ).start();
  const send = (...events: FileJobEvent[]) => events.forEach((event) => actor.send(event));
  const state = () => fileJobStateOf(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  return { actor, log, send, state, context };
}

const segment = (text: string): RecognisedSegment => ({ text, startMs: 0, endMs: 1000 });
const twoChunks: FileJobEvent = { type: 'AUDIO_READY', chunkDurationsMs: [30_000, 10_000] };

/** Drives a fresh job to `target`, a state where it does nothing until told. */
function jobIn(target: FileJobState) {
  const job = startJob();
  const route: Partial<Record<FileJobState, FileJobEvent[]>> = {
    queued: [],
    preparing: [{ type: 'START' }],
    opening: [{ type: 'START' }, twoChunks],
    uploading: [{ type: 'START' }, twoChunks, { type: 'SESSION_OPENED' }],
    processing: [{ type: 'START' }, twoChunks, { type: 'SESSION_OPENED' }, { type: 'PROCESSING' }],
    saving: [
      { type: 'START' },
      twoChunks,
      { type: 'SESSION_OPENED' },
      { type: 'CHUNK_TRANSCRIBED', segments: [segment('one')] },
    ],
  };
  const events = route[target];
  if (events === undefined) throw new Error(`no route to ${target}`);
  job.send(...events);
  expect(job.state()).toBe(target);
  return job;
}

describe('fileJob machine: a job that succeeds', () => {
  it('prepares, opens the session, transcribes and saves each chunk in turn, then stops the session', () => {
    const { send, state, context, log } = startJob();
    expect(state()).toBe('queued');
    expect(log.started).toEqual([]);

    send({ type: 'START' });
    expect(state()).toBe('preparing');
    send(twoChunks);
    expect(state()).toBe('opening');
    expect(context()).toMatchObject({ chunkCount: 2, chunkIndex: 0 });

    send({ type: 'SESSION_OPENED' });
    expect(state()).toBe('uploading');
    send({ type: 'PROCESSING' }, { type: 'CHUNK_TRANSCRIBED', segments: [segment('first')] });
    expect(state()).toBe('saving');
    send({ type: 'SEGMENTS_SAVED' });
    expect(state()).toBe('uploading');
    expect(context().chunkIndex).toBe(1);

    send({ type: 'CHUNK_TRANSCRIBED', segments: [segment('second')] }, { type: 'SEGMENTS_SAVED' });
    expect(state()).toBe('finishing');
    send({ type: 'SESSION_CLOSED' });
    expect(state()).toBe('completed');
    expect(context()).toMatchObject({ progress: 1, error: null, chunkIndex: 1 });

    expect(log.started).toEqual([
      { src: 'prepareAudio', input: undefined },
      { src: 'openSession', input: undefined },
      { src: 'transcribeChunk', input: { chunkIndex: 0 } },
      { src: 'saveSegments', input: { chunkIndex: 0, segments: [segment('first')] } },
      { src: 'transcribeChunk', input: { chunkIndex: 1 } },
      { src: 'saveSegments', input: { chunkIndex: 1, segments: [segment('second')] } },
      { src: 'closeSession', input: { type: 'STOP' } },
    ]);
  });

  it('reports progress: decoding first, then each chunk by its share of the duration', () => {
    const { send, context } = startJob();
    send({ type: 'START' }, { type: 'DECODING_PROGRESS', fraction: 0.5 });
    expect(context().progress).toBeCloseTo(decodingShare / 2);
    send(twoChunks, { type: 'SESSION_OPENED' });
    expect(context().progress).toBeCloseTo(decodingShare);

    // The first chunk is 30 of 40 seconds: three quarters of what follows decoding.
    const chunkShare = (1 - decodingShare) * 0.75;
    send({ type: 'UPLOAD_PROGRESS', sentBytes: 50, totalBytes: 100 });
    expect(context().progress).toBeCloseTo(decodingShare + chunkShare * uploadShareOfChunk * 0.5);
    send({ type: 'PROCESSING', fraction: 0.5 });
    expect(context().progress).toBeCloseTo(
      decodingShare + chunkShare * (uploadShareOfChunk + (1 - uploadShareOfChunk) * 0.5),
    );
    send({ type: 'CHUNK_TRANSCRIBED', segments: [] });
    expect(context().progress).toBeCloseTo(decodingShare + chunkShare);
    send({ type: 'SEGMENTS_SAVED' }, { type: 'UPLOAD_PROGRESS', sentBytes: 100, totalBytes: 100 });
    expect(context().progress).toBeCloseTo(
      decodingShare + chunkShare + (1 - decodingShare) * 0.25 * uploadShareOfChunk,
    );
  });

  it('never moves progress back, when a retried upload counts from zero again', () => {
    const { send, context } = jobIn('uploading');
    send({ type: 'UPLOAD_PROGRESS', sentBytes: 90, totalBytes: 100 });
    const before = context().progress;
    send({ type: 'UPLOAD_PROGRESS', sentBytes: 10, totalBytes: 100 });
    expect(context().progress).toBe(before);
    send({ type: 'DECODING_PROGRESS', fraction: 0 });
    expect(context().progress).toBe(before);
  });

  it('keeps progress within 0–1 whatever the effects report', () => {
    const { send, context } = jobIn('preparing');
    send({ type: 'DECODING_PROGRESS', fraction: Number.NaN });
    expect(context().progress).toBe(0);
    send({ type: 'DECODING_PROGRESS', fraction: 7 });
    expect(context().progress).toBeCloseTo(decodingShare);
    send(twoChunks, { type: 'SESSION_OPENED' }, { type: 'UPLOAD_PROGRESS', sentBytes: 5, totalBytes: 0 });
    expect(context().progress).toBeCloseTo(decodingShare);
    send({ type: 'PROCESSING', fraction: 3 });
    expect(context().progress).toBeLessThanOrEqual(1);
  });
});

describe('fileJob machine: failure', () => {
  it.each(['preparing', 'opening', 'uploading', 'processing', 'saving'] as const)(
    'a failure while %s fails the session with the message, then the job',
    (where) => {
      const { send, state, context, log } = jobIn(where);
      send({ type: 'FAILED', message: 'Deepgram answered 401: Invalid credentials.' });
      expect(state()).toBe('failing');
      expect(log.started.at(-1)).toEqual({
        src: 'closeSession',
        input: { type: 'FAIL', reason: 'Deepgram answered 401: Invalid credentials.' },
      });
      send({ type: 'SESSION_CLOSED' });
      expect(state()).toBe('failed');
      expect(context().error).toBe('Deepgram answered 401: Invalid credentials.');
    },
  );

  it('keeps both messages when closing the session fails too', () => {
    const { send, state, context } = jobIn('uploading');
    send({ type: 'FAILED', message: 'Upload refused.' }, { type: 'FAILED', message: 'Disk full.' });
    expect(state()).toBe('failed');
    expect(context().error).toBe('Upload refused. Disk full.');
  });

  it('a store failure while stopping the session fails the job', () => {
    const job = jobIn('saving');
    job.send({ type: 'SEGMENTS_SAVED' }, { type: 'CHUNK_TRANSCRIBED', segments: [] });
    job.send({ type: 'SEGMENTS_SAVED' });
    expect(job.state()).toBe('finishing');
    job.send({ type: 'FAILED', message: 'Could not save.' }, { type: 'SESSION_CLOSED' });
    expect(job.state()).toBe('failed');
    expect(job.context().error).toBe('Could not save.');
  });
});

describe('fileJob machine: cancel', () => {
  it.each(['queued', 'preparing', 'opening', 'uploading', 'processing', 'saving'] as const)(
    'CANCEL while %s quits the session and ends cancelled',
    (where) => {
      const { send, state, context, log } = jobIn(where);
      send({ type: 'CANCEL' });
      expect(state()).toBe('cancelling');
      expect(log.started.at(-1)).toEqual({ src: 'closeSession', input: { type: 'QUIT' } });
      send({ type: 'SESSION_CLOSED' });
      expect(state()).toBe('cancelled');
      expect(context().error).toBeNull();
    },
  );

  it('stops the running provider call, so the runner can abort it', () => {
    const { send, log } = jobIn('processing');
    expect(log.stopped).toEqual(['prepareAudio', 'openSession']);
    send({ type: 'CANCEL' });
    expect(log.stopped).toContain('transcribeChunk');
  });

  it('comes too late once the outcome is decided', () => {
    for (const where of ['finishing', 'failing', 'cancelling'] as const) {
      const job = jobIn('uploading');
      if (where === 'finishing') {
        job.send(
          { type: 'CHUNK_TRANSCRIBED', segments: [] },
          { type: 'SEGMENTS_SAVED' },
          { type: 'CHUNK_TRANSCRIBED', segments: [] },
          { type: 'SEGMENTS_SAVED' },
        );
      } else {
        job.send(where === 'failing' ? { type: 'FAILED', message: 'x' } : { type: 'CANCEL' });
      }
      expect(job.state()).toBe(where);
      const closings = job.log.started.filter(({ src }) => src === 'closeSession').length;
      job.send({ type: 'CANCEL' });
      expect(job.state()).toBe(where);
      expect(job.log.started.filter(({ src }) => src === 'closeSession')).toHaveLength(closings);
    }
  });

  it('a cancel whose session cannot be closed ends failed, saying why', () => {
    const { send, state, context } = jobIn('uploading');
    send({ type: 'CANCEL' }, { type: 'FAILED', message: 'Could not save.' });
    expect(state()).toBe('failed');
    expect(context().error).toBe('Could not save.');
  });
});

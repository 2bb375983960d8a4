import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ClientMessage, LiveUpdate } from '../../api/appChannel/appProtocol.ts';
import {
  type CaptureEvent,
  type CaptureInput,
  captureMachine,
  type RememberedRecording,
  type SourceKind,
} from './captureMachine.ts';

/** The machine with its effects recorded instead of done. */
function startCapture(options: { refuseSource?: string; refuseStop?: string } = {}) {
  const sent: ClientMessage[] = [];
  const stopsAsked: string[] = [];
  const remembered: Array<RememberedRecording | 'forgotten'> = [];
  const released: unknown[] = [];
  const captures: CaptureInput[] = [];
  const captureSenders: Array<(event: CaptureEvent) => void> = [];
  let capturesRunning = 0;
  const machine = captureMachine.provide({
    actions: {
      send: (_, message) => sent.push(message),
      remember: (_, recording) => remembered.push(recording),
      forget: () => remembered.push('forgotten'),
      releaseSource: ({ context }) => released.push(context.source),
    },
    actors: {
      acquireSource: fromPromise<unknown, { sourceKind: SourceKind }>(({ input }) =>
        options.refuseSource === undefined
          ? Promise.resolve(`${input.sourceKind} stream`)
          : Promise.reject(new Error(options.refuseSource)),
      ),
      capture: fromCallback<CaptureEvent, CaptureInput>(({ input, sendBack }) => {
        captures.push(input);
        captureSenders.push(sendBack);
        capturesRunning++;
        return () => capturesRunning--;
      }),
      stopRecording: fromPromise<unknown, { sessionId: string }>(({ input }) => {
        stopsAsked.push(input.sessionId);
        return options.refuseStop === undefined
          ? Promise.resolve({})
          : Promise.reject(new Error(options.refuseStop));
      }),
    },
  });
  const actor = createActor(machine).start();
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    sent,
    remembered,
    released,
    captures,
    captureSenders,
    stopsAsked,
    capturesRunning: () => capturesRunning,
    settled,
    state: () => actor.getSnapshot().value,
  };
}

function update(sessionId: string, change: Partial<LiveUpdate>): CaptureEvent {
  return {
    type: 'SERVICE.UPDATE',
    update: {
      sessionId,
      state: 'streaming',
      committed: [],
      tentative: '',
      error: null,
      audioMs: 0,
      ...change,
    },
  };
}

const request = {
  provider: 'deepgram',
  title: 'Standup',
  languageHints: ['en'],
  audioFormat: 'pcm16' as const,
  sourceKind: 'microphone' as const,
};

describe('captureMachine', () => {
  it("keeps a windowed provider's pace from its last update, and follows what is left while stopping", async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    capture.actor.send(update('s1', { pace: { speed: 0.7, untranscribedMs: 12_000, passAudioMs: null } }));
    // Updates between passes carry no pace: the last one still holds.
    capture.actor.send(update('s1', { tentative: 'and then' }));
    expect(capture.actor.getSnapshot().context.pace).toEqual({
      speed: 0.7,
      untranscribedMs: 12_000,
      passAudioMs: null,
    });
    capture.actor.send({ type: 'STOP' });
    capture.actor.send(
      update('s1', { state: 'stopping', pace: { speed: 0.7, untranscribedMs: 4_000, passAudioMs: null } }),
    );
    expect(capture.actor.getSnapshot().context.pace).toEqual({
      speed: 0.7,
      untranscribedMs: 4_000,
      passAudioMs: null,
    });
  });

  it('starts: source first, then live.start; records, stops and finishes, remembering the session meanwhile', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    expect(capture.state()).toBe('choosingSource');
    await capture.settled();
    expect(capture.state()).toBe('starting');
    expect(capture.sent).toEqual([
      {
        type: 'live.start',
        provider: 'deepgram',
        title: 'Standup',
        languageHints: ['en'],
        audioFormat: 'pcm16',
      },
    ]);
    expect(capture.capturesRunning()).toBe(0);

    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    expect(capture.state()).toEqual({ capturing: 'recording' });
    expect(capture.captures).toEqual([{ source: 'microphone stream', audioFormat: 'pcm16' }]);
    expect(capture.remembered).toEqual([{ sessionId: 's1', sourceKind: 'microphone', audioFormat: 'pcm16' }]);

    const segment = { text: 'hello there', startMs: 0, endMs: 900, speaker: null, language: 'en' };
    capture.actor.send(update('s1', { committed: [segment], tentative: 'and', audioMs: 1200 }));
    capture.actor.send(update('other', { committed: [{ ...segment, text: 'not ours' }] }));
    expect(capture.actor.getSnapshot().context).toMatchObject({
      committed: [segment],
      tentative: 'and',
      audioMs: 1200,
    });

    capture.actor.send({ type: 'STOP' });
    expect(capture.state()).toBe('stopping');
    expect(capture.sent.at(-1)).toEqual({ type: 'live.stop' });
    expect(capture.capturesRunning()).toBe(0);
    expect(capture.released).toEqual(['microphone stream']);

    capture.actor.send({ type: 'SERVICE.ENDED', sessionId: 's1', state: 'completed', error: null });
    expect(capture.state()).toBe('finished');
    expect(capture.actor.getSnapshot().context).toMatchObject({ endedState: 'completed', tentative: '' });
    expect(capture.remembered.at(-1)).toBe('forgotten');
  });

  it('a refused start fails with the service message and lets the source go', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.REFUSED', message: 'Deepgram needs an API key.' });
    expect(capture.state()).toBe('failed');
    expect(capture.actor.getSnapshot().context.problem).toBe('Deepgram needs an API key.');
    expect(capture.released).toEqual(['microphone stream']);
    expect(capture.remembered).toEqual([]);

    capture.actor.send({ type: 'START', request });
    expect(capture.state()).toBe('choosingSource');
    expect(capture.actor.getSnapshot().context.problem).toBeUndefined();
  });

  it('a source the browser refuses fails before anything is sent', async () => {
    const capture = startCapture({ refuseSource: 'No audio came with the shared screen.' });
    capture.actor.send({ type: 'START', request: { ...request, sourceKind: 'display' } });
    await capture.settled();
    expect(capture.state()).toBe('failed');
    expect(capture.actor.getSnapshot().context.problem).toBe('No audio came with the shared screen.');
    expect(capture.sent).toEqual([]);
  });

  it('follows the provider reconnecting and back, keeping the capture running', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    capture.actor.send(update('s1', { state: 'reconnecting', error: 'Deepgram closed the stream.' }));
    expect(capture.state()).toEqual({ capturing: 'reconnecting' });
    expect(capture.actor.getSnapshot().context.serviceError).toBe('Deepgram closed the stream.');
    capture.actor.send(update('s1', { state: 'streaming' }));
    expect(capture.state()).toEqual({ capturing: 'recording' });
    expect(capture.captures).toHaveLength(1);
    expect(capture.capturesRunning()).toBe(1);
  });

  it('re-attaches after its own connection comes back, and shows a slow link', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    capture.actor.send({ type: 'CONNECTION.LOST' });
    expect(capture.state()).toEqual({ capturing: 'reconnecting' });
    capture.actor.send({ type: 'CONNECTION.OPENED' });
    expect(capture.sent.at(-1)).toEqual({ type: 'live.attach', sessionId: 's1' });
    capture.actor.send(update('s1', { state: 'streaming' }));
    expect(capture.state()).toEqual({ capturing: 'recording' });

    capture.captureSenders[0]?.({ type: 'CAPTURE.SLOW', slow: true });
    expect(capture.actor.getSnapshot().context.slow).toBe(true);
  });

  it('after a reload: attaches, then captures the microphone again into the same session', async () => {
    const capture = startCapture();
    capture.actor.send({
      type: 'RESUME',
      recording: { sessionId: 's1', sourceKind: 'microphone', audioFormat: 'webm-opus' },
    });
    expect(capture.sent).toEqual([{ type: 'live.attach', sessionId: 's1' }]);
    capture.actor.send({ type: 'CONNECTION.OPENED' });
    expect(capture.sent).toEqual([
      { type: 'live.attach', sessionId: 's1' },
      { type: 'live.attach', sessionId: 's1' },
    ]);
    capture.actor.send(update('s1', { audioMs: 5000, tentative: 'so' }));
    expect(capture.state()).toBe('choosingSource');
    await capture.settled();
    expect(capture.state()).toEqual({ capturing: 'recording' });
    expect(capture.captures).toEqual([{ source: 'microphone stream', audioFormat: 'webm-opus' }]);
    expect(capture.sent.filter((message) => message.type === 'live.start')).toEqual([]);
    expect(capture.actor.getSnapshot().context.audioMs).toBe(5000);
  });

  it('after a reload of a tab capture: asks the user to pick the tab again', async () => {
    const capture = startCapture();
    capture.actor.send({
      type: 'RESUME',
      recording: { sessionId: 's1', sourceKind: 'display', audioFormat: 'pcm16' },
    });
    capture.actor.send(update('s1', {}));
    expect(capture.state()).toBe('needsSource');
    expect(capture.capturesRunning()).toBe(0);
    capture.actor.send({ type: 'PICK_SOURCE' });
    await capture.settled();
    expect(capture.state()).toEqual({ capturing: 'recording' });
    expect(capture.captures).toEqual([{ source: 'display stream', audioFormat: 'pcm16' }]);
  });

  it('after a reload of a recording that has ended: forgets it and points at the saved session', () => {
    const capture = startCapture();
    capture.actor.send({
      type: 'RESUME',
      recording: { sessionId: 's1', sourceKind: 'microphone', audioFormat: 'pcm16' },
    });
    capture.actor.send({ type: 'SERVICE.REFUSED', message: 'No live session s1 is running.' });
    expect(capture.state()).toBe('idle');
    expect(capture.remembered).toEqual(['forgotten']);
    expect(capture.actor.getSnapshot().context.endedElsewhereSessionId).toBe('s1');
  });

  it('follows a recording another tab captures, without capturing, and stops it through the service', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [] });
    expect(capture.state()).toBe('idle');
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [{ sessionId: 's9', providerId: 'groq' }] });
    expect(capture.state()).toEqual({ watching: 'following' });
    expect(capture.sent).toEqual([{ type: 'live.watch', sessionId: 's9' }]);
    capture.actor.send(update('s9', { state: 'reconnecting', reconnectAttempt: 2, audioMs: 192_000 }));
    expect(capture.actor.getSnapshot().context).toMatchObject({
      sessionId: 's9',
      serviceState: 'reconnecting',
      reconnectAttempt: 2,
      audioMs: 192_000,
    });
    // The audio problem is told once and stays shown through the updates after it.
    const audioProblem =
      "The session's audio is no longer being saved (the disk is full); the transcript goes on.";
    capture.actor.send(update('s9', { audioProblem }));
    capture.actor.send(update('s9', { audioMs: 193_000 }));
    expect(capture.actor.getSnapshot().context.audioProblem).toBe(audioProblem);
    // The service connection came back: follow again.
    capture.actor.send({ type: 'CONNECTION.OPENED' });
    expect(capture.sent.at(-1)).toEqual({ type: 'live.watch', sessionId: 's9' });

    capture.actor.send({ type: 'STOP' });
    expect(capture.state()).toEqual({ watching: 'stopping' });
    await capture.settled();
    expect(capture.stopsAsked).toEqual(['s9']);
    capture.actor.send({ type: 'SERVICE.ENDED', sessionId: 's9', state: 'completed', error: null });
    expect(capture.state()).toBe('finished');
    expect(capture.captures).toEqual([]);
    expect(capture.sent.some((message) => message.type === 'live.stop')).toBe(false);
    // The one it saw end is not followed again; another one is.
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [{ sessionId: 's9', providerId: 'groq' }] });
    expect(capture.state()).toBe('finished');
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [{ sessionId: 's10', providerId: 'groq' }] });
    expect(capture.state()).toEqual({ watching: 'following' });
    expect(capture.actor.getSnapshot().context).toMatchObject({ sessionId: 's10', audioMs: 0 });
  });

  it('says why a stop the service refused did not happen, and keeps following', async () => {
    const capture = startCapture({ refuseStop: 'The Earshot service is not answering.' });
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [{ sessionId: 's9', providerId: 'groq' }] });
    capture.actor.send({ type: 'STOP' });
    await capture.settled();
    expect(capture.state()).toEqual({ watching: 'following' });
    expect(capture.actor.getSnapshot().context.problem).toBe('The Earshot service is not answering.');
  });

  it('a recording that ended before it could be followed leaves the page idle', () => {
    const capture = startCapture();
    capture.actor.send({ type: 'SERVICE.RUNNING', sessions: [{ sessionId: 's9', providerId: 'groq' }] });
    capture.actor.send({ type: 'SERVICE.REFUSED', message: 'No live session s9 is running.' });
    expect(capture.state()).toBe('idle');
    expect(capture.actor.getSnapshot().context.sessionId).toBeUndefined();
  });

  it('while capturing, other recordings are not followed, and a stop from elsewhere ends the capture', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    capture.actor.send({
      type: 'SERVICE.RUNNING',
      sessions: [
        { sessionId: 's1', providerId: 'deepgram' },
        { sessionId: 's2', providerId: 'groq' },
      ],
    });
    expect(capture.state()).toEqual({ capturing: 'recording' });
    expect(capture.actor.getSnapshot().context.running.map((session) => session.sessionId)).toEqual([
      's1',
      's2',
    ]);
    capture.actor.send(update('s1', { state: 'stopping' }));
    expect(capture.state()).toBe('stopping');
    expect(capture.capturesRunning()).toBe(0);
    expect(capture.released).toEqual(['microphone stream']);
  });

  it('a source that ends (sharing stopped) stops the recording', async () => {
    const capture = startCapture();
    capture.actor.send({ type: 'START', request });
    await capture.settled();
    capture.actor.send({ type: 'SERVICE.STARTED', sessionId: 's1', audioFormat: 'pcm16' });
    capture.captureSenders[0]?.({ type: 'CAPTURE.SOURCE_ENDED' });
    expect(capture.state()).toBe('stopping');
    expect(capture.sent.at(-1)).toEqual({ type: 'live.stop' });
    capture.actor.send({
      type: 'SERVICE.ENDED',
      sessionId: 's1',
      state: 'interrupted',
      error: 'Deepgram refused the key.',
    });
    expect(capture.actor.getSnapshot().context).toMatchObject({
      endedState: 'interrupted',
      serviceError: 'Deepgram refused the key.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  isRecordingStage,
  liveStageOf,
  liveStatus,
  type LiveStatusInput,
  recordingTabTitle,
  shownElapsedMs,
  withoutRecordingMark,
} from './liveStatus.ts';

const recording: LiveStatusInput = {
  stage: 'capturing',
  serviceLinkLost: false,
  serviceState: 'streaming',
  reconnectAttempt: undefined,
  serviceError: null,
  pace: undefined,
  endedState: undefined,
  vendor: 'Groq',
};

describe('liveStageOf', () => {
  it('names the capture machine states as the pages show them', () => {
    expect(liveStageOf('idle')).toBe('form');
    expect(liveStageOf('failed')).toBe('form');
    expect(liveStageOf('choosingSource')).toBe('connecting');
    expect(liveStageOf('attaching')).toBe('connecting');
    expect(liveStageOf({ capturing: 'reconnecting' })).toBe('capturing');
    expect(liveStageOf({ watching: 'stopping' })).toBe('watching');
    expect(liveStageOf('finished')).toBe('finished');
    expect(['form', 'finished'].map((stage) => isRecordingStage(liveStageOf(stage)))).toEqual([false, false]);
    expect(isRecordingStage('watching')).toBe(true);
  });
});

describe('liveStatus', () => {
  it('says Recording with nothing more while a streaming provider keeps up', () => {
    expect(liveStatus(recording)).toEqual({ label: 'Recording', tone: 'danger', detail: undefined });
    expect(liveStatus({ ...recording, stage: 'watching' }).label).toBe('Recording');
  });

  it('says it connects until the service has the provider stream', () => {
    for (const input of [
      { ...recording, stage: 'connecting' as const },
      { ...recording, serviceState: undefined },
      { ...recording, serviceState: 'connecting' as const },
    ]) {
      expect(liveStatus(input)).toMatchObject({
        label: 'Connecting',
        detail: { text: 'Connecting to Groq…', testId: 'live-connection' },
      });
    }
  });

  it('counts the reconnects, with the reason, while the provider stream is reopened', () => {
    const status = liveStatus({
      ...recording,
      serviceState: 'reconnecting',
      reconnectAttempt: 2,
      serviceError: 'Groq closed the connection.',
    });
    expect(status).toEqual({
      label: 'Reconnecting (attempt 2)',
      tone: 'warning',
      detail: {
        text: 'Reconnecting to Groq, attempt 2. Groq closed the connection. The audio is kept and sent once the connection is back.',
        testId: 'live-connection',
      },
    });
    // Between two attempts the service opens the stream again: still a reconnect, not a first connection.
    expect(liveStatus({ ...recording, serviceState: 'connecting', reconnectAttempt: 3 }).label).toBe(
      'Reconnecting (attempt 3)',
    );
  });

  it("says when this page's own link to the service is down", () => {
    const status = liveStatus({ ...recording, serviceLinkLost: true });
    expect(status).toMatchObject({ label: 'Reconnecting', detail: { testId: 'live-connection' } });
    expect(status.detail?.text).toMatch(/^The connection to the Earshot service dropped/);
  });

  it("tells a windowed provider's passes: the audio waiting for the next, or how far behind real time", () => {
    expect(
      liveStatus({ ...recording, pace: { speed: null, untranscribedMs: 400, passAudioMs: null } }).detail,
    ).toBeUndefined();
    expect(
      liveStatus({ ...recording, pace: { speed: 2.5, untranscribedMs: 4_200, passAudioMs: null } }).detail,
    ).toEqual({
      text: 'Transcribing in passes of a few seconds: 0:04 of audio wait for the next one.',
      testId: 'live-pass',
    });
    expect(
      liveStatus({ ...recording, pace: { speed: 0.7, untranscribedMs: 12_000, passAudioMs: null } }).detail,
    ).toEqual({
      text: 'Slower than real time (0.7×): the text is 0:12 behind. Every word is kept, but it comes late; a smaller model or another provider keeps up.',
      testId: 'live-behind',
    });
  });

  it('says a pass is at work while the provider transcribes, unless the provider is behind real time', () => {
    expect(
      liveStatus({ ...recording, pace: { speed: 2.5, untranscribedMs: 9_400, passAudioMs: 9_400 } }).detail,
    ).toEqual({
      text: 'Transcribing the last 0:09 of audio…',
      testId: 'live-pass',
    });
    expect(
      liveStatus({ ...recording, pace: { speed: 0.7, untranscribedMs: 12_000, passAudioMs: 9_000 } }).detail,
    ).toMatchObject({ testId: 'live-behind' });
  });

  it('after Stop, here or elsewhere, says how much audio is left to transcribe', () => {
    const left = { speed: 0.7, untranscribedMs: 75_000, passAudioMs: null };
    for (const input of [
      { ...recording, stage: 'stopping' as const, pace: left },
      { ...recording, stage: 'watching' as const, serviceState: 'stopping' as const, pace: left },
    ]) {
      const status = liveStatus(input);
      expect(status).toMatchObject({ label: 'Stopping', detail: { testId: 'live-finishing' } });
      expect(status.detail?.text).toMatch(/^Finishing: 1:15 of audio left to transcribe\./);
    }
    expect(liveStatus({ ...recording, stage: 'stopping', pace: undefined }).detail?.text).toBe(
      'Saving the last words…',
    );
  });

  it('says how the recording ended, and why when it ended early', () => {
    expect(liveStatus({ ...recording, stage: 'finished', endedState: 'completed' })).toEqual({
      label: 'Completed',
      tone: 'success',
    });
    expect(
      liveStatus({ ...recording, stage: 'finished', endedState: 'interrupted', serviceError: 'HTTP 401.' }),
    ).toEqual({
      label: 'Interrupted',
      tone: 'danger',
      detail: { text: 'HTTP 401.', testId: 'live-ended-reason' },
    });
  });
});

describe('recordingTabTitle', () => {
  it('puts the recording and its time before the page title, and takes them away after', () => {
    const titled = recordingTabTitle('Sessions — Earshot', 'capturing', 192_000);
    expect(titled).toBe('● Recording 3:12 — Sessions — Earshot');
    expect(recordingTabTitle(titled, 'watching', 193_000)).toBe('● Recording 3:13 — Sessions — Earshot');
    expect(recordingTabTitle(titled, 'stopping', 193_000)).toBe('● Finishing — Sessions — Earshot');
    expect(recordingTabTitle(titled, 'finished', 193_000)).toBe('Sessions — Earshot');
    expect(withoutRecordingMark('Earshot')).toBe('Earshot');
  });
});

describe('shownElapsedMs', () => {
  it('counts on from the last report while recording, never back, and shows the report once stopped', () => {
    const reported = { audioMs: 10_000, reportedAt: 1_000, shownBefore: 0 };
    expect(shownElapsedMs({ ...reported, now: 3_500, running: true })).toBe(12_500);
    // A report that lags behind what was shown does not make the clock jump back.
    expect(
      shownElapsedMs({ audioMs: 12_000, reportedAt: 3_600, now: 3_600, running: true, shownBefore: 12_500 }),
    ).toBe(12_500);
    expect(shownElapsedMs({ ...reported, now: 3_500, running: false, shownBefore: 12_500 })).toBe(10_000);
  });
});

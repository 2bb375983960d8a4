import { describe, expect, it } from 'vitest';
import {
  eventLabel,
  formatClockTime,
  formatStateIds,
  formatStateValue,
  prettyJson,
  summarizePayload,
} from './inspectFormat.ts';

describe('inspection formats', () => {
  it('write a time of day to the millisecond', () => {
    const at = new Date(2026, 0, 2, 9, 5, 7, 42).getTime();
    expect(formatClockTime(at)).toBe('09:05:07.042');
  });

  it('summarise an event payload after its type, cutting long values', () => {
    expect(summarizePayload({ type: 'STREAM_FAILED', permanent: false, message: 'dropped' })).toBe(
      'permanent=false message="dropped"',
    );
    expect(summarizePayload({ type: 'STOP' })).toBe('');
    const summary = summarizePayload({ type: 'SEGMENTS', text: 'x'.repeat(200), more: 'y'.repeat(200) });
    expect(summary.length).toBeLessThanOrEqual(90);
    expect(summary).toMatch(/^text="x+…/);
  });

  it('write state values as dotted paths', () => {
    expect(formatStateValue('streaming')).toBe('streaming');
    expect(formatStateValue({ stopping: 'killing' })).toBe('stopping.killing');
    expect(formatStateValue({ running: { upload: 'sending', meter: 'idle' } })).toBe(
      'running.upload.sending, running.meter.idle',
    );
  });

  it('write the innermost states of a path step without the machine name', () => {
    expect(
      formatStateIds(['whisperRuntime.stopping', 'whisperRuntime.stopping.killing'], 'whisperRuntime'),
    ).toBe('stopping.killing');
    expect(formatStateIds(['liveSession.connecting'], 'liveSession')).toBe('connecting');
    expect(formatStateIds([], 'liveSession')).toBe('');
  });

  it('name events as the drawing labels their transitions', () => {
    const transitions = [
      { event: 'xstate.after.readinessTimeout.whisperRuntime.starting', label: 'after 20 s' },
      { event: 'STOP', label: 'STOP' },
    ];
    expect(eventLabel(transitions, 'xstate.after.readinessTimeout.whisperRuntime.starting')).toBe(
      'after 20 s',
    );
    expect(eventLabel(transitions, 'xstate.init')).toBe('xstate.init');
    expect(eventLabel(undefined, 'STOP')).toBe('STOP');
  });

  it('print a context as indented JSON', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('undefined');
  });
});

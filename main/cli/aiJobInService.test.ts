import { describe, expect, it } from 'vitest';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { aiJobProgress } from './aiJobInService.ts';

describe('aiJobProgress: the progress line of earshot summarize, correct and translate', () => {
  const status = (change: Partial<AiJobStatus>) => ({
    state: 'running' as const,
    part: 0,
    partCount: 0,
    error: null,
    ...change,
  });

  it('says which part is being made, and why it waits when it waits to retry', () => {
    expect(aiJobProgress('Summarizing', status({ state: 'queued' }))).toBe(
      'Summarizing: waiting for other AI jobs to finish',
    );
    expect(aiJobProgress('Summarizing', status({}))).toBe('Summarizing: starting');
    expect(aiJobProgress('Correcting', status({ part: 2, partCount: 5 }))).toBe('Correcting: part 2 of 5');
    expect(
      aiJobProgress(
        'Translating',
        status({ state: 'waitingToRetry', part: 2, partCount: 5, error: 'The AI provider is busy (503).' }),
      ),
    ).toBe('Translating: waiting to retry… The AI provider is busy (503).');
    expect(aiJobProgress('Summarizing', status({ state: 'saving' }))).toBe('Summarizing: saving');
  });

  it('leaves an ended job to the report that follows', () => {
    for (const state of ['done', 'failed', 'cancelled'] as const) {
      expect(aiJobProgress('Summarizing', status({ state, error: 'x' }))).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { aiJobProgress } from './aiJobInService.ts';

function status(changes: Partial<AiJobStatus>): AiJobStatus {
  return {
    jobId: 'j-1',
    sessionId: 's-1',
    kind: 'correction',
    artefacts: [],
    entryId: null,
    targetLanguage: null,
    questionId: null,
    state: 'running',
    part: 0,
    partCount: 0,
    error: null,
    createdAt: 0,
    resumeCount: 0,
    ...changes,
  };
}

describe('aiJobProgress', () => {
  it('says where the job is, part N of M once the transcript is split', () => {
    expect(aiJobProgress('Correcting', status({ state: 'queued' }))).toBe(
      'Correcting: waiting for other AI jobs to finish',
    );
    expect(aiJobProgress('Correcting', status({}))).toBe('Correcting: starting');
    expect(aiJobProgress('Translating', status({ part: 2, partCount: 5 }))).toBe('Translating: part 2 of 5');
    expect(aiJobProgress('Correcting', status({ state: 'waitingToRetry', error: 'Rate limited.' }))).toBe(
      'Correcting: waiting to retry… Rate limited.',
    );
    expect(aiJobProgress('Correcting', status({ state: 'saving' }))).toBe('Correcting: saving');
    expect(aiJobProgress('Correcting', status({ state: 'done' }))).toBeUndefined();
  });
});

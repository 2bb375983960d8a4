import { describe, expect, it } from 'vitest';
import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { aiJobProgressText, summarizeRequest } from './summarizeCommand.ts';
import { UsageError } from './usage.ts';

const allFive = ['summary', 'actionItems', 'keywords', 'chapters', 'mindMap'];

describe('summarizeRequest: the command line of earshot summarize', () => {
  it('asks for all five artefacts with the default provider when nothing else is said', () => {
    expect(summarizeRequest('s-1', {})).toEqual({ sessionId: 's-1', artefacts: allFive });
  });

  it('takes --only as a comma-separated list, in any case and order, and --ai as the provider', () => {
    expect(summarizeRequest('s-1', { only: 'mindMap, summary,actionitems,summary', ai: 'local' })).toEqual({
      sessionId: 's-1',
      artefacts: ['summary', 'actionItems', 'mindMap'],
      aiProvider: 'local',
    });
  });

  it('refuses an unknown artefact, naming the choices', () => {
    expect(() => summarizeRequest('s-1', { only: 'summary,outline,todo' })).toThrow(
      new UsageError(
        '--only: there is no artefact "outline", "todo"; choose from summary, actionItems, keywords, chapters, mindMap (comma-separated).',
      ),
    );
    expect(() => summarizeRequest('s-1', { only: ' , ' })).toThrow(
      new UsageError(
        '--only needs at least one artefact: choose from summary, actionItems, keywords, chapters, mindMap (comma-separated).',
      ),
    );
  });

  it('refuses a missing session id and an empty --ai', () => {
    expect(() => summarizeRequest(undefined, {})).toThrow(UsageError);
    expect(() => summarizeRequest(undefined, {})).toThrow(/^Name the session: earshot summarize SESSION_ID/);
    expect(() => summarizeRequest('s-1', { ai: '' })).toThrow(
      new UsageError('--ai needs the name of an AI provider ("earshot ai show" lists them).'),
    );
  });
});

describe('aiJobProgressText', () => {
  const status = (change: Partial<AiJobStatus>) => ({
    state: 'running' as const,
    part: 0,
    partCount: 0,
    error: null,
    ...change,
  });

  it('says which part is being made, and why it waits when it waits to retry', () => {
    expect(aiJobProgressText(status({ state: 'queued' }))).toBe(
      'Summarizing: waiting for other AI jobs to finish',
    );
    expect(aiJobProgressText(status({}))).toBe('Summarizing: starting');
    expect(aiJobProgressText(status({ part: 2, partCount: 5 }))).toBe('Summarizing: part 2 of 5');
    expect(
      aiJobProgressText(
        status({ state: 'waitingToRetry', part: 2, partCount: 5, error: 'The AI provider is busy (503).' }),
      ),
    ).toBe('Summarizing: waiting to retry… The AI provider is busy (503).');
    expect(aiJobProgressText(status({ state: 'saving' }))).toBe('Summarizing: saving');
  });

  it('leaves an ended job to the report that follows', () => {
    for (const state of ['done', 'failed', 'cancelled'] as const) {
      expect(aiJobProgressText(status({ state, error: 'x' }))).toBeUndefined();
    }
  });
});

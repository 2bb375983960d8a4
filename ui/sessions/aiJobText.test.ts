import { describe, expect, it } from 'vitest';
import type { AiJobStatus } from './aiJobStates.ts';
import { aiJobProgressText, artefactNames, asksForAiProviderSetup } from './aiJobText.ts';

const running: AiJobStatus = {
  jobId: 'job-1',
  sessionId: 'session-1',
  kind: 'digest',
  entryId: null,
  targetLanguage: null,
  questionId: null,
  artefacts: ['summary', 'actionItems', 'keywords', 'chapters', 'mindMap'],
  state: 'running',
  part: 2,
  partCount: 5,
  error: null,
  createdAt: 1,
  resumeCount: 0,
};

describe('what the session page says about an AI job', () => {
  it('names the artefacts a job makes as a sentence does', () => {
    expect(artefactNames(running.artefacts)).toBe('summary, action items, keywords, chapters and mind map');
    expect(artefactNames(['summary', 'mindMap'])).toBe('summary and mind map');
    expect(artefactNames(['chapters'])).toBe('chapters');
  });

  it('says which part it is generating, once the transcript is split', () => {
    expect(aiJobProgressText(running)).toBe('Generating… part 2 of 5');
    expect(aiJobProgressText({ ...running, part: 0, partCount: 0 })).toBe('Generating…');
  });

  it('says why it waits to retry, in the provider’s words', () => {
    const error = 'OpenAI is rate limiting requests (429: Rate limit reached). Waiting 2 s.';
    expect(aiJobProgressText({ ...running, state: 'waitingToRetry', error })).toBe(
      `Waiting to retry: ${error}`,
    );
  });

  it('says where a job stands before and after it runs', () => {
    expect(aiJobProgressText({ ...running, state: 'queued' })).toBe(
      'Waiting for its turn: AI jobs run one at a time…',
    );
    expect(aiJobProgressText({ ...running, state: 'saving' })).toBe('Saving…');
    expect(aiJobProgressText({ ...running, state: 'done', artefacts: ['chapters'] })).toBe(
      'Generated the chapters.',
    );
    expect(aiJobProgressText({ ...running, state: 'cancelled' })).toBe('Cancelled; nothing was changed.');
  });

  it('gives a failed job’s own error, which says what to do', () => {
    const error = 'No AI provider is set up. Add one with: earshot ai set KIND model=… (see docs/ai.md).';
    expect(aiJobProgressText({ ...running, state: 'failed', error })).toBe(error);
  });

  it('tells failures about the AI provider’s settings from others', () => {
    expect(
      asksForAiProviderSetup(
        'No AI provider is set up. Add one with: earshot ai set KIND model=… (see docs/ai.md).',
      ),
    ).toBe(true);
    expect(
      asksForAiProviderSetup(
        'No AI provider is the default. Choose one with: earshot ai use NAME (earshot ai show lists them).',
      ),
    ).toBe(true);
    expect(asksForAiProviderSetup('The AI provider "team" is not set up yet: model is required.')).toBe(true);
    expect(
      asksForAiProviderSetup(
        'OpenAI refused the API key (401: Incorrect API key). Get one with: earshot ai set openai apiKey=KEY',
      ),
    ).toBe(true);
    expect(asksForAiProviderSetup('OpenAI did not answer in time. Try again later.')).toBe(false);
    expect(asksForAiProviderSetup('The session was deleted while its AI job ran.')).toBe(false);
  });
});

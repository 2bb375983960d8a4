import { describe, expect, it } from 'vitest';
import { summarizeRequest } from './summarizeCommand.ts';
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

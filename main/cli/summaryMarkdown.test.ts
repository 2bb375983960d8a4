import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../store/records.ts';
import { summaryMarkdown } from './summaryMarkdown.ts';

const session: Pick<SessionRecord, 'postProcess' | 'mindMap'> = {
  postProcess: {
    summary: 'The team agreed on the budget and moved hiring to May.\n',
    actionItems: ['Anna sends the budget to finance', 'Ben books the interviews'],
    keywords: ['budget', 'hiring', 'roadmap'],
    chapters: [
      { title: 'Budget', startMs: 0, endMs: 252_400, summary: 'Numbers for the next quarter.' },
      { title: 'Hiring', startMs: 252_400, endMs: 3_725_000, summary: '' },
    ],
    status: 'success',
  },
  mindMap: { markdown: '# Meeting\n- Budget\n  - Q3\n- Hiring\n', status: 'success' },
};

describe('summaryMarkdown', () => {
  it('prints every section, chapters as start–end title — summary', () => {
    expect(summaryMarkdown(session, ['summary', 'actionItems', 'keywords', 'chapters', 'mindMap'])).toBe(
      [
        '## Summary',
        '',
        'The team agreed on the budget and moved hiring to May.',
        '',
        '## Action items',
        '',
        '- Anna sends the budget to finance',
        '- Ben books the interviews',
        '',
        '## Keywords',
        '',
        'budget, hiring, roadmap',
        '',
        '## Chapters',
        '',
        '- 0:00–4:12 Budget — Numbers for the next quarter.',
        '- 4:12–1:02:05 Hiring',
        '',
        '## Mind map',
        '',
        '# Meeting',
        '- Budget',
        '  - Q3',
        '- Hiring',
        '',
      ].join('\n'),
    );
  });

  it('prints only the sections asked for, in the usual order', () => {
    expect(summaryMarkdown(session, ['keywords', 'summary'])).toBe(
      '## Summary\n\nThe team agreed on the budget and moved hiring to May.\n\n## Keywords\n\nbudget, hiring, roadmap\n',
    );
  });

  it('says None. for an artefact the model found nothing for', () => {
    const empty = { ...session, postProcess: { ...session.postProcess, actionItems: [], chapters: [] } };
    expect(summaryMarkdown(empty, ['actionItems', 'chapters'])).toBe(
      '## Action items\n\nNone.\n\n## Chapters\n\nNone.\n',
    );
  });
});

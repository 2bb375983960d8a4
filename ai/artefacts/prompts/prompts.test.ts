import { describe, expect, it } from 'vitest';
import { GenerationError } from '../../generationErrors.ts';
import { defaultInstructions } from './artefactInstructions.ts';
import { fillTemplate } from './fillTemplate.ts';
import { instructionsFor, languageInstruction, transcriptLanguageOf } from './promptSettings.ts';
import { topicInstructions } from './topicInstructions.ts';

describe('fillTemplate', () => {
  it('fills the placeholders a template may use', () => {
    expect(
      fillTemplate(
        'Translate into {{ targetLanguage }}. {{language}}',
        { targetLanguage: 'German', language: 'x' },
        't',
      ),
    ).toBe('Translate into German. x');
  });

  it('names a placeholder the template may not use, and those it may', () => {
    expect(() => fillTemplate('Write in {{langauge}}.', { language: '' }, 'the summary')).toThrow(
      new GenerationError(
        'The prompt template for the summary uses {{langauge}}, which it cannot: it may use {{language}}.',
      ),
    );
  });
});

describe('instructionsFor', () => {
  it('gives the defaults without a choice', () => {
    expect(instructionsFor({})).toEqual(defaultInstructions);
  });

  it('takes a topic’s instructions where it has them and the defaults elsewhere', () => {
    const lecture = instructionsFor({ topic: 'lecture' });
    expect(lecture.actionItems).toBe(topicInstructions.lecture.actionItems);
    expect(lecture.correction).toBe(defaultInstructions.correction);
    expect(instructionsFor({ topic: 'meeting' })).toEqual(defaultInstructions);
  });

  it('puts the user’s own instructions over the topic’s, and ignores an empty one', () => {
    const chosen = instructionsFor({
      topic: 'interview',
      overrides: { summary: 'Three bullet points.', chapters: ' ' },
    });
    expect(chosen.summary).toBe('Three bullet points.');
    expect(chosen.chapters).toBe(topicInstructions.interview.chapters);
  });
});

describe('languageInstruction', () => {
  it('follows the transcript’s language unless the user chose one', () => {
    expect(languageInstruction({}, undefined)).toMatch(/language of the transcript, whatever/);
    expect(languageInstruction({}, 'de')).toMatch(/language of the transcript \(de\)/);
    expect(languageInstruction({ outputLanguage: 'French' }, 'de')).toBe('Write in French.');
  });

  it('reads the transcript’s language from most of its segments', () => {
    expect(
      transcriptLanguageOf([{ language: 'de' }, { language: 'en' }, { language: 'de' }, { language: null }]),
    ).toBe('de');
    expect(transcriptLanguageOf([{ language: null }, {}])).toBeUndefined();
  });
});

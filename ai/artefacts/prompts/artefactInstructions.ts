/**
 * The instructions for each artefact: the part of a prompt a user may rewrite (per artefact, or by
 * choosing a topic's set in topicInstructions.ts). The frames around them (promptFrames.ts) say
 * how to read the transcript and how to answer, and are not for editing.
 *
 * Placeholders: `{{language}}` (the language to write in, as a sentence) in every one, and
 * `{{targetLanguage}}` in the translation's.
 */

export const artefactNames = [
  'summary',
  'actionItems',
  'keywords',
  'chapters',
  'mindMap',
  'correction',
  'translation',
  'answer',
] as const;
export type ArtefactName = (typeof artefactNames)[number];

/** How the user knows each artefact, for messages. */
export const artefactLabels: Record<ArtefactName, string> = {
  summary: 'the summary',
  actionItems: 'the action items',
  keywords: 'the keywords',
  chapters: 'the chapters',
  mindMap: 'the mind map',
  correction: 'the corrected transcript',
  translation: 'the translation',
  answer: 'the answer',
};

export type ArtefactInstructions = Record<ArtefactName, string>;

export const defaultInstructions: ArtefactInstructions = {
  summary:
    'What the recording is about and what came of it: the main points, the decisions and the ' +
    'open questions, in a few short paragraphs. No preamble such as "This transcript…".',
  actionItems:
    'Every task someone took on or was given, one per item, as a short sentence that names who ' +
    'does it and by when whenever the transcript says so (for example "Ana sends the revised ' +
    'budget by Friday"). Only tasks, not topics or decisions; an empty list if there are none.',
  keywords:
    'Up to 10 keywords: the names, products, places, topics and terms that matter most, spelled ' +
    'as in the transcript.',
  chapters:
    'Chapters in order, a new one where the subject changes, each with a short title and one or ' +
    'two sentences on what it covers; a few per hour of recording, not one per line.',
  mindMap:
    'The content as a Markdown tree: one "#" heading naming the main subject, "##" headings for ' +
    'the main topics, and "-" list items (nested by two spaces) for the points under them. Short ' +
    'phrases, not sentences.',
  correction:
    'Fix punctuation, capitalisation and words that speech recognition clearly misheard (use the ' +
    'context and the names that appear elsewhere). Do not reword, shorten, summarise or add ' +
    'anything, and do not translate; leave a line as it is when it is right.',
  translation:
    'Translate each line faithfully and naturally into {{targetLanguage}}. Keep names as they ' +
    'are; translate every line, even a short one.',
  answer: 'Answer briefly and precisely, from what was said only.',
};

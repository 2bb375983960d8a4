import type { ArtefactInstructions } from './artefactInstructions.ts';

/**
 * Instructions for kinds of recording, chosen by name (a topic can name one): each replaces the
 * default instructions it lists and keeps the others.
 */

export const topicTemplateNames = ['meeting', 'lecture', '1:1', 'interview'] as const;
export type TopicTemplateName = (typeof topicTemplateNames)[number];

export const topicInstructions: Record<TopicTemplateName, Partial<ArtefactInstructions>> = {
  // The defaults are written for meetings.
  meeting: {},
  lecture: {
    summary:
      'The subject of the lecture and its main ideas, definitions, arguments and examples, in the ' +
      'order they were taught, in a few short paragraphs.',
    actionItems:
      'Every assignment, reading, exercise, deadline or exam date the lecturer gave, one per item, ' +
      'naming the due date whenever the transcript says it; an empty list if there are none.',
    keywords: 'Up to 12 key terms and concepts taught, spelled as in the transcript.',
    chapters:
      'Chapters in order, one per section of the lecture, each titled with its concept and with ' +
      'one or two sentences on what it explains.',
    mindMap:
      'A concept map as a Markdown tree: "#" for the lecture’s subject, "##" for each main ' +
      'concept, "-" items (nested by two spaces) for definitions, examples and how they relate.',
  },
  '1:1': {
    summary:
      'How the conversation went: what each person raised, feedback given both ways, concerns, ' +
      'and what was agreed, in a few short paragraphs.',
    actionItems:
      'Every commitment either person made, one per item, naming who and by when whenever the ' +
      'transcript says so; an empty list if there are none.',
    chapters: 'Chapters in order, one per subject discussed (status, feedback, growth, blockers…).',
  },
  interview: {
    summary:
      'Who was interviewed and about what, then their main answers, facts and opinions, and any ' +
      'notable statement, in a few short paragraphs.',
    actionItems:
      'Follow-ups agreed during the interview (things to send, check or schedule), naming who and ' +
      'by when whenever the transcript says so; an empty list if there are none.',
    chapters: 'Chapters in order, one per question or theme, titled with it.',
    mindMap:
      'A Markdown tree: "#" for the interviewee and subject, "##" for each theme discussed, "-" ' +
      'items (nested by two spaces) for the answers and facts given.',
  },
};

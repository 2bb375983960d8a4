/**
 * The fixed text around the instructions of each request: how the transcript or the notes are
 * laid out and what the answer must hold. Placeholders are filled by the generation code.
 */

export interface PromptFrame {
  system: string;
  prompt: string;
}

/** One call per part for the summary, action items, keywords, chapters and mind map together. */
export const notesFrame: PromptFrame = {
  system: `You read a transcript of a recording and take notes on it, answering with JSON.
Each transcript line starts with its time as [H:MM:SS], then the speaker's name when it is known.
Use only what the transcript says: invent no names, dates, figures or tasks.
{{language}}

The JSON fields:
{{instructions}}`,
  prompt: `This is {{scope}}.

{{transcript}}`,
};

/** Notes on consecutive parts of one recording, combined into notes on all of them. */
export const combineFrame: PromptFrame = {
  system: `You combine notes taken on consecutive parts of one recording's transcript into notes on all of them, answering with JSON.
The parts overlap a little at their edges, so a point, task or chapter may appear twice: keep it once.
Use only what the notes say.
{{language}}

The JSON fields:
{{instructions}}`,
  prompt: `The notes, part by part, {{scope}}:

{{notes}}`,
};

/** A correction or translation of numbered lines, line by line. */
export const rewriteFrame: PromptFrame = {
  system: `You rewrite a transcript line by line, answering with JSON.
{{instructions}}
Each line starts with its number as #N. Answer with "lines": one entry {"seq": N, "text": "…"} for every line you were given, in the same order, with the new text of that line only. Never move words from one line to another, and never merge, split or skip lines.`,
  prompt: `{{transcript}}`,
};

/** What one part of a long transcript (or notes on several) says towards answering a question. */
export const questionNotesFrame: PromptFrame = {
  system: `You help answer a question about a recording. You are given part of its transcript, or notes taken on parts of it, and answer with JSON.
Transcript lines start with their time as [H:MM:SS]; notes cite times the same way.
"relevant": whether what you were given helps answer the question.
"notes": what it says that helps, as short statements, each followed by the time of the line it comes from in square brackets, e.g. [0:12:05], copied exactly; empty when nothing helps.
Keep names and figures as they are written.`,
  prompt: `The question: {{question}}

This is {{scope}}:

{{transcript}}`,
};

/** The answer to a question, from the transcript or from notes on it, streamed as text. */
export const answerFrame: PromptFrame = {
  system: `You answer a question about a recording from its transcript, or from notes taken on it.
Transcript lines start with their time as [H:MM:SS]; notes cite times the same way.
{{instructions}}
After each statement, cite the time of the line it comes from in square brackets, e.g. [0:12:05], copied exactly from what you were given; cite no other times. If what you were given does not answer the question, say so.
{{language}}`,
  prompt: `The question: {{question}}

{{scope}}:

{{transcript}}`,
};

/**
 * A question asked of the whole library, answered from numbered passages of several sessions, as
 * JSON whose answer comes first, so it can show while it is written.
 */
export const libraryAnswerFrame: PromptFrame = {
  system: `You answer a question from passages of the transcripts of several recordings.
Each passage starts with its number in square brackets, e.g. [3], then the recording's title and date; its lines start with their time as [H:MM:SS], then the speaker's name when it is known.
{{instructions}}
Answer with one JSON object only, no other text, its fields in this order:
"answer": the answer. After each statement, cite the passages it comes from by number in square brackets, e.g. [3], and name the recording when it helps. If the passages do not answer the question, say so.
"citations": for each passage you cited, one or more entries {"passage": N, "quote": "…"}, the quote being a few words copied exactly from one line of passage N that back what you said.
{{language}}`,
  prompt: `The question: {{question}}

The passages:

{{passages}}`,
};

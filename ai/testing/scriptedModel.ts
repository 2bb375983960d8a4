import { z } from 'zod';
import { requestTokens } from '../longSessions/requestBudget.ts';
import { estimateTokens } from '../longSessions/tokenEstimate.ts';
import type { GenerateStructured, StreamText, StructuredRequest, TextRequest } from '../modelFunctions.ts';

/**
 * A model for tests that reads the prompt the way a real one would and answers plausibly from it:
 * notes whose chapters start at the first line it sees and wherever the subject ("About budget,")
 * changes, combined notes that merge neighbouring chapters of one title, corrections and
 * translations line by line, answers that cite the lines that mention the question's subject.
 * It refuses any request that would not fit the context, and counts what it was sent.
 */

export interface ScriptedModelRecord {
  calls: number;
  /** The largest request, in estimated tokens, answer room included. */
  largestRequest: number;
  /** The largest answer it gave, in estimated tokens, against the room it was given. */
  largestAnswerShare: number;
  inputTokens: number;
  outputTokens: number;
}

export interface ScriptedModel {
  generateStructured: GenerateStructured;
  streamText: StreamText;
  record: ScriptedModelRecord;
}

const lineTime = /^\[(\d+:\d{2}:\d{2})\] (?:\w+: )?(.*)$/;
const chapterNote = /^- \[(\d+:\d{2}:\d{2})\] ([^:]+): (.*)$/;
const numbered = /^#(\d+) (.*)$/;

export interface ScriptedModelOptions {
  /** How a line is translated; by default its first letter is capitalised, as a correction. */
  translate?: (text: string) => string;
  /** The share of the answer room that notes fill, as a wordy model's do (their summary grows). */
  wordiness?: number;
}

export function scriptedModel(contextWindow: number, options: ScriptedModelOptions = {}): ScriptedModel {
  const record: ScriptedModelRecord = {
    calls: 0,
    largestRequest: 0,
    largestAnswerShare: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
  const admit = (request: TextRequest | StructuredRequest<unknown>): void => {
    const tokens = requestTokens(request);
    if (tokens > contextWindow) {
      throw new Error(`A request of ${tokens} estimated tokens was sent to a model of ${contextWindow}`);
    }
    record.calls++;
    record.largestRequest = Math.max(record.largestRequest, tokens);
    record.inputTokens += tokens - request.maxOutputTokens;
  };
  const answered = (answer: string, room: number): void => {
    const tokens = estimateTokens(answer);
    record.outputTokens += tokens;
    record.largestAnswerShare = Math.max(record.largestAnswerShare, tokens / room);
  };

  const generateStructured: GenerateStructured = <T>(request: StructuredRequest<T>): Promise<T> => {
    admit(request);
    const fields = request.schema instanceof z.ZodObject ? Object.keys(request.schema.shape) : [];
    const lines = request.prompt.split('\n');
    let answer: unknown;
    if (fields.includes('lines')) {
      const translate =
        options.translate ?? ((text: string) => text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase()));
      answer = {
        lines: lines.flatMap((line) => {
          const match = numbered.exec(line);
          return match === null ? [] : [{ seq: Number(match[1]), text: translate(match[2] ?? '') }];
        }),
      };
    } else if (fields.includes('relevant')) {
      const subject = /The question: .*?(\w+)\?/.exec(request.prompt)?.[1] ?? '';
      const cited = lines.filter((line) => line.includes(subject) && /^\[\d/.test(line)).slice(0, 3);
      const carried = lines.filter((line) => /\[\d+:\d{2}:\d{2}\]\.?$/.test(line) && !line.startsWith('['));
      const notes = [
        ...cited.map((line) => `${subject} came up ${line.slice(0, line.indexOf(']') + 1)}.`),
        ...carried,
      ].slice(0, 4);
      answer = { relevant: notes.length > 0, notes: notes.join('\n') };
    } else {
      const notes = request.system.startsWith('You combine')
        ? combinedNotes(lines, fields)
        : partNotes(lines, fields);
      answer = wordy(notes, (options.wordiness ?? 0) * request.maxOutputTokens);
    }
    answered(JSON.stringify(answer), request.maxOutputTokens);
    return Promise.resolve(request.schema.parse(answer));
  };

  const streamText: StreamText = async function* (request) {
    admit(request);
    if (request.prompt.includes('\nThe passages:\n')) {
      const answer = libraryAnswer(request.prompt);
      answered(answer, request.maxOutputTokens);
      // In pieces that cut through the JSON's strings and escapes, as a real stream does.
      for (let at = 0; at < answer.length; at += 7) yield await Promise.resolve(answer.slice(at, at + 7));
      return;
    }
    const times = [...request.prompt.matchAll(/\[(\d+:\d{2}:\d{2})\]/g)].map((match) => match[1]);
    const answer = `It was discussed [${times[0] ?? '0:00:00'}], and again later [${times.at(-1) ?? '0:00:00'}]; also [99:00:00].`;
    answered(answer, request.maxOutputTokens);
    for (const word of answer.split(/(?<= )/)) {
      yield await Promise.resolve(word);
    }
  };

  return { generateStructured, streamText, record };
}

/**
 * An answer from numbered passages, as JSON: every passage with a line that mentions the
 * question's last word is cited with that line's words, and a passage that was not sent is cited
 * too (it must be dropped).
 */
function libraryAnswer(prompt: string): string {
  const subject = (/The question: .*?(\w+)\?/.exec(prompt)?.[1] ?? '').toLowerCase();
  const citations: Array<{ passage: number; quote: string }> = [];
  let passage = 0;
  for (const line of prompt.split('\n')) {
    const header = /^\[(\d+)\] /.exec(line);
    if (header !== null) passage = Number(header[1]);
    const spoken = lineTime.exec(line)?.[2];
    if (
      spoken !== undefined &&
      spoken.toLowerCase().includes(subject) &&
      citations.at(-1)?.passage !== passage
    ) {
      citations.push({ passage, quote: spoken });
    }
  }
  const cited = citations.map((citation) => `[${citation.passage}]`).join(' ');
  return JSON.stringify({
    answer: `The "${subject}" came up ${cited} and in passage [99].`,
    citations: [...citations, { passage: 99, quote: 'never said' }],
  });
}

/** Notes on transcript lines: a chapter at the first line and wherever the subject changes. */
function partNotes(lines: readonly string[], fields: readonly string[]): Record<string, unknown> {
  const chapters: Array<{ title: string; start: string; summary: string }> = [];
  for (const line of lines) {
    const match = lineTime.exec(line);
    if (match === null) continue;
    const subject = /^About (\w+),/.exec(match[2] ?? '')?.[1] ?? chapters.at(-1)?.title ?? 'opening';
    if (chapters.at(-1)?.title !== subject)
      chapters.push({ title: subject, start: match[1] ?? '', summary: `On ${subject}.` });
  }
  return notesAbout(chapters, fields);
}

/** Notes on notes: the chapters given, neighbours of one title merged. */
function combinedNotes(lines: readonly string[], fields: readonly string[]): Record<string, unknown> {
  const chapters: Array<{ title: string; start: string; summary: string }> = [];
  for (const line of lines) {
    const match = chapterNote.exec(line);
    if (match === null) continue;
    const [, start = '', title = '', summary = ''] = match;
    if (chapters.at(-1)?.title !== title) chapters.push({ title, start, summary });
  }
  return notesAbout(chapters, fields);
}

function notesAbout(
  chapters: ReadonlyArray<{ title: string; start: string; summary: string }>,
  fields: readonly string[],
) {
  const subjects = [...new Set(chapters.map((chapter) => chapter.title))];
  const all: Record<string, unknown> = {
    summary: `The meeting covered ${subjects.join(', ')}.`,
    actionItems: subjects.map((subject) => `Ana sends the ${subject} figures by Friday.`),
    keywords: subjects,
    chapters,
    outline: [
      '# Meeting',
      ...subjects.flatMap((subject) => [`## ${subject}`, `- figures for ${subject}`]),
    ].join('\n'),
  };
  return Object.fromEntries(fields.map((field) => [field, all[field]]));
}

/** Notes whose summary is padded until the whole answer is about `tokens` long. */
function wordy(notes: Record<string, unknown>, tokens: number): Record<string, unknown> {
  if (typeof notes.summary !== 'string') return notes;
  let summary = notes.summary;
  while (estimateTokens(JSON.stringify({ ...notes, summary })) < tokens) {
    summary += ' The discussion went into the details of each point and who would follow up on it.';
  }
  return { ...notes, summary };
}

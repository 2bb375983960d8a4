import { GenerationError } from '../generationErrors.ts';
import { halvingBatches } from '../longSessions/batches.ts';
import { answerTokensFor, contentBudget } from '../longSessions/requestBudget.ts';
import { formatTimestamp } from '../longSessions/timestamps.ts';
import { estimateTokens, truncateToTokens } from '../longSessions/tokenEstimate.ts';
import { lineOf, renderLines, timedLine } from '../longSessions/transcriptLines.ts';
import type { TranscriptSegment } from '../longSessions/transcriptLines.ts';
import { partsFor } from '../longSessions/transcriptParts.ts';
import type { StreamText } from '../modelFunctions.ts';
import { generateChecked, streamChecked } from './checkedGeneration.ts';
import type { GenerationRun } from './generationRun.ts';
import { groundCitations } from './grounding/citationGrounding.ts';
import type { GroundedCitation } from './grounding/citationGrounding.ts';
import { SegmentTimeline } from './grounding/segmentTimeline.ts';
import { questionNotesSchema } from './modelAnswerSchemas.ts';
import { artefactLabels } from './prompts/artefactInstructions.ts';
import { fillTemplate } from './prompts/fillTemplate.ts';
import { answerFrame, questionNotesFrame } from './prompts/promptFrames.ts';
import { instructionsFor, type PromptSettings } from './prompts/promptSettings.ts';

/**
 * A question about one session, answered with citations of its segments. A transcript that fits
 * is sent whole with the question, and the answer streams. A longer one is read part by part for
 * what bears on the question (notes citing times), the notes are condensed if they do not fit one
 * request, and the answer streams from them. The answer's citations are then grounded: each time
 * it cites is moved onto a real segment or taken out.
 */

export interface GroundedAnswer {
  answer: string;
  citations: GroundedCitation[];
}

export interface QuestionHandlers {
  /** The answer's text as the model writes it, citations not yet checked. */
  onText?: (text: string) => void;
  /** The text streamed so far is withdrawn: the model is asked again. */
  onRestart?: () => void;
}

const answerWanted = 1024;
const notesWanted = 600;

export async function answerQuestion(
  question: string,
  segments: readonly TranscriptSegment[],
  run: GenerationRun & { streamText: StreamText },
  handlers: QuestionHandlers = {},
): Promise<GroundedAnswer> {
  const spoken = segments.filter((segment) => segment.text.trim() !== '');
  if (spoken.length === 0)
    throw new GenerationError('The session has no transcript yet, so there is nothing to ask about.');
  const timeline = new SegmentTimeline(spoken);
  const system = fillTemplate(answerFrame.system, answerGuidance(run.prompts ?? {}), artefactLabels.answer);
  const promptFor = (scope: string, transcript: string): string =>
    fillTemplate(answerFrame.prompt, { question, scope, transcript }, artefactLabels.answer);
  const answerTokens = answerTokensFor(run.limits, answerWanted);
  const promptTokens = estimateTokens(system) + estimateTokens(promptFor(notesScope, ''));
  const budget = contentBudget(run.limits.contextWindow, { promptTokens, answerTokens });

  const whole = renderLines(spoken.map(lineOf), timedLine);
  const material =
    estimateTokens(whole) <= budget
      ? { scope: 'The transcript', text: whole }
      : { scope: notesScope, text: await notesOnQuestion(question, spoken, run, timeline, budget) };

  const answer = await streamChecked(
    run.streamText,
    {
      artefact: artefactLabels.answer,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: promptFor(material.scope, material.text),
      maxOutputTokens: answerTokens,
      signal: run.signal,
    },
    {
      ...handlers,
      problemWith: (text) =>
        groundCitations(text, timeline).text.trim() === ''
          ? 'the answer held nothing but citations'
          : undefined,
    },
  );
  const grounded = groundCitations(answer, timeline);
  return { answer: grounded.text.trim(), citations: grounded.citations };
}

/**
 * The user's instructions for answers and the language to answer in, as an answer's system text
 * takes them: in the language of the question unless the user chose one.
 */
export function answerGuidance(settings: PromptSettings): { instructions: string; language: string } {
  const language =
    settings.outputLanguage !== undefined && settings.outputLanguage.trim() !== ''
      ? `Answer in ${settings.outputLanguage.trim()}.`
      : 'Answer in the language the question is asked in.';
  return {
    instructions: fillTemplate(instructionsFor(settings).answer, { language }, artefactLabels.answer),
    language,
  };
}

const notesScope = 'Notes taken on the transcript, part by part';

/**
 * What each part says towards the question, its cited times grounded, condensed a batch at a time
 * until the notes fit the answer's request (`budget`).
 */
async function notesOnQuestion(
  question: string,
  segments: readonly TranscriptSegment[],
  run: GenerationRun,
  timeline: SegmentTimeline,
  budget: number,
): Promise<string> {
  const label = artefactLabels.answer;
  const system = questionNotesFrame.system;
  const promptFor = (scope: string, transcript: string): string =>
    fillTemplate(questionNotesFrame.prompt, { question, scope, transcript }, label);
  const answerTokens = answerTokensFor(run.limits, notesWanted);
  const promptTokens = estimateTokens(system) + estimateTokens(promptFor(longestScope, ''));
  /** Notes on what was sent, their citations grounded on the segments it held. */
  const ask = async (scope: string, transcript: string, cited: SegmentTimeline): Promise<string> => {
    const notes = await generateChecked(run.generateStructured, {
      artefact: label,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: promptFor(scope, transcript),
      schema: questionNotesSchema,
      maxOutputTokens: answerTokens,
      signal: run.signal,
    });
    return notes.relevant ? groundCitations(notes.notes, cited).text.trim() : '';
  };

  const parts = partsFor(segments, {
    contextWindow: run.limits.contextWindow,
    promptTokens,
    answerTokens,
    overlapTokens: Math.min(400, Math.floor(run.limits.contextWindow * 0.04)),
  });
  let notes: Array<{ fromMs: number; toMs: number; text: string }> = [];
  for (const [index, part] of parts.entries()) {
    run.onProgress?.(index + 1, parts.length);
    const fromMs = part.lines[0]?.startMs ?? 0;
    const toMs = part.lines.at(-1)?.endMs ?? 0;
    const text = await ask(
      `part ${index + 1} of ${parts.length} of the transcript, ${spanOf(fromMs, toMs)}`,
      renderLines(part.lines, timedLine),
      new SegmentTimeline(part.lines),
    );
    if (text !== '') notes.push({ fromMs, toMs, text });
  }

  const notesBudget = contentBudget(run.limits.contextWindow, { promptTokens, answerTokens });
  const noteText = (note: (typeof notes)[number]): string =>
    `### ${spanOf(note.fromMs, note.toMs)}\n${note.text}`;
  const rendered = (): string[] => notes.map(noteText);
  while (notes.length > 1 && estimateTokens(rendered().join('\n\n')) > budget) {
    const next: typeof notes = [];
    for (const batch of halvingBatches(notes, noteText, notesBudget)) {
      const fromMs = batch[0]?.item.fromMs ?? 0;
      const toMs = batch.at(-1)?.item.toMs ?? 0;
      const single = batch.length === 1 ? batch[0]?.item : undefined;
      const text =
        single?.text ??
        (await ask(
          `notes taken on the transcript ${spanOf(fromMs, toMs)}`,
          batch.map((entry) => entry.text).join('\n\n'),
          timeline,
        ));
      if (text !== '') next.push({ fromMs, toMs, text });
    }
    notes = next;
  }
  // One note longer than the answer's room (a tiny context) is cut rather than sent too long.
  return notes.length === 0
    ? 'Nothing in the transcript bears on the question.'
    : truncateToTokens(rendered().join('\n\n'), budget);
}

function spanOf(fromMs: number, toMs: number): string {
  return `from ${formatTimestamp(fromMs)} to ${formatTimestamp(toMs)}`;
}

const longestScope = 'part 9999 of 9999 of the transcript, from 99:59:59 to 99:59:59';

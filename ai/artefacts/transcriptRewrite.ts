import { GenerationError } from '../generationErrors.ts';
import { lineKey, ownedLines } from '../longSessions/lineOwnership.ts';
import { proportionalShares } from '../longSessions/requestBudget.ts';
import { estimateTokens } from '../longSessions/tokenEstimate.ts';
import { numberedLine, renderLines } from '../longSessions/transcriptLines.ts';
import type { TranscriptLine, TranscriptSegment } from '../longSessions/transcriptLines.ts';
import { partsFor } from '../longSessions/transcriptParts.ts';
import type { SegmentText } from './artefactSchemas.ts';
import { generateChecked } from './checkedGeneration.ts';
import type { GenerationRun } from './generationRun.ts';
import { rewrittenLinesSchema } from './modelAnswerSchemas.ts';
import { artefactLabels } from './prompts/artefactInstructions.ts';
import { fillTemplate } from './prompts/fillTemplate.ts';
import { rewriteFrame } from './prompts/promptFrames.ts';
import { instructionsFor, languageInstruction, transcriptLanguageOf } from './prompts/promptSettings.ts';

/**
 * The corrected or translated transcript, segment by segment so every segment keeps its times:
 * one call per part, each line sent with its number and answered by number. Where parts overlap,
 * the part that answers for a line (lineOwnership.ts) gives its text, the other only if that one
 * left the line out. A number the model made up is dropped; a line it left out keeps its text.
 */

export function correctTranscript(
  segments: readonly TranscriptSegment[],
  run: GenerationRun,
): Promise<SegmentText[]> {
  return rewriteTranscript('correction', segments, run, {}, 2);
}

export function translateTranscript(
  segments: readonly TranscriptSegment[],
  targetLanguage: string,
  run: GenerationRun,
): Promise<SegmentText[]> {
  // A translation into a script that costs more tokens (English into Chinese) can be three times
  // as long as its source.
  return rewriteTranscript('translation', segments, run, { targetLanguage }, 3);
}

async function rewriteTranscript(
  kind: 'correction' | 'translation',
  segments: readonly TranscriptSegment[],
  run: GenerationRun,
  values: Record<string, string>,
  answerPerContentToken: number,
): Promise<SegmentText[]> {
  const spoken = segments.filter((segment) => segment.text.trim() !== '');
  if (spoken.length === 0)
    throw new GenerationError(
      `The session has no transcript yet, so there is nothing to ${kind === 'correction' ? 'correct' : 'translate'}.`,
    );
  const settings = run.prompts ?? {};
  const label = artefactLabels[kind];
  const instructions = fillTemplate(
    instructionsFor(settings)[kind],
    { language: languageInstruction(settings, transcriptLanguageOf(spoken)), ...values },
    label,
  );
  const system = fillTemplate(rewriteFrame.system, { instructions }, label);
  const promptTokens =
    estimateTokens(system) + estimateTokens(fillTemplate(rewriteFrame.prompt, { transcript: '' }, label));
  const { answerTokens, contentTokens } = proportionalShares(run.limits, promptTokens, answerPerContentToken);
  const parts = partsFor(spoken, {
    contextWindow: run.limits.contextWindow,
    promptTokens,
    answerTokens,
    overlapTokens: Math.min(200, Math.floor(contentTokens / 10)),
    maxPartTokens: contentTokens,
    format: numberedLine,
  });
  const owned = ownedLines(parts);

  const answered = new Map<string, { text: string; owned: boolean }>();
  for (const [index, part] of parts.entries()) {
    run.onProgress?.(index + 1, parts.length);
    const answer = await generateChecked(run.generateStructured, {
      artefact: label,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: fillTemplate(rewriteFrame.prompt, { transcript: renderLines(part.lines, numberedLine) }, label),
      schema: rewrittenLinesSchema,
      maxOutputTokens: answerTokens,
      signal: run.signal,
    });
    const ownedKeys = new Set((owned[index] ?? []).map(lineKey));
    for (const [key, text] of answersByLine(part.lines, answer.lines)) {
      const isOwned = ownedKeys.has(key);
      if (isOwned || answered.get(key)?.owned !== true) answered.set(key, { text, owned: isOwned });
    }
  }
  return segmentTexts(
    segments,
    parts.flatMap((part) => part.lines.slice(part.overlap)),
    answered,
  );
}

/** The model's text for each line of the part, by line key: numbers not in the part and empty texts dropped. */
function answersByLine(
  lines: readonly TranscriptLine[],
  answers: ReadonlyArray<{ seq: number; text: string }>,
): Map<string, string> {
  const lineBySeq = new Map(lines.map((line) => [line.seq, line]));
  const texts = new Map<string, string>();
  for (const { seq, text } of answers) {
    const line = lineBySeq.get(seq);
    if (line === undefined || text.trim() === '') continue;
    const key = lineKey(line);
    // The first answer for a line counts; a repeat is the model going astray.
    if (!texts.has(key)) texts.set(key, text.trim());
  }
  return texts;
}

/** Every segment of the session once, in order: its new text, joined from its pieces if it was cut. */
function segmentTexts(
  segments: readonly TranscriptSegment[],
  lines: readonly TranscriptLine[],
  answered: ReadonlyMap<string, { text: string }>,
): SegmentText[] {
  const linesBySeq = new Map<number, TranscriptLine[]>();
  for (const line of lines) linesBySeq.set(line.seq, [...(linesBySeq.get(line.seq) ?? []), line]);
  return [...segments]
    .sort((a, b) => a.seq - b.seq)
    .map((segment) => {
      const pieces = linesBySeq.get(segment.seq) ?? [];
      if (pieces.every((line) => !answered.has(lineKey(line))))
        return { seq: segment.seq, text: segment.text };
      const text = pieces
        .map(
          (line) =>
            (answered.get(lineKey(line))?.text ?? line.text) + (line.piece?.spaceAfter === true ? ' ' : ''),
        )
        .join('')
        .trim();
      return { seq: segment.seq, text };
    });
}

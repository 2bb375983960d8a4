import type { Chapter } from '../../store/records.ts';
import { GenerationError, InvalidAnswerError } from '../generationErrors.ts';
import { halvingBatches } from '../longSessions/batches.ts';
import { ownedLines } from '../longSessions/lineOwnership.ts';
import { answerTokensFor, contentBudget } from '../longSessions/requestBudget.ts';
import { formatTimestamp, parseTimestamp } from '../longSessions/timestamps.ts';
import { estimateTokens } from '../longSessions/tokenEstimate.ts';
import { renderLines, timedLine } from '../longSessions/transcriptLines.ts';
import type { TranscriptLine, TranscriptSegment } from '../longSessions/transcriptLines.ts';
import { partsFor } from '../longSessions/transcriptParts.ts';
import { generateChecked } from './checkedGeneration.ts';
import { distinctTexts } from './distinctTexts.ts';
import type { GenerationRun } from './generationRun.ts';
import { groundChapters, snapChapters } from './grounding/chapterGrounding.ts';
import type { PlacedChapter } from './grounding/chapterGrounding.ts';
import { SegmentTimeline } from './grounding/segmentTimeline.ts';
import { rankKeywords } from './keywordRanking.ts';
import { notesSchema } from './modelAnswerSchemas.ts';
import type { NoteField, Notes, ProposedChapter } from './modelAnswerSchemas.ts';
import { artefactLabels } from './prompts/artefactInstructions.ts';
import type { ArtefactInstructions } from './prompts/artefactInstructions.ts';
import { fillTemplate } from './prompts/fillTemplate.ts';
import { combineFrame, notesFrame } from './prompts/promptFrames.ts';
import { instructionsFor, languageInstruction, transcriptLanguageOf } from './prompts/promptSettings.ts';

/**
 * The summary, action items, keywords, chapters and mind map of a session, from one pass over its
 * transcript: each part is asked for notes holding all five at once (one call per part), then the
 * notes of all parts are combined (one call when they fit together, a few more rounds when they
 * do not). A session that fits one part costs one call. Keywords are ranked without a call.
 */

export const digestArtefacts = ['summary', 'actionItems', 'keywords', 'chapters', 'mindMap'] as const;
export type DigestArtefact = (typeof digestArtefacts)[number];

export interface Digest {
  summary: string;
  actionItems: string[];
  keywords: string[];
  chapters: Chapter[];
  /** Markdown headings and lists. */
  mindMap: string;
}

const noteFieldOf: Record<DigestArtefact, NoteField> = {
  summary: 'summary',
  actionItems: 'actionItems',
  keywords: 'keywords',
  chapters: 'chapters',
  mindMap: 'outline',
};

/** The answer room each field asks for; the whole is capped by the model's limits. */
const answerTokensPerField: Record<NoteField, number> = {
  summary: 600,
  actionItems: 500,
  keywords: 150,
  chapters: 900,
  outline: 1200,
};
const jsonOverheadTokens = 100;

/** Notes on a stretch of the session (a part, or parts combined), chapters on real segment starts. */
interface StretchNotes extends Partial<Omit<Notes, 'chapters'>> {
  fromMs: number;
  toMs: number;
  chapters?: PlacedChapter[];
}

interface DigestContext {
  run: GenerationRun;
  fields: NoteField[];
  instructions: ArtefactInstructions;
  language: string;
  /** The room for notes on a part, or on a batch of parts. */
  notesTokens: number;
  /** The room for the last combining, whose answer is the digest. */
  digestTokens: number;
  timeline: SegmentTimeline;
  /** What the user asked for, in words, for errors. */
  label: string;
}

export async function generateDigest(
  segments: readonly TranscriptSegment[],
  run: GenerationRun,
  only: readonly DigestArtefact[] = digestArtefacts,
): Promise<Partial<Digest>> {
  const spoken = segments.filter((segment) => segment.text.trim() !== '');
  if (spoken.length === 0) {
    throw new GenerationError('The session has no transcript yet, so there is nothing to summarise.');
  }
  const fields = [...new Set(only.map((artefact) => noteFieldOf[artefact]))];
  const wanted = jsonOverheadTokens + fields.reduce((sum, field) => sum + answerTokensPerField[field], 0);
  const settings = run.prompts ?? {};
  const context: DigestContext = {
    run,
    fields,
    instructions: instructionsFor(settings),
    language: languageInstruction(settings, transcriptLanguageOf(spoken)),
    // Notes on a part stay under a fifth of the context, so a combining request usually holds three
    // or more of them, and all the rounds of combining take fewer calls than there were parts.
    notesTokens: answerTokensFor(run.limits, wanted, 1 / 5),
    digestTokens: answerTokensFor(run.limits, wanted),
    timeline: new SegmentTimeline(spoken),
    label: listOf(only.map((artefact) => artefactLabels[artefact])),
  };

  const stretches = await notesPerPart(spoken, context);
  // A transcript with words makes at least one part.
  const whole = stretches.length === 1 ? stretches[0]! : await combined(stretches, context);
  return digestOf(whole, stretches, context, only);
}

/** The map: one call per part, every requested field at once. */
async function notesPerPart(
  segments: readonly TranscriptSegment[],
  context: DigestContext,
): Promise<StretchNotes[]> {
  const { run } = context;
  const system = fillTemplate(
    notesFrame.system,
    { language: context.language, instructions: fieldList(context, context.fields, 'part') },
    context.label,
  );
  const promptFor = (scope: string, transcript: string): string =>
    fillTemplate(notesFrame.prompt, { scope, transcript }, context.label);
  const partsWith = (answerTokens: number) =>
    partsFor(segments, {
      contextWindow: run.limits.contextWindow,
      promptTokens: estimateTokens(system) + estimateTokens(promptFor(longestScope, '')),
      answerTokens,
      overlapTokens: overlapTokensFor(run.limits.contextWindow),
    });
  // A transcript that fits one request with the digest's room gets it: its notes are the digest.
  const whole = partsWith(context.digestTokens);
  const answerTokens = whole.length === 1 ? context.digestTokens : context.notesTokens;
  const parts = whole.length === 1 ? whole : partsWith(context.notesTokens);
  const owned = ownedLines(parts);
  const schema = notesSchema.pick(maskOf(context.fields));
  const stretches: StretchNotes[] = [];
  for (const [index, part] of parts.entries()) {
    run.onProgress?.(index + 1, parts.length);
    const scope = scopeOf(part.lines, index, parts.length);
    const notes: Partial<Notes> = await generateChecked(run.generateStructured, {
      artefact: context.label,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: promptFor(scope, renderLines(part.lines, timedLine)),
      schema,
      maxOutputTokens: answerTokens,
      signal: run.signal,
    });
    stretches.push(stretchOf(notes, part.lines, owned[index] ?? []));
  }
  return stretches;
}

/**
 * A part's notes, grounded: chapters snapped to the starts of the segments the part saw, and kept
 * only where the part answers for that line, so a chapter in an overlap is counted once.
 */
function stretchOf(
  notes: Partial<Notes>,
  lines: readonly TranscriptLine[],
  owned: readonly TranscriptLine[],
): StretchNotes {
  const segmentStarts = lines.filter((line) => line.piece === undefined || line.piece.index === 0);
  const ownedStarts = new Set(owned.map((line) => line.startMs));
  const { chapters, outline, ...rest } = notes;
  return {
    ...rest,
    fromMs: owned[0]?.startMs ?? lines[0]?.startMs ?? 0,
    toMs: owned.at(-1)?.endMs ?? lines.at(-1)?.endMs ?? 0,
    ...(outline === undefined ? {} : { outline: withoutCodeFence(outline) }),
    ...(chapters === undefined
      ? {}
      : {
          chapters: snapChapters(placed(chapters), new SegmentTimeline(segmentStarts)).filter((chapter) =>
            ownedStarts.has(chapter.startMs),
          ),
        }),
  };
}

/**
 * The reduce: when the notes of all stretches fit one request, one call combines them into the
 * digest. Otherwise they are combined a batch at a time (halvingBatches) into notes on longer
 * stretches, and again, until they do; a batch of one is carried to the next round as it is.
 */
async function combined(stretches: readonly StretchNotes[], context: DigestContext): Promise<StretchNotes> {
  const { run } = context;
  const fields = context.fields.filter((field) => field !== 'keywords');
  const keywords = stretches.flatMap((stretch) => stretch.keywords ?? []);
  if (fields.length === 0) {
    return { fromMs: stretches[0]?.fromMs ?? 0, toMs: stretches.at(-1)?.toMs ?? 0, keywords };
  }

  const system = fillTemplate(
    combineFrame.system,
    { language: context.language, instructions: fieldList(context, fields, 'combine') },
    context.label,
  );
  const promptFor = (scope: string, notes: string): string =>
    fillTemplate(combineFrame.prompt, { scope, notes }, context.label);
  const promptTokens = estimateTokens(system) + estimateTokens(promptFor(longestScope, ''));
  const digestBudget = contentBudget(run.limits.contextWindow, {
    promptTokens,
    answerTokens: context.digestTokens,
  });
  const roundBudget = contentBudget(run.limits.contextWindow, {
    promptTokens,
    answerTokens: context.notesTokens,
  });
  const schema = notesSchema.pick(maskOf(fields));
  const textOf = (stretch: StretchNotes): string => notesText(stretch, fields);

  const combineBatch = async (
    texts: readonly string[],
    batch: readonly StretchNotes[],
    answerTokens: number,
  ) => {
    const fromMs = batch[0]?.fromMs ?? 0;
    const toMs = batch.at(-1)?.toMs ?? 0;
    const notes: Partial<Notes> = await generateChecked(run.generateStructured, {
      artefact: context.label,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: promptFor(`from ${formatTimestamp(fromMs)} to ${formatTimestamp(toMs)}`, texts.join('\n\n')),
      schema,
      maxOutputTokens: answerTokens,
      signal: run.signal,
    });
    const { chapters, outline, ...rest } = notes;
    return {
      ...rest,
      fromMs,
      toMs,
      ...(outline === undefined ? {} : { outline: withoutCodeFence(outline) }),
      ...(chapters === undefined
        ? {}
        : {
            chapters: snapChapters(placed(chapters), context.timeline).filter(
              (chapter) => chapter.startMs >= fromMs && chapter.startMs <= toMs,
            ),
          }),
    };
  };

  let current = [...stretches];
  for (;;) {
    const texts = current.map(textOf);
    if (texts.reduce((sum, text) => sum + estimateTokens(text) + 2, 0) <= digestBudget) {
      return { ...(await combineBatch(texts, current, context.digestTokens)), keywords };
    }
    const next: StretchNotes[] = [];
    for (const batch of halvingBatches(current, textOf, roundBudget)) {
      const items = batch.map((entry) => entry.item);
      next.push(
        batch.length === 1 && batch[0] !== undefined
          ? batch[0].item
          : await combineBatch(
              batch.map((entry) => entry.text),
              items,
              context.notesTokens,
            ),
      );
    }
    if (next.length === 1 && next[0] !== undefined) return { ...next[0], keywords };
    current = next;
  }
}

function digestOf(
  whole: StretchNotes,
  stretches: readonly StretchNotes[],
  context: DigestContext,
  only: readonly DigestArtefact[],
): Partial<Digest> {
  const digest: Partial<Digest> = {};
  for (const artefact of only) {
    switch (artefact) {
      case 'summary':
        digest.summary = whole.summary?.trim() ?? '';
        break;
      case 'actionItems':
        digest.actionItems = distinctTexts(whole.actionItems ?? []);
        break;
      case 'keywords':
        digest.keywords = rankKeywords(stretches.map((stretch) => stretch.keywords ?? []));
        break;
      case 'chapters':
        digest.chapters = chaptersOf(whole, stretches, context);
        break;
      case 'mindMap':
        digest.mindMap = whole.outline ?? '';
        break;
    }
  }
  return digest;
}

/** The combined chapters over the whole session; the parts' own if combining lost them all. */
function chaptersOf(
  whole: StretchNotes,
  stretches: readonly StretchNotes[],
  context: DigestContext,
): Chapter[] {
  const chapters = groundChapters(whole.chapters ?? [], context.timeline);
  if (chapters.length > 0) return chapters;
  const fromParts = groundChapters(
    stretches.flatMap((stretch) => stretch.chapters ?? []),
    context.timeline,
  );
  if (fromParts.length > 0) return fromParts;
  throw new InvalidAnswerError(artefactLabels.chapters, 'no chapter pointed at a time in the recording');
}

/** The instructions for each requested field, as the frame's list of JSON fields. */
function fieldList(context: DigestContext, fields: readonly NoteField[], stage: 'part' | 'combine'): string {
  const instruction = (name: keyof ArtefactInstructions): string =>
    fillTemplate(context.instructions[name], { language: context.language }, artefactLabels[name]);
  const lines: Record<NoteField, () => string> = {
    summary: () => instruction('summary'),
    actionItems: () => instruction('actionItems'),
    keywords: () => instruction('keywords'),
    chapters: () =>
      `${instruction('chapters')} ` +
      (stage === 'part'
        ? 'Each "start" is the time of the transcript line where the chapter begins, copied as H:MM:SS.'
        : 'Each "start" is one of the chapter times in the notes, copied as H:MM:SS; merge neighbouring ' +
          'chapters on one subject, and let the chapters cover the whole span.'),
    outline: () =>
      `${instruction('mindMap')}` + (stage === 'combine' ? ' Merge the parts’ outlines into one tree.' : ''),
  };
  return fields.map((field) => `- "${field}": ${lines[field]()}`).join('\n');
}

/**
 * A stretch's notes as the combining request reads them: chapters and tasks first, as the least
 * to lose should notes ever be cut to fit.
 */
function notesText(stretch: StretchNotes, fields: readonly NoteField[]): string {
  const sections = [`### ${formatTimestamp(stretch.fromMs)}–${formatTimestamp(stretch.toMs)}`];
  if (fields.includes('chapters')) {
    const chapters = (stretch.chapters ?? []).map(
      (chapter) => `- [${formatTimestamp(chapter.startMs)}] ${chapter.title}: ${chapter.summary}`,
    );
    sections.push(['Chapters:', ...chapters].join('\n'));
  }
  if (fields.includes('actionItems')) {
    sections.push(['Action items:', ...(stretch.actionItems ?? []).map((item) => `- ${item}`)].join('\n'));
  }
  if (fields.includes('summary')) sections.push(`Summary: ${stretch.summary ?? ''}`);
  if (fields.includes('outline')) sections.push(`Outline:\n${stretch.outline ?? ''}`);
  return sections.join('\n');
}

function placed(chapters: readonly ProposedChapter[]): PlacedChapter[] {
  return chapters.flatMap((chapter) => {
    const startMs = parseTimestamp(chapter.start);
    return startMs === undefined
      ? []
      : [{ title: chapter.title.trim(), startMs, summary: chapter.summary.trim() }];
  });
}

function scopeOf(lines: readonly TranscriptLine[], index: number, count: number): string {
  const span = `from ${formatTimestamp(lines[0]?.startMs ?? 0)} to ${formatTimestamp(lines.at(-1)?.endMs ?? 0)}`;
  return count === 1
    ? `the whole transcript, ${span}`
    : `part ${index + 1} of ${count} of the transcript, ${span}`;
}

/** The longest scope a prompt names, for sizing before the parts are known. */
const longestScope = 'part 9999 of 9999 of the transcript, from 99:59:59 to 99:59:59';

/** Enough overlap for a sentence or two of context, never much of a part. */
function overlapTokensFor(contextWindow: number): number {
  return Math.min(400, Math.floor(contextWindow * 0.04));
}

function maskOf(fields: readonly NoteField[]): { [K in NoteField]?: true } {
  return Object.fromEntries(fields.map((field) => [field, true]));
}

/** Models often wrap Markdown in a code fence even inside JSON; the map wants the Markdown. */
function withoutCodeFence(markdown: string): string {
  return markdown.replace(/^\s*```[a-z]*\n([\s\S]*?)\n```\s*$/i, '$1').trim();
}

function listOf(labels: readonly string[]): string {
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

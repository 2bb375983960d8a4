import type { LibraryCitation } from '../../store/libraryQuestionTable.ts';
import type { LibraryPassage, PassageLine } from '../../store/libraryPassages.ts';
import { ContextTooSmallError } from '../generationErrors.ts';
import { answerTokensFor, contentBudget } from '../longSessions/requestBudget.ts';
import { estimateTokens, truncateToTokens } from '../longSessions/tokenEstimate.ts';
import { renderLines, timedLine } from '../longSessions/transcriptLines.ts';
import type { StreamText } from '../modelFunctions.ts';
import { streamChecked } from './checkedGeneration.ts';
import type { GenerationRun } from './generationRun.ts';
import { quoteOf } from './grounding/citationGrounding.ts';
import { lineQuoted } from './grounding/quoteGrounding.ts';
import { libraryAnswerSchema, type LibraryAnswerProposal } from './modelAnswerSchemas.ts';
import { artefactLabels } from './prompts/artefactInstructions.ts';
import { fillTemplate } from './prompts/fillTemplate.ts';
import { libraryAnswerFrame } from './prompts/promptFrames.ts';
import { answerGuidance, type QuestionHandlers } from './sessionQuestion.ts';
import { jsonStringSoFar } from './streamedJsonText.ts';

/**
 * A question asked of many sessions, answered from the passages the store found for it
 * (store/libraryPassages.ts), best first, as many as the model's context holds. The model is shown
 * them numbered and answers with JSON: the answer, citing passages as `[n]`, then for each cited
 * passage the words it rests on. The answer shows as it is written; once whole, each citation is
 * checked against its passage's lines: a quote found there cites that line, one that is not is
 * dropped, and a passage the answer cites with no quote that checks cites its line holding most of
 * the question's terms. A citation names the session and the time of the line.
 */

export interface LibraryAnswer {
  answer: string;
  citations: LibraryCitation[];
}

/** What is answered, without asking the model, when no passage holds any of the question's terms. */
export const nothingFoundAnswer =
  'No session mentions what you asked about. Try the words the speakers would have used, or fewer filters.';

const answerWanted = 1536;

export async function answerLibraryQuestion(
  question: string,
  passages: readonly LibraryPassage[],
  run: GenerationRun & { streamText: StreamText },
  handlers: QuestionHandlers = {},
): Promise<LibraryAnswer> {
  if (passages.length === 0) return { answer: nothingFoundAnswer, citations: [] };
  const label = artefactLabels.answer;
  const system = fillTemplate(libraryAnswerFrame.system, answerGuidance(run.prompts ?? {}), label);
  const promptFor = (text: string): string =>
    fillTemplate(libraryAnswerFrame.prompt, { question, passages: text }, label);
  const answerTokens = answerTokensFor(run.limits, answerWanted);
  const budget = contentBudget(run.limits.contextWindow, {
    promptTokens: estimateTokens(system) + estimateTokens(promptFor('')),
    answerTokens,
  });
  if (budget <= 0)
    throw new ContextTooSmallError(run.limits.contextWindow, run.limits.contextWindow - budget);
  const sent = passagesThatFit(passages, budget);

  let written = '';
  let shown = '';
  const answer = await streamChecked(
    run.streamText,
    {
      artefact: label,
      contextWindow: run.limits.contextWindow,
      system,
      prompt: promptFor(sent.text),
      maxOutputTokens: answerTokens,
      signal: run.signal,
    },
    {
      onText: (text) => {
        written += text;
        const soFar = jsonStringSoFar(written, 'answer') ?? '';
        if (soFar.length > shown.length && soFar.startsWith(shown)) {
          handlers.onText?.(soFar.slice(shown.length));
          shown = soFar;
        }
      },
      onRestart: () => {
        written = '';
        shown = '';
        handlers.onRestart?.();
      },
      problemWith: (text) => {
        const read = readProposal(text);
        return read.ok ? undefined : read.reason;
      },
    },
  );
  const read = readProposal(answer);
  // streamChecked returns only an answer that passed problemWith.
  if (!read.ok) throw new Error(read.reason);
  return groundedAnswer(read.proposal, sent.passages);
}

/**
 * The passages sent, best first, numbered from 1 in that order, as many as `budget` tokens hold;
 * the best one alone, cut short, if not even it fits whole.
 */
function passagesThatFit(
  passages: readonly LibraryPassage[],
  budget: number,
): { passages: LibraryPassage[]; text: string } {
  const chosen: LibraryPassage[] = [];
  const texts: string[] = [];
  let spent = 0;
  for (const passage of passages) {
    const text = renderPassage(chosen.length + 1, passage);
    // Two line breaks between passages.
    const cost = estimateTokens(text) + 2;
    if (spent + cost > budget) continue;
    chosen.push(passage);
    texts.push(text);
    spent += cost;
  }
  const [best] = passages;
  if (chosen.length === 0 && best !== undefined) {
    return { passages: [best], text: truncateToTokens(renderPassage(1, best), budget) };
  }
  return { passages: chosen, text: texts.join('\n\n') };
}

/** `[3] Budget review, 2026-11-02` and the passage's lines as `[0:12:05] Ana: text`. */
function renderPassage(number: number, passage: LibraryPassage): string {
  const lines = passage.lines.map((line) => ({ ...line, text: line.text.trim() }));
  return `[${number}] ${passage.sessionTitle}, ${localDate(passage.sessionStartedAt)}\n${renderLines(lines, timedLine)}`;
}

function localDate(epochMs: number): string {
  const date = new Date(epochMs);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

type Read = { ok: true; proposal: LibraryAnswerProposal } | { ok: false; reason: string };

/** The model's JSON, read tolerantly: text or a Markdown fence around the object is set aside. */
function readProposal(text: string): Read {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return { ok: false, reason: 'the answer was not a JSON object' };
  let json: unknown;
  try {
    json = JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    return { ok: false, reason: `the answer was not valid JSON (${(error as Error).message})` };
  }
  const parsed = libraryAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, reason: 'the JSON needs "answer" (text) and "citations" ([{"passage", "quote"}])' };
  }
  return { ok: true, proposal: parsed.data };
}

/** `[3]`, `[3, 5]`: the passages a statement rests on. */
const passageMarker = /\s?\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]/g;

function groundedAnswer(proposal: LibraryAnswerProposal, passages: readonly LibraryPassage[]): LibraryAnswer {
  const citations: LibraryCitation[] = [];
  const cited = new Set<number>();
  const cite = (number: number, passage: LibraryPassage, line: PassageLine, quote: string): void => {
    cited.add(number);
    if (
      citations.some(
        (citation) => citation.sessionId === passage.sessionId && citation.startMs === line.startMs,
      )
    )
      return;
    citations.push({
      passage: number,
      sessionId: passage.sessionId,
      sessionTitle: passage.sessionTitle,
      sessionStartedAt: passage.sessionStartedAt,
      startMs: line.startMs,
      endMs: line.endMs,
      quote: quoteOf(quote),
      speaker: line.speaker,
    });
  };

  for (const { passage: number, quote } of proposal.citations) {
    const passage = passages[number - 1];
    const found = passage === undefined ? undefined : lineQuoted(quote, passage.lines);
    if (passage === undefined || found === undefined) continue;
    cite(number, passage, found.line, found.exact ? quote : found.line.text);
  }
  const markers = [...proposal.answer.matchAll(passageMarker)].flatMap(([, numbers = '']) =>
    numbers.split(/[,;]/).map(Number),
  );
  for (const number of markers) {
    const passage = passages[number - 1];
    const line = passage === undefined ? undefined : lineWithMostTerms(passage);
    if (passage !== undefined && line !== undefined && !cited.has(number))
      cite(number, passage, line, line.text);
  }

  // A marker pointing at no passage sent is taken out, so no citation shows that nothing backs.
  const answer = proposal.answer.replace(passageMarker, (marker: string, numbers: string) => {
    const kept = numbers
      .split(/[,;]/)
      .map(Number)
      .filter((number) => cited.has(number));
    const leadingSpace = marker.slice(0, marker.indexOf('['));
    return kept.length === 0 ? '' : `${leadingSpace}[${[...new Set(kept)].join(', ')}]`;
  });
  return { answer: answer.trim(), citations };
}

function lineWithMostTerms(passage: LibraryPassage): PassageLine | undefined {
  const count = (line: PassageLine): number => {
    const folded = line.text.toLowerCase();
    return passage.terms.filter((term) => folded.includes(term)).length;
  };
  return passage.lines.reduce<PassageLine | undefined>(
    (best, line) => (best === undefined || count(line) > count(best) ? line : best),
    undefined,
  );
}

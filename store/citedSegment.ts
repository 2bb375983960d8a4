import type { AskEntry, Citation, Segment } from './records.ts';

/** The `[H:MM:SS]` times an answer cites, grounded on segment starts when it was saved. */
const citedTime = /\[(?:\d+:)?\d{1,2}:\d{2}(?:\s*,\s*(?:\d+:)?\d{1,2}:\d{2})*\]/g;
const timeInCitation = /(?:(\d+):)?(\d{1,2}):(\d{2})/g;

/**
 * Where each of an answer's citations is in the transcript. A citation keeps only the quote and its
 * speaker, so its place is found again: the segment whose words it quotes (a long one cut with
 * `…`), of the same speaker; of several such, the one whose start the answer cites. A quote that
 * matches no segment (the transcript changed since) has none. Shared by the CLI and the page.
 */
export function citedSegments(
  entry: Pick<AskEntry, 'answer' | 'citations'>,
  segments: readonly Segment[],
): Array<{ citation: Citation; segment: Segment | undefined }> {
  const citedSeconds = new Set(
    [...entry.answer.matchAll(citedTime)].flatMap(([marker]) =>
      [...marker.matchAll(timeInCitation)].map(
        ([, hours = '0', minutes = '0', seconds = '0']) =>
          (Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds),
      ),
    ),
  );
  return entry.citations.map((citation) => {
    const quoted = segments.filter(
      (segment) => segment.speaker === citation.speaker && quotes(citation.quote, segment.text),
    );
    const segment =
      quoted.find((candidate) => citedSeconds.has(Math.floor(candidate.startMs / 1000))) ?? quoted[0];
    return { citation, segment };
  });
}

/** Whether `quote` is the segment's text, whole or cut short with an ellipsis. */
function quotes(quote: string, text: string): boolean {
  const spoken = text.trim();
  return quote === spoken || (quote.endsWith('…') && spoken.startsWith(quote.slice(0, -1)));
}

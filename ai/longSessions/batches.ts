import { estimateTokens, truncateToTokens } from './tokenEstimate.ts';

/** Texts in one prompt are set apart by a blank line. */
const separatorTokens = 2;

/**
 * Consecutive texts (notes on parts) packed into batches that each fit `budget`, in order, to be
 * combined a batch at a time when they do not fit one request together. Each text is first cut to
 * under half the budget, so any two fit and every batch but the last holds at least two: combining
 * each batch into one text at least halves their number, and rounds of it end.
 */
export function halvingBatches<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  budget: number,
): Array<Array<{ item: T; text: string }>> {
  const batches: Array<Array<{ item: T; text: string }>> = [];
  let batch: Array<{ item: T; text: string }> = [];
  let tokens = 0;
  for (const item of items) {
    const text = truncateToTokens(textOf(item), Math.floor(budget / 2) - separatorTokens);
    const textTokens = estimateTokens(text) + separatorTokens;
    if (batch.length > 0 && tokens + textTokens > budget) {
      batches.push(batch);
      batch = [];
      tokens = 0;
    }
    batch.push({ item, text });
    tokens += textTokens;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

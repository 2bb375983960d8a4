/**
 * Consecutive items packed into batches whose estimated tokens stay within a budget, in order: the
 * notes of many parts combined a batch at a time when they do not fit one request together.
 * An item over the budget alone makes a batch of its own; the caller keeps items small enough.
 */
export function batchesWithin<T>(items: readonly T[], tokensOf: (item: T) => number, budget: number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let tokens = 0;
  for (const item of items) {
    const itemTokens = tokensOf(item);
    if (batch.length > 0 && tokens + itemTokens > budget) {
      batches.push(batch);
      batch = [];
      tokens = 0;
    }
    batch.push(item);
    tokens += itemTokens;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

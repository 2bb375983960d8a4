import { describe, expect, it } from 'vitest';
import { halvingBatches } from './batches.ts';
import { estimateTokens } from './tokenEstimate.ts';

describe('halvingBatches', () => {
  const notes = Array.from(
    { length: 25 },
    (_, index) => `Notes on part ${index}: ${'the budget was discussed '.repeat(index * 7)}`,
  );

  it('keeps the order, fits each batch in the budget and puts at least two in all but the last', () => {
    const budget = 600;
    const batches = halvingBatches(notes, (text) => text, budget);
    expect(batches.flat().map((entry) => entry.item)).toEqual(notes);
    for (const batch of batches) {
      expect(batch.reduce((sum, entry) => sum + estimateTokens(entry.text) + 2, 0)).toBeLessThanOrEqual(
        budget,
      );
    }
    expect(batches.slice(0, -1).every((batch) => batch.length >= 2)).toBe(true);
  });

  it('cuts only texts longer than half the budget', () => {
    const batches = halvingBatches(notes, (text) => text, 600);
    for (const { item, text } of batches.flat()) {
      if (estimateTokens(item) <= 298) expect(text).toBe(item);
      else expect(item.startsWith(text)).toBe(true);
    }
  });
});

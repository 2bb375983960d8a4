/**
 * 60db takes a vocabulary two ways. Live, as the `terms` of the `start` message's `context`; with
 * a context, each utterance's final comes twice, and only the `speech_final` one is kept. Files, as
 * `keywords`: comma-separated `term:weight` pairs, so a term holding a comma or a colon cannot be
 * told apart and is left out; the weight is 60db's default.
 */
export function liveContext(terms: readonly string[]): { context?: { terms: string[] } } {
  return terms.length === 0 ? {} : { context: { terms: [...terms] } };
}

export function keywordsField(terms: readonly string[]): string | undefined {
  const sendable = terms.filter((term) => !/[,:]/.test(term));
  return sendable.length === 0 ? undefined : sendable.join(',');
}

/** Soniox takes a vocabulary as the `terms` of its `context` object, on files and live alike. */
export function vocabularyContext(terms: readonly string[]): { context?: { terms: string[] } } {
  return terms.length === 0 ? {} : { context: { terms: [...terms] } };
}

/**
 * Gladia's custom vocabulary, the same object in a pre-recorded job and under a live session's
 * `realtime_processing`: the switch on, and the terms as plain strings (Gladia's default intensity).
 */
export function customVocabulary(terms: readonly string[]): {
  custom_vocabulary?: true;
  custom_vocabulary_config?: { vocabulary: string[] };
} {
  return terms.length === 0
    ? {}
    : { custom_vocabulary: true, custom_vocabulary_config: { vocabulary: [...terms] } };
}

import { providerTerms, type VocabularyUse } from '../vocabulary/fittingTerms.ts';
import { metadata } from './metadata.ts';

/** Scribe refuses a keyterm with one of these characters, or of more than five words. */
const unsupportedCharacters = /[<>{}[\]\\]/;
const mostWords = 5;

/**
 * The custom vocabulary as Scribe v2's `keyterms` (repeated, in the batch form and the real-time
 * query): the terms it would refuse are left out, and the rest cut to its limits for files or live.
 */
export function keyterms(use: VocabularyUse, terms: readonly string[] | undefined): string[] {
  const acceptable = (terms ?? []).filter(
    (term) => !unsupportedCharacters.test(term) && term.split(/\s+/).length <= mostWords,
  );
  return providerTerms(metadata, use, acceptable);
}

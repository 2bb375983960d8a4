import { providerTerms, type VocabularyUse } from '../vocabulary/fittingTerms.ts';
import { metadata } from './metadata.ts';

/**
 * The custom vocabulary as Volcengine's hot words sent with the request (no hot-word table made on
 * its console first): `request.corpus.context`, a JSON *string* of `{"hotwords": [{"word": …}]}`,
 * the same for the flash file recognizer and the streaming one. Nothing when there are no terms.
 */
export function hotWordsCorpus(
  use: VocabularyUse,
  terms: readonly string[] | undefined,
): { corpus?: { context: string } } {
  const words = providerTerms(metadata, use, terms);
  if (words.length === 0) return {};
  return { corpus: { context: JSON.stringify({ hotwords: words.map((word) => ({ word })) }) } };
}

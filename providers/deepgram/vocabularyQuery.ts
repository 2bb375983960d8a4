import { providerTerms, type VocabularyUse } from '../vocabulary/fittingTerms.ts';
import { metadata } from './metadata.ts';

/**
 * The custom vocabulary in a listen request's query, one parameter per term: `keyterm` for Nova-3
 * (keyterm prompting), `keywords` for the older models, which know no keyterms.
 */
export function withVocabulary(
  url: string,
  model: string,
  use: VocabularyUse,
  terms: readonly string[] | undefined,
): string {
  const withTerms = new URL(url);
  const parameter = model.startsWith('nova-3') ? 'keyterm' : 'keywords';
  for (const term of providerTerms(metadata, use, terms)) withTerms.searchParams.append(parameter, term);
  return withTerms.toString();
}

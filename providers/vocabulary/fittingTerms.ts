import type { ProviderMetadata, VocabularyLimits } from '../contract.ts';

export type VocabularyUse = 'file' | 'live';

/**
 * The terms a vendor is sent: in the user's order, leaving out those longer than it takes and
 * stopping at its count or its total length. A list over a vendor's limit is cut, never refused,
 * and the cut is told where the list is edited (vocabularyNote).
 */
export function fittingTerms(terms: readonly string[], limits: VocabularyLimits): string[] {
  const fitting: string[] = [];
  let characters = 0;
  for (const term of terms) {
    if (limits.maxTerms !== undefined && fitting.length >= limits.maxTerms) break;
    if (limits.maxTermCharacters !== undefined && term.length > limits.maxTermCharacters) continue;
    if (limits.maxCharacters !== undefined && characters + term.length > limits.maxCharacters) break;
    fitting.push(term);
    characters += term.length;
  }
  return fitting;
}

/** The terms this provider is sent for a file or a live session; none when it takes none. */
export function providerTerms(
  metadata: Pick<ProviderMetadata, 'vocabulary'>,
  use: VocabularyUse,
  terms: readonly string[] | undefined,
): string[] {
  const support = metadata.vocabulary;
  if (support === null || terms === undefined) return [];
  return fittingTerms(terms, limitsFor(support, use));
}

/**
 * What the user is told about a list and a provider: that it takes none, or which terms it leaves
 * out and why; undefined when every term reaches it.
 */
export function vocabularyNote(
  metadata: Pick<ProviderMetadata, 'name' | 'vocabulary' | 'capabilities'>,
  terms: readonly string[],
): string | undefined {
  const support = metadata.vocabulary;
  if (terms.length === 0) return undefined;
  if (support === null)
    return `${metadata.name} takes no custom vocabulary; its transcripts ignore the list.`;
  // Files and live are told apart only where the vendor's limits differ between them.
  const uses: VocabularyUse[] =
    metadata.capabilities.streaming && support.live !== undefined ? ['file', 'live'] : ['file'];
  const notes = uses.flatMap((use) => {
    const sent = fittingTerms(terms, limitsFor(support, use)).length;
    if (sent === terms.length) return [];
    const where = uses.length === 1 ? '' : use === 'file' ? ' for files' : ' live';
    return [
      `${metadata.name} is sent ${sent} of the ${terms.length} terms${where} (${limitText(limitsFor(support, use))}).`,
    ];
  });
  return notes.length === 0 ? undefined : notes.join(' ');
}

/** How a provider takes the custom vocabulary, in a line: its parameter and limits, or that it takes none. */
export function vocabularyDescription(
  metadata: Pick<ProviderMetadata, 'vocabulary' | 'capabilities'>,
): string {
  const support = metadata.vocabulary;
  if (support === null) return "none: the vendor's API takes no custom vocabulary";
  const limits = (use: VocabularyUse) => limitText(limitsFor(support, use)) || 'no limit of its own';
  const shown =
    metadata.capabilities.streaming && support.live !== undefined
      ? `files: ${limits('file')}; live: ${limits('live')}`
      : limits('file');
  return `sent as ${support.parameter} (${shown})`;
}

function limitsFor(
  support: NonNullable<ProviderMetadata['vocabulary']>,
  use: VocabularyUse,
): VocabularyLimits {
  return use === 'live' ? (support.live ?? support.file) : support.file;
}

function limitText(limits: VocabularyLimits): string {
  return [
    limits.maxTerms === undefined ? undefined : `at most ${limits.maxTerms} terms`,
    limits.maxTermCharacters === undefined
      ? undefined
      : `each at most ${limits.maxTermCharacters} characters`,
    limits.maxCharacters === undefined ? undefined : `${limits.maxCharacters} characters in all`,
  ]
    .filter((part) => part !== undefined)
    .join(', ');
}

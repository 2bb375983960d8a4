import { z } from 'zod';
import type { SessionStore } from './sessionStore.ts';

/**
 * The user's custom vocabulary (names, jargon the engines keep getting wrong), kept in one settings
 * value (`vocabulary`, JSON text): terms for every session, and per topic of the library, terms its
 * sessions add. A topic's terms live here rather than in the topic's row, so the topics table keeps
 * its columns and needs no migration.
 */

/** A term is a word or a short phrase; vendors that take phrases cap them near this length. */
export const longestTerm = 100;
/** More than any vendor takes (AssemblyAI files and ElevenLabs batch: 1,000). */
export const mostTerms = 1000;

export const termListSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A term is a word or a phrase; an empty one means nothing.')
      .max(longestTerm, `A term is at most ${longestTerm} characters.`),
  )
  .max(mostTerms, `The vocabulary holds at most ${mostTerms} terms.`)
  .transform((terms) => [...new Set(terms)]);

export const storedVocabularySchema = z.strictObject({
  terms: termListSchema.optional(),
  topics: z.record(z.string(), termListSchema).optional(),
});

export type StoredVocabulary = z.infer<typeof storedVocabularySchema>;

/** The id of the store's settings value that holds it. */
export const vocabularyValueId = 'vocabulary';

/** The stored value read back; a value that is missing or damaged counts as no terms at all. */
export function readVocabulary(value: unknown): StoredVocabulary {
  if (typeof value !== 'string') return {};
  try {
    const parsed = storedVocabularySchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The terms a session of `topicId` is transcribed with: everyone's, then its topic's, each once. */
export function sessionTerms(stored: StoredVocabulary, topicId: string | null | undefined): string[] {
  const topic = topicId === null || topicId === undefined ? [] : (stored.topics?.[topicId] ?? []);
  return [...new Set([...(stored.terms ?? []), ...topic])];
}

/** The terms a session is transcribed with now, read from the store as each request is made. */
export function vocabularyOfSession(
  store: Pick<SessionStore, 'getSetting' | 'getSession'>,
  sessionId: string,
): string[] {
  return sessionTerms(
    readVocabulary(store.getSetting(vocabularyValueId)),
    store.getSession(sessionId)?.topicId,
  );
}

/**
 * What an import leaves: `replace` takes the file's vocabulary, `merge` keeps the store's terms and
 * adds the file's after them, list by list (everyone's, then each topic's).
 */
export function importedVocabulary(
  stored: StoredVocabulary,
  file: StoredVocabulary,
  mode: 'merge' | 'replace',
): StoredVocabulary {
  if (mode === 'replace') return file;
  const union = (left: string[] = [], right: string[] = []) => [...new Set([...left, ...right])];
  const topicIds = new Set([...Object.keys(stored.topics ?? {}), ...Object.keys(file.topics ?? {})]);
  return {
    terms: union(stored.terms, file.terms),
    topics: Object.fromEntries(
      [...topicIds].map((topicId) => [topicId, union(stored.topics?.[topicId], file.topics?.[topicId])]),
    ),
  };
}

/** Whether there is any term at all, for writers that leave an empty vocabulary out. */
export function hasTerms(vocabulary: StoredVocabulary): boolean {
  return (
    (vocabulary.terms ?? []).length > 0 ||
    Object.values(vocabulary.topics ?? {}).some((terms) => terms.length > 0)
  );
}

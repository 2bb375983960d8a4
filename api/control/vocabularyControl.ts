import { Hono } from 'hono';
import { z } from 'zod';
import { providerDefinitions } from '../../providers/registry.ts';
import { vocabularyNote } from '../../providers/vocabulary/fittingTerms.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import {
  longestTerm,
  mostTerms,
  readVocabulary,
  sessionTerms,
  termListSchema,
  vocabularyValueId,
  type StoredVocabulary,
} from '../../store/vocabulary.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

export const vocabularyRequestSchema = z.strictObject({
  terms: termListSchema.meta({ description: 'Names and jargon, one term (a word or a phrase) each' }),
});

const providerVocabularySchema = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  parameter: z
    .string()
    .nullable()
    .meta({ description: "The vendor's own name for what it is sent as; null when it takes none" }),
  note: z
    .string()
    .nullable()
    .meta({ description: 'What of the list this provider does not get, and why; null when it gets it all' }),
});

/** The answer of `GET`/`PUT /vocabulary`. */
export const vocabularyAnswerSchema = z.object({
  terms: z.array(z.string()).meta({ description: 'The terms every session is transcribed with' }),
  topics: z
    .record(z.string(), z.array(z.string()))
    .meta({ description: 'Topic id → the terms its sessions add' }),
  providers: z.array(providerVocabularySchema),
});

/** The answer of `GET`/`PUT /topics/:id/vocabulary`. */
export const topicVocabularyAnswerSchema = z.object({
  topicId: z.string(),
  terms: z.array(z.string()).meta({ description: 'The terms the topic adds' }),
  sessionTerms: z.array(z.string()).meta({
    description: "What a session of the topic is transcribed with: everyone's terms, then the topic's",
  }),
  providers: z.array(providerVocabularySchema),
});

export type VocabularyAnswer = z.infer<typeof vocabularyAnswerSchema>;
export type TopicVocabularyAnswer = z.infer<typeof topicVocabularyAnswerSchema>;

const usage = `Send {"terms": ["<a word or phrase>", …]}: at most ${mostTerms} terms of at most ${longestTerm} characters; [] clears the list.`;

/**
 * The custom vocabulary on the control channel, kept in the store's settings (one value,
 * store/vocabulary.ts) and read by every transcription as it sends a request:
 * - `GET /vocabulary` → `{terms, topics, providers}`: the lists, and for each provider what it is
 *   sent as and what of the list it leaves out
 * - `PUT /vocabulary` `{terms}` → the same: everyone's terms, replaced whole; topics keep theirs
 * - `GET /topics/:id/vocabulary` → `{topicId, terms, sessionTerms, providers}`
 * - `PUT /topics/:id/vocabulary` `{terms}` → the same: the topic's terms, replaced whole
 */
export function createVocabularyControl(dependencies: { store: SessionStore }): Hono {
  const { store } = dependencies;
  const app = new Hono();
  const read = () => readVocabulary(store.getSetting(vocabularyValueId));
  const write = (vocabulary: StoredVocabulary) =>
    store.setSetting(vocabularyValueId, JSON.stringify(vocabulary));
  const unknownTopic = (topicId: string) =>
    errorResponse('topic_not_found', `There is no topic ${topicId}; it may have been deleted.`);

  app.get('/vocabulary', (context) => context.json(answerOf(read())));

  app.put('/vocabulary', async (context) => {
    const parsed = await parseJsonBody(context, vocabularyRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    const stored = { ...read(), terms: parsed.data.terms };
    write(stored);
    return context.json(answerOf(stored));
  });

  app.get('/topics/:id/vocabulary', (context) => {
    const topicId = context.req.param('id');
    if (!store.hasTopic(topicId)) return unknownTopic(topicId);
    return context.json(topicAnswerOf(read(), topicId));
  });

  app.put('/topics/:id/vocabulary', async (context) => {
    const topicId = context.req.param('id');
    const parsed = await parseJsonBody(context, vocabularyRequestSchema, usage);
    if (!parsed.ok) return parsed.response;
    if (!store.hasTopic(topicId)) return unknownTopic(topicId);
    const stored = read();
    const { [topicId]: _replaced, ...otherTopics } = stored.topics ?? {};
    const topics =
      parsed.data.terms.length === 0 ? otherTopics : { ...otherTopics, [topicId]: parsed.data.terms };
    const changed = { ...stored, topics };
    write(changed);
    return context.json(topicAnswerOf(changed, topicId));
  });

  return app;
}

function answerOf(stored: StoredVocabulary): VocabularyAnswer {
  const terms = stored.terms ?? [];
  return { terms, topics: stored.topics ?? {}, providers: providersFor(terms) };
}

function topicAnswerOf(stored: StoredVocabulary, topicId: string): TopicVocabularyAnswer {
  const combined = sessionTerms(stored, topicId);
  return {
    topicId,
    terms: stored.topics?.[topicId] ?? [],
    sessionTerms: combined,
    providers: providersFor(combined),
  };
}

function providersFor(terms: readonly string[]): VocabularyAnswer['providers'] {
  return providerDefinitions.map(({ metadata }) => ({
    id: metadata.id,
    label: metadata.label,
    name: metadata.name,
    parameter: metadata.vocabulary?.parameter ?? null,
    note: vocabularyNote(metadata, terms) ?? null,
  }));
}

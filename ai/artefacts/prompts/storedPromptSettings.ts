import { z } from 'zod';
import type { SessionStore } from '../../../store/sessionStore.ts';
import { artefactNames } from './artefactInstructions.ts';
import type { ArtefactName } from './artefactInstructions.ts';
import type { PromptSettings } from './promptSettings.ts';
import { topicTemplateNames } from './topicInstructions.ts';

/**
 * The user's prompt choices as the store keeps them, in one settings value (`promptSettings`, JSON
 * text): instructions of their own for some artefacts and the language to write in, for every
 * session; and per topic of the library, the kind of recording its sessions are (a template of
 * topicInstructions.ts) and instructions of its own. A topic's choice lives here rather than in
 * the topic's row, so the topics table keeps its columns and needs no migration.
 */

const longestInstructions = 4000;

const overridesSchema = z
  .partialRecord(
    z.enum(artefactNames),
    z.string().max(longestInstructions, `Instructions are at most ${longestInstructions} characters.`),
  )
  .meta({
    description: 'Instructions replacing the template’s, by artefact; "" or left out: the template’s',
  });

export const topicPromptSettingsSchema = z.strictObject({
  template: z
    .enum(topicTemplateNames, { error: `template must be one of ${topicTemplateNames.join(', ')}` })
    .nullable()
    .optional()
    .meta({
      description: 'The kind of recording: its instructions replace the defaults; null for the defaults',
    }),
  overrides: overridesSchema.optional(),
});

export const storedPromptSettingsSchema = z.strictObject({
  overrides: overridesSchema.optional(),
  outputLanguage: z
    .string()
    .trim()
    .max(60, 'outputLanguage is a language name or code, such as German or de')
    .optional()
    .meta({ description: 'The language to write in; "" or left out: the transcript’s' }),
  topics: z
    .record(z.string(), topicPromptSettingsSchema)
    .optional()
    .meta({ description: 'Topic id → its template and instructions' }),
});

export type TopicPromptSettings = z.infer<typeof topicPromptSettingsSchema>;
export type StoredPromptSettings = z.infer<typeof storedPromptSettingsSchema>;

/** The id of the store's settings value that holds them. */
export const promptSettingsValueId = 'promptSettings';

/** The stored value read back; a value that is missing or damaged counts as no choice at all. */
export function readPromptSettings(value: unknown): StoredPromptSettings {
  if (typeof value !== 'string') return {};
  try {
    const parsed = storedPromptSettingsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * What a session of `topicId` is generated with: its topic's template; instructions of the topic's
 * own over the user's general ones (an empty one in neither place counts); the output language.
 */
export function sessionPromptSettings(
  stored: StoredPromptSettings,
  topicId: string | null | undefined,
): PromptSettings {
  const topic = topicId === null || topicId === undefined ? undefined : stored.topics?.[topicId];
  const overrides = { ...written(stored.overrides), ...written(topic?.overrides) };
  const outputLanguage = stored.outputLanguage?.trim() ?? '';
  return {
    ...(topic?.template === undefined || topic.template === null ? {} : { topic: topic.template }),
    ...(Object.keys(overrides).length === 0 ? {} : { overrides }),
    ...(outputLanguage === '' ? {} : { outputLanguage }),
  };
}

function written(
  overrides: Partial<Record<ArtefactName, string>> | undefined,
): Partial<Record<ArtefactName, string>> {
  return Object.fromEntries(Object.entries(overrides ?? {}).filter(([, text]) => text.trim() !== ''));
}

/** What a session's generation is given, read from the store as its job generates. */
export function promptSettingsOfSession(
  store: Pick<SessionStore, 'getSetting' | 'getSession'>,
  sessionId: string,
): PromptSettings {
  return sessionPromptSettings(
    readPromptSettings(store.getSetting(promptSettingsValueId)),
    store.getSession(sessionId)?.topicId,
  );
}

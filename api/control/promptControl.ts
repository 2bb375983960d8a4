import { Hono } from 'hono';
import {
  artefactLabels,
  artefactNames,
  defaultInstructions,
  type ArtefactInstructions,
  type ArtefactName,
} from '../../ai/artefacts/prompts/artefactInstructions.ts';
import {
  promptSettingsValueId,
  readPromptSettings,
  storedPromptSettingsSchema,
  topicPromptSettingsSchema,
  type StoredPromptSettings,
} from '../../ai/artefacts/prompts/storedPromptSettings.ts';
import {
  topicInstructions,
  topicTemplateNames,
  type TopicTemplateName,
} from '../../ai/artefacts/prompts/topicInstructions.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { errorResponse } from '../responses.ts';
import { parseJsonBody } from './requestBody.ts';

/** The general choices a `PUT /prompts` replaces; topics are set one at a time. */
export const promptSettingsRequestSchema = storedPromptSettingsSchema.omit({ topics: true });

/** What the prompt routes answer: the user's choices, and what they are chosen over. */
export interface PromptsAnswer {
  settings: StoredPromptSettings;
  /** The instructions each artefact gets when nothing is chosen. */
  defaults: ArtefactInstructions;
  /** Each kind of recording's instructions, which replace the defaults they list. */
  templates: Record<TopicTemplateName, Partial<ArtefactInstructions>>;
  /** The artefacts in order, each as people call it. */
  artefacts: Array<{ name: ArtefactName; label: string }>;
}

const promptsUsage = `Send {"overrides"?: {"<artefact>": "<instructions>"}, "outputLanguage"?: "<language>"}; artefacts: ${artefactNames.join(', ')}.`;
const topicPromptsUsage = `Send {"template"?: ${topicTemplateNames.map((name) => `"${name}"`).join(' | ')} | null, "overrides"?: {"<artefact>": "<instructions>"}}.`;

/**
 * The user's prompt templates on the control channel, kept in the store's settings (one value,
 * storedPromptSettings.ts) and read by each AI job as it generates:
 * - `GET /prompts` → `{settings, defaults, templates, artefacts}`
 * - `PUT /prompts` `{overrides?, outputLanguage?}` → the same: the general choices, replaced whole
 *   (what is left out goes back to the default); each topic's stay as they are
 * - `PUT /topics/:id/prompts` `{template?, overrides?}` → the same: the topic's choices, replaced whole
 */
export function createPromptControl(dependencies: { store: SessionStore }): Hono {
  const { store } = dependencies;
  const app = new Hono();
  const read = () => readPromptSettings(store.getSetting(promptSettingsValueId));
  const write = (settings: StoredPromptSettings): Response => {
    store.setSetting(promptSettingsValueId, JSON.stringify(settings));
    return Response.json(answerOf(settings));
  };

  app.get('/prompts', (context) => context.json(answerOf(read())));

  app.put('/prompts', async (context) => {
    const parsed = await parseJsonBody(context, promptSettingsRequestSchema, promptsUsage);
    if (!parsed.ok) return parsed.response;
    const { topics } = read();
    return write({ ...parsed.data, ...(topics === undefined ? {} : { topics }) });
  });

  app.put('/topics/:id/prompts', async (context) => {
    const topicId = context.req.param('id');
    const parsed = await parseJsonBody(context, topicPromptSettingsSchema, topicPromptsUsage);
    if (!parsed.ok) return parsed.response;
    if (!store.hasTopic(topicId)) {
      return errorResponse('topic_not_found', `There is no topic ${topicId}; it may have been deleted.`);
    }
    const settings = read();
    return write({ ...settings, topics: { ...settings.topics, [topicId]: parsed.data } });
  });

  return app;
}

function answerOf(settings: StoredPromptSettings): PromptsAnswer {
  return {
    settings,
    defaults: defaultInstructions,
    templates: topicInstructions,
    artefacts: artefactNames.map((name) => ({ name, label: artefactLabels[name] })),
  };
}

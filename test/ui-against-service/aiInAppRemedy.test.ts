import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chosenAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import {
  type AiProviderConfig,
  aiProviderFieldSchemas,
  aiProviderSecretFields,
} from '../../ai/providers/aiProviderConfig.ts';
import { aiProviderKinds } from '../../ai/providers/aiProviderKinds.ts';
import { classifyAiError } from '../../ai/providers/classifyAiError.ts';
import { schemaFormFields } from '../../api/control/configFormFields.ts';
import { aiSettingLabels, withoutCommandLines } from '../../ui/settings/inAppRemedy.ts';

const openAi: AiProviderConfig = {
  kind: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  apiKey: 'sk-proj-fake-0123456789',
};
const ollama: AiProviderConfig = {
  kind: 'ollama',
  baseUrl: 'http://127.0.0.1:11434',
  model: 'llama3.2',
  contextWindow: 131_072,
};

function answered(status: number, message: string): APICallError {
  return new APICallError({
    message: 'from the SDK',
    url: 'https://api.openai.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: {},
    responseBody: JSON.stringify({ error: { message } }),
  });
}

const inApp = (message: string) => withoutCommandLines(message);

describe('AI provider messages in the app', () => {
  it('say where in Settings → AI to change what the service names as a command', () => {
    const refused = inApp(classifyAiError(answered(401, 'Incorrect API key provided.'), openAi).message);
    expect(refused).toMatch(/and set it in Settings → AI → openai, field “API key”$/);
    const renamed = inApp(classifyAiError(answered(401, 'Bad key.'), openAi, 'work').message);
    expect(renamed).toContain('in Settings → AI → work, field “API key”');
    const noModel = inApp(classifyAiError(answered(404, 'The model does not exist.'), openAi).message);
    expect(noModel).toMatch(/then choose one in Settings → AI → openai, field “Model”$/);
    const tooLong = inApp(
      classifyAiError(answered(400, "This model's maximum context length is 8192 tokens."), ollama).message,
    );
    expect(tooLong).toContain('Context window (tokens)');
    expect(tooLong).toMatch(/in Settings → AI → ollama, field “Context window \(tokens\)”$/);
    for (const message of [refused, renamed, noModel, tooLong])
      expect(message).not.toMatch(/earshot|apiKey|=/);
  });

  it('send a user with no AI provider, or no default one, to Settings → AI', () => {
    const none = chosenAiProvider({});
    const noDefault = chosenAiProvider({ providers: { work: { kind: 'openai', model: 'gpt-4o-mini' } } });
    if (none.ok || noDefault.ok) throw new Error('a provider was chosen');
    expect(inApp(none.message)).toBe('No AI provider is set up. Add one in Settings → AI.');
    expect(inApp(noDefault.message)).toBe('No AI provider is the default. Choose one in Settings → AI.');
  });

  it('name each setting by the label Settings → AI shows for it', () => {
    for (const [field, label] of Object.entries(aiSettingLabels)) {
      const labels = aiProviderKinds.flatMap((kind) =>
        schemaFormFields(z.object(aiProviderFieldSchemas[kind]), aiProviderSecretFields, kind)
          .filter(({ name }) => name === field)
          .map((form) => form.label),
      );
      expect({ field, labels: [...new Set(labels)] }).toEqual({ field, labels: [label] });
    }
  });

  it('leave transcription provider messages alone', () => {
    expect(inApp('baseUrl is required.')).toBe('baseUrl is required.');
  });
});

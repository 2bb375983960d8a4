import { chosenAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import { classifyAiError } from '../../ai/providers/classifyAiError.ts';
import { modelFunctionsFor } from '../../ai/providers/modelFunctionsFor.ts';
import { defaultMaxOutputTokens } from '../../ai/longSessions/requestBudget.ts';
import { readAiSettings } from '../../store/aiProviderSettings.ts';
import type { ModelSubject } from './aiJob.ts';
import type { AiModel } from './aiModel.ts';

/**
 * The model for an AI job, read from the settings as the job starts (so a provider set up
 * meanwhile counts): the one named, else the topic's (the session's, or the one a library
 * question asks), else the default. A string says
 * what is missing and how to set it up.
 */
export function aiModelChoice(dataDirectory: string) {
  return (subject: ModelSubject, aiProvider: string | undefined): AiModel | string => {
    const chosen = chosenAiProvider(readAiSettings(dataDirectory), {
      name: aiProvider,
      topicId: subject.topicId ?? undefined,
    });
    if (!chosen.ok) return chosen.message;
    const { config, name } = chosen;
    const functions = modelFunctionsFor(config);
    return {
      name,
      generateStructured: functions.generateStructured,
      streamText: functions.streamText,
      limits: { contextWindow: functions.contextWindow, maxOutputTokens: defaultMaxOutputTokens },
      describeFailure: (error) => {
        const classified = classifyAiError(error, config, name);
        return {
          message: classified.message,
          transient: classified.transient,
          retryAfterMs: classified.retryAfterMs,
        };
      },
    };
  };
}

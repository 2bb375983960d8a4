import type { StoredAiSettings } from '../../store/aiProviderSettings.ts';
import type { AiProviderConfig } from './aiProviderConfig.ts';
import { checkAiProviderConfig } from './aiProviderConfigCheck.ts';
import { notFound } from './aiProviderChanges.ts';

/**
 * Which AI provider is used where: one is the default, and a topic may name its own (a lecture
 * series on a local model, client meetings on another). As pure changes and reads of the stored
 * settings, like aiProviderChanges.ts.
 */

/** Makes `name` the provider used when nothing else is chosen. Throws AiSettingsError if there is none. */
export function chooseDefaultAiProvider(settings: StoredAiSettings, name: string): StoredAiSettings {
  if (settings.providers?.[name] === undefined) throw notFound(settings, name);
  return { ...settings, defaultAiProvider: name };
}

/** Has a topic's sessions use `name`, or with undefined the default again. */
export function chooseTopicAiProvider(
  settings: StoredAiSettings,
  topicId: string,
  name: string | undefined,
): StoredAiSettings {
  if (name !== undefined && settings.providers?.[name] === undefined) throw notFound(settings, name);
  const others = Object.entries(settings.topicAiProviders ?? {}).filter(([topic]) => topic !== topicId);
  return {
    ...settings,
    topicAiProviders: Object.fromEntries(name === undefined ? others : [...others, [topicId, name]]),
  };
}

export type ChosenAiProvider =
  | { ok: true; name: string; config: AiProviderConfig }
  /** `message` says what is missing and how to set it up. */
  | { ok: false; message: string };

/**
 * The provider to use: the one named, else the topic's, else the default; with its settings checked,
 * so that a job never starts on a provider that cannot work.
 */
export function chosenAiProvider(
  settings: StoredAiSettings,
  request: { name?: string; topicId?: string } = {},
): ChosenAiProvider {
  const topicChoice =
    request.topicId === undefined ? undefined : settings.topicAiProviders?.[request.topicId];
  const name = request.name ?? topicChoice ?? settings.defaultAiProvider;
  if (name === undefined) {
    return {
      ok: false,
      message:
        Object.keys(settings.providers ?? {}).length === 0
          ? 'No AI provider is set up. Add one with: earshot ai set KIND model=… (see docs/ai.md).'
          : 'No AI provider is the default. Choose one with: earshot ai use NAME (earshot ai show lists them).',
    };
  }
  const stored = settings.providers?.[name];
  if (stored === undefined) return { ok: false, message: notFound(settings, name).message };
  const check = checkAiProviderConfig(stored);
  if (!check.ok) {
    return {
      ok: false,
      message: `The AI provider "${name}" is not set up yet: ${check.problems.join('; ')}.`,
    };
  }
  return { ok: true, name, config: check.config };
}

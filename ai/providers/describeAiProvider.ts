import type { StoredAiSettings } from '../../store/aiProviderSettings.ts';
import { aiProviderSecretFields } from './aiProviderConfig.ts';
import { checkAiProviderConfig } from './aiProviderConfigCheck.ts';
import { aiProviderKindFacts, isAiProviderKind } from './aiProviderKinds.ts';
import { contextWindowOf, type ContextWindow } from './contextWindows.ts';
import { presetNamed } from './openAiCompatiblePresets.ts';

/** An AI provider as people and programs may see it: everything but its key. */
export interface AiProviderDescription {
  /** `openai`, `ollama`, …; as stored, so a damaged entry still shows what it holds. */
  kind: string;
  /** For people: "OpenAI", "Ollama". */
  kindName: string;
  /** The stored values that are not secrets. */
  values: Record<string, unknown>;
  /** `set` when a key is stored, absent when none is; the key itself never leaves secrets.json. */
  apiKey?: 'set';
  /** Where requests go: the user's baseUrl, else the preset's, else the vendor's. */
  baseUrl?: string;
  model?: string;
  /** How many tokens one request may hold, and where that figure comes from. */
  contextWindow?: ContextWindow;
  /** For an OpenAI-compatible server: whether it is sent a JSON schema for structured output. */
  structuredOutputs?: boolean;
  /** What keeps it from being used, one per setting; empty when it is ready. */
  problems: string[];
  ready: boolean;
}

export function describeAiProvider(stored: Record<string, unknown>): AiProviderDescription {
  const isSecret = (field: string) => (aiProviderSecretFields as readonly string[]).includes(field);
  const values = Object.fromEntries(Object.entries(stored).filter(([field]) => !isSecret(field)));
  const kind = typeof stored.kind === 'string' ? stored.kind : '';
  const description: AiProviderDescription = {
    kind,
    kindName: isAiProviderKind(kind) ? aiProviderKindFacts[kind].name : 'unknown kind',
    values,
    ...(typeof stored.apiKey === 'string' && stored.apiKey !== '' ? { apiKey: 'set' } : {}),
    problems: [],
    ready: false,
  };
  const check = checkAiProviderConfig(stored);
  if (!check.ok) {
    // What is stored, where it reads; the checked values are only there for a complete configuration.
    const baseUrl =
      (typeof stored.baseUrl === 'string' ? stored.baseUrl : undefined) ??
      presetNamed(stored.preset)?.baseUrl ??
      (isAiProviderKind(kind) ? aiProviderKindFacts[kind].defaultBaseUrl : undefined);
    return {
      ...description,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(typeof stored.model === 'string' ? { model: stored.model } : {}),
      problems: check.problems,
    };
  }
  const { config } = check;
  return {
    ...description,
    baseUrl: config.baseUrl,
    model: config.model,
    contextWindow: contextWindowOf(config),
    ...(config.kind === 'openai-compatible' ? { structuredOutputs: config.structuredOutputs } : {}),
    ready: true,
  };
}

/** One configured provider in the list: its name, what it is, and where it is used. */
export interface AiProviderView extends AiProviderDescription {
  name: string;
  /** Used when nothing else is chosen. */
  isDefault: boolean;
  /** The ids of the topics whose sessions use it. */
  topics: string[];
}

export interface AiSettingsView {
  providers: AiProviderView[];
  defaultAiProvider?: string;
  /** Topic id → provider name, for the topics that have their own. */
  topicAiProviders: Record<string, string>;
}

/** Every AI provider, by name, without a key anywhere. */
export function describeAiSettings(settings: StoredAiSettings): AiSettingsView {
  const topicAiProviders = Object.fromEntries(
    Object.entries(settings.topicAiProviders ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const providers = Object.entries(settings.providers ?? {})
    .filter((entry): entry is [string, Record<string, unknown>] => entry[1] !== undefined)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([name, stored]) => describeAiProviderNamed(settings, name, stored));
  return {
    providers,
    ...(settings.defaultAiProvider === undefined ? {} : { defaultAiProvider: settings.defaultAiProvider }),
    topicAiProviders,
  };
}

export function describeAiProviderNamed(
  settings: StoredAiSettings,
  name: string,
  stored: Record<string, unknown>,
): AiProviderView {
  return {
    name,
    isDefault: settings.defaultAiProvider === name,
    topics: Object.entries(settings.topicAiProviders ?? {})
      .filter(([, chosen]) => chosen === name)
      .map(([topic]) => topic),
    ...describeAiProvider(stored),
  };
}

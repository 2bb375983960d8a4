import { readSecrets, writeSecrets } from './secretsFile.ts';

/**
 * The AI (LLM) providers as kept in the user-only secrets file: each one's settings whole, its key
 * included, by the name the user gave it, and which one is used where. Kept beside the speech
 * providers' settings for the same reason: a key there can never leak through the store, the UI
 * replica or a backup, and the CLI can change it while the service runs, which reads it at each use.
 * Values are stored as given and checked by ai/providers/'s schemas on use.
 */
export interface StoredAiSettings {
  /** Each provider's settings (`kind`, `model`, `apiKey`, …) by name. */
  providers?: Partial<Record<string, Record<string, unknown>>>;
  /** The name of the provider used when neither the request nor its topic names one. */
  defaultAiProvider?: string;
  /** The provider a topic's sessions use instead of the default, by topic id. */
  topicAiProviders?: Partial<Record<string, string>>;
  /**
   * Whether a session's digest is made by itself when it completes. Unset: yes once a default AI
   * provider is set up, since nothing can be made before.
   */
  automaticDigest?: boolean;
}

/** Whether a session that completes gets its digest made without being asked. */
export function makesDigestOnCompletion(settings: StoredAiSettings): boolean {
  return settings.automaticDigest ?? settings.defaultAiProvider !== undefined;
}

export function readAiSettings(dataDirectory: string): StoredAiSettings {
  return readSecrets(dataDirectory).ai ?? {};
}

export function writeAiSettings(dataDirectory: string, settings: StoredAiSettings): void {
  writeSecrets(dataDirectory, { ...readSecrets(dataDirectory), ai: settings });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredAiSettings } from './aiProviderSettings.ts';
import { writePrivateFile } from './privateFile.ts';
import type { StoredWebhook } from './webhookSettings.ts';

/**
 * Secrets live outside the store, in one file only the user can read: never synced to the UI,
 * never exported, never logged.
 */
export interface Secrets {
  /** SHA-256 (hex) of the REST API token; the token itself is never kept. */
  apiTokenHash?: string;
  /** Each provider's configuration, credentials included, by provider id. */
  providers?: Partial<Record<string, Record<string, unknown>>>;
  /** The AI (LLM) providers, keys included, and which one is used where. */
  ai?: StoredAiSettings;
  /** The outgoing webhooks: their URLs (which often carry a token) and signing secrets. */
  webhooks?: StoredWebhook[];
}

export const secretsFileName = 'secrets.json';

export function readSecrets(dataDirectory: string): Secrets {
  try {
    return JSON.parse(readFileSync(join(dataDirectory, secretsFileName), 'utf8')) as Secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    // A JSON parse error quotes the text around the fault, which may be a credential: name the problem only.
    const problem = error instanceof SyntaxError ? 'it is not valid JSON' : (error as Error).message;
    throw new Error(
      `Cannot read ${join(dataDirectory, secretsFileName)}: ${problem}. Fix or delete the file (you will need a new API token).`,
      { cause: error },
    );
  }
}

export function writeSecrets(dataDirectory: string, secrets: Secrets): void {
  writePrivateFile(join(dataDirectory, secretsFileName), `${JSON.stringify(secrets, null, 2)}\n`);
}

import { readSettingsCommand } from '../../providers/configuration/settingsCommand.ts';
import type { ProviderView } from './settingsTypes.ts';

/** A service message in the app's words, and the provider whose settings fix it. */
export interface InAppProblem {
  text: string;
  settings?: { providerId: string; providerName: string };
}

/**
 * The browser's form of a message that ends in an `earshot providers set …` command (the CLI's
 * form, written once by the service): the command becomes "Open Settings → Providers → Deepgram
 * Nova and enter the API key", and the fields it names go by their labels. `catalog` gives the
 * names and labels; without it the settings' own names stand in.
 */
export function inAppProblem(message: string, catalog: readonly ProviderView[] | undefined): InAppProblem {
  const inAppText = withoutCommandLines(message);
  const { text, change, lead } = readSettingsCommand(inAppText);
  if (change === undefined) return { text: inAppText };
  const provider = catalog?.find(({ metadata }) => metadata.id === change.providerId);
  const providerName = provider?.metadata.name ?? change.providerId;
  const labelOf = (field: string) => provider?.fields.find(({ name }) => name === field)?.label ?? field;
  const labelled = withFieldLabels(text, provider);
  const actions = [
    change.set.length > 0 ? `enter the ${listed(change.set.map(labelOf))}` : undefined,
    change.clear.length > 0 ? `clear the ${listed(change.clear.map(labelOf))}` : undefined,
  ].filter((action) => action !== undefined);
  const sentence = `Open Settings → Providers → ${providerName} and ${actions.join(' and ')}.`;
  return {
    text: lead === undefined ? labelled : `${labelled} ${sentence}`,
    settings: { providerId: change.providerId, providerName },
  };
}

/**
 * A message without the command lines it offers beside the app's own way: "(run `earshot runtime
 * build` or …, or Settings → Runtime (#/settings/runtime) → Build binary)" reads "(Settings →
 * Runtime → Build binary)" in the app, where the page is a click away.
 */
export function withoutCommandLines(text: string): string {
  return withAiSettingsInApp(
    text
      .replace(/run `earshot [^`]+`(?: or `earshot [^`]+`)*, or /g, '')
      .replace(/, or with `earshot [^`]+`/g, '')
      .replace(/ \(#\/[^)\s]*\)/g, ''),
  );
}

/**
 * The settings of an AI provider that a service message may name, by their labels in Settings → AI
 * (the titles of ai/providers/aiProviderConfig.ts; test/ui-against-service checks they agree).
 */
export const aiSettingLabels: Readonly<Record<string, string>> = {
  model: 'Model',
  apiKey: 'API key',
  baseUrl: 'Server address',
  contextWindow: 'Context window (tokens)',
};

/**
 * An AI provider message with its `earshot ai …` commands put as the place in the app that does
 * the same: "set it with: earshot ai set openai apiKey=KEY" reads "set it in Settings → AI → openai,
 * field “API key”".
 */
function withAiSettingsInApp(text: string): string {
  if (!/earshot ai (?:set|use) /.test(text)) return text;
  return text
    .replace(/ with: earshot ai set KIND model=… \([^)]*\)/g, ' in Settings → AI')
    .replace(/ with: earshot ai use NAME \(earshot ai show lists them\)/g, ' in Settings → AI')
    .replace(
      /(?: with)?: earshot ai set (\S+)(?: --name (\S+))? (\w+)=\S+/g,
      (_command, kind, name, field) => {
        const label = aiSettingLabels[String(field)] ?? String(field);
        return ` in Settings → AI → ${String(name ?? kind)}, field “${label}”`;
      },
    )
    .replace(/\b(baseUrl|contextWindow)\b/g, (field) => aiSettingLabels[field] ?? field);
}

/**
 * A message about a provider's settings with each setting named by its label ("apiKey is required"
 * becomes "API key is required"); as it is without the provider's fields.
 */
export function withFieldLabels(text: string, provider: ProviderView | undefined): string {
  let labelled = text;
  for (const field of provider?.fields ?? []) {
    labelled = labelled.replace(new RegExp(String.raw`\b${field.name}\b`, 'g'), field.label);
  }
  return labelled;
}

/** "API key", "server address": a label inside a sentence, lower-cased unless it starts with an acronym. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? `${label[0]?.toLowerCase()}${label.slice(1)}` : label;
}

function listed(labels: string[]): string {
  const words = labels.map(inSentence);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

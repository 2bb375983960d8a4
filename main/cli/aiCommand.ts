import { notFound, removeAiProvider, setAiProviderFields } from '../../ai/providers/aiProviderChanges.ts';
import { chooseDefaultAiProvider, chooseTopicAiProvider } from '../../ai/providers/aiProviderChoice.ts';
import { aiProviderKinds, isAiProviderKind } from '../../ai/providers/aiProviderKinds.ts';
import { AiSettingsError } from '../../ai/providers/aiSettingsError.ts';
import { describeAiSettings, type AiProviderView } from '../../ai/providers/describeAiProvider.ts';
import { openAiCompatiblePresetNames } from '../../ai/providers/openAiCompatiblePresets.ts';
import { testAiProvider } from '../../ai/providers/testAiProvider.ts';
import {
  makesDigestOnCompletion,
  readAiSettings,
  writeAiSettings,
  type StoredAiSettings,
} from '../../store/aiProviderSettings.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { readRunningService } from '../serviceFile.ts';
import { UsageError } from './usage.ts';

export interface AiOptions {
  /** `--name`: the name to store the provider under; the kind's own name without it. */
  name?: string;
  /** `--default`: make it the provider used when nothing else is chosen. */
  makeDefault: boolean;
  /** `--yes`: the key may go to the new host that baseUrl now names. */
  yes: boolean;
  /** `--topic`: for `use`, the topic whose sessions use the provider. */
  topic?: string;
}

const usageLine =
  'Use: earshot ai set KIND key=value… [--name N] [--default] [--yes] | show | test [NAME] | use [NAME] [--topic ID] | auto on|off | remove NAME';

/**
 * `earshot ai set | show | test | use | remove`: the AI providers, kept in secrets.json in the data
 * directory. Every action reads and writes that file itself, so it works whether or not the service
 * runs; a running service reads the file at each use, so a change counts at once.
 */
export async function aiCommand(
  dataDirectory: string,
  action: string | undefined,
  argument: string | undefined,
  assignments: readonly string[],
  options: AiOptions,
): Promise<void> {
  switch (action) {
    case 'set':
      return setProvider(dataDirectory, argument, assignments, options);
    case 'show':
      return showProviders(dataDirectory);
    case 'test':
      return testProvider(dataDirectory, argument);
    case 'use':
      return useProvider(dataDirectory, argument, options.topic);
    case 'auto':
      return setAutomaticDigest(dataDirectory, argument);
    case 'remove':
      if (argument === undefined)
        throw new UsageError('Name the AI provider to remove: earshot ai remove NAME');
      change(dataDirectory, (settings) => removeAiProvider(settings, argument));
      return void console.log(`Removed the AI provider "${argument}".`);
    default:
      throw new UsageError(usageLine);
  }
}

/** Applies a change to the stored settings; a refused change saves nothing and its message says why. */
function change(
  dataDirectory: string,
  apply: (settings: StoredAiSettings) => StoredAiSettings,
): StoredAiSettings {
  const next = apply(readAiSettings(dataDirectory));
  writeAiSettings(dataDirectory, next);
  return next;
}

function setProvider(
  dataDirectory: string,
  kind: string | undefined,
  assignments: readonly string[],
  options: AiOptions,
): void {
  if (!isAiProviderKind(kind)) {
    throw new UsageError(
      `Name the kind of AI provider first: earshot ai set KIND key=value…, where KIND is one of ${aiProviderKinds.join(', ')}.`,
    );
  }
  const pairs = assignments.map((assignment) => {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw new UsageError(`"${assignment}" is not key=value.`);
    return [assignment.slice(0, separator), assignment.slice(separator + 1)] as const;
  });
  if (pairs.length === 0 && !options.makeDefault) {
    throw new UsageError('Give one or more key=value pairs (key= removes a setting), or --default.');
  }
  const name = options.name ?? kind;
  let settings: StoredAiSettings;
  try {
    settings = change(dataDirectory, (stored) =>
      setAiProviderFields(stored, {
        name,
        kind,
        values: pairs,
        makeDefault: options.makeDefault,
        confirms: () => options.yes,
      }),
    );
  } catch (error) {
    if (error instanceof AiSettingsError && error.reason === 'unconfirmed_destination') {
      throw new Error(
        `The ${name} API key would be sent to ${error.destination}. Nothing was saved; if that is where it ` +
          'should go, run the command again with --yes.',
        { cause: error },
      );
    }
    throw error;
  }
  const view = describeAiSettings(settings).providers.find((provider) => provider.name === name);
  const saved = pairs.length === 0 ? '' : `Saved ${pairs.map(([field]) => field).join(', ')} for `;
  console.log(
    `${saved === '' ? 'The' : `${saved}the`} AI provider "${name}" (${view?.kindName ?? kind})${view?.isDefault === true ? ', the default' : ''}.`,
  );
  if (view !== undefined) printReadiness(view);
}

function printReadiness(view: AiProviderView): void {
  if (!view.ready) {
    console.log(`It is not ready yet:\n${view.problems.map((problem) => `  ${problem}`).join('\n')}`);
    const presets =
      view.kind === 'openai-compatible' ? ` (presets: ${openAiCompatiblePresetNames.join(', ')})` : '';
    console.log(
      `Set with: earshot ai set ${view.kind}${view.name === view.kind ? '' : ` --name ${view.name}`} field=value${presets}`,
    );
    return;
  }
  if (view.contextWindow?.note !== undefined) console.log(view.contextWindow.note);
  console.log(`Check that the model answers with: earshot ai test ${view.name}`);
}

function showProviders(dataDirectory: string): void {
  const view = describeAiSettings(readAiSettings(dataDirectory));
  if (view.providers.length === 0) {
    console.log(
      'No AI provider is set up. Add one, for example:\n' +
        '  earshot ai set openai model=gpt-4o-mini apiKey=KEY\n' +
        '  earshot ai set ollama model=llama3.2\n' +
        `  earshot ai set openai-compatible preset=groq model=llama-3.1-8b-instant apiKey=KEY  (presets: ${openAiCompatiblePresetNames.join(', ')})\n` +
        'See docs/ai.md.',
    );
    return;
  }
  const topicNames = topicNamesOf(dataDirectory, Object.keys(view.topicAiProviders));
  for (const provider of view.providers) {
    const address = provider.baseUrl === undefined ? '' : ` at ${provider.baseUrl}`;
    console.log(
      `${provider.name}${provider.isDefault ? ' (default)' : ''}: ${provider.kindName}, ${provider.model ?? 'no model'}${address}${provider.apiKey === 'set' ? ', API key set' : ''}`,
    );
    const shown = Object.entries(provider.values).filter(
      ([field]) => !['kind', 'model', 'baseUrl'].includes(field),
    );
    for (const [field, value] of shown)
      console.log(`  ${field} = ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    if (provider.contextWindow !== undefined) {
      const source = { set: 'set', known: 'known for this model', default: 'not known; a safe guess' }[
        provider.contextWindow.source
      ];
      console.log(`  context window: ${provider.contextWindow.tokens} tokens (${source})`);
    }
    if (provider.topics.length > 0) {
      console.log(
        `  used by the topics: ${provider.topics.map((topic) => topicNames.get(topic) ?? topic).join(', ')}`,
      );
    }
    for (const problem of provider.problems) console.log(`  not ready: ${problem}`);
  }
  if (view.defaultAiProvider === undefined)
    console.log('No provider is the default; choose one with: earshot ai use NAME');
  console.log(automaticDigestLine(readAiSettings(dataDirectory)));
}

function automaticDigestLine(settings: StoredAiSettings): string {
  return makesDigestOnCompletion(settings)
    ? 'A session that completes gets its summary, action items, keywords, chapters and mind map by itself (earshot ai auto off to stop).'
    : 'Summaries are made only when asked (earshot ai auto on to make them as each session completes).';
}

function setAutomaticDigest(dataDirectory: string, choice: string | undefined): void {
  if (choice !== 'on' && choice !== 'off') throw new UsageError('Say on or off: earshot ai auto on|off');
  writeAiSettings(dataDirectory, { ...readAiSettings(dataDirectory), automaticDigest: choice === 'on' });
  console.log(automaticDigestLine(readAiSettings(dataDirectory)));
}

async function testProvider(dataDirectory: string, name: string | undefined): Promise<void> {
  const settings = readAiSettings(dataDirectory);
  const chosen = name ?? settings.defaultAiProvider;
  if (chosen === undefined) {
    throw new UsageError('Name the AI provider to test (earshot ai show lists them); none is the default.');
  }
  const stored = settings.providers?.[chosen];
  if (stored === undefined) throw notFound(settings, chosen);
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const check = await testAiProvider(stored, stop.signal, chosen);
    if (!check.ok) throw new Error(check.message);
    console.log(check.message);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

function useProvider(dataDirectory: string, name: string | undefined, topicId: string | undefined): void {
  if (topicId === undefined) {
    if (name === undefined)
      throw new UsageError('Name the AI provider to make the default: earshot ai use NAME');
    change(dataDirectory, (settings) => chooseDefaultAiProvider(settings, name));
    return void console.log(`"${name}" is now the default AI provider.`);
  }
  const topicName = topicNamesOf(dataDirectory, [topicId]).get(topicId);
  if (topicName === undefined) {
    throw new Error(`There is no topic ${topicId}. Topics are listed in the app, and by GET /api/v1/topics.`);
  }
  change(dataDirectory, (settings) => chooseTopicAiProvider(settings, topicId, name));
  console.log(
    name === undefined
      ? `The topic "${topicName}" uses the default AI provider again.`
      : `The topic "${topicName}" uses the AI provider "${name}".`,
  );
}

/** The names of the topics asked for that exist, read from the store (read-only while a service owns it). */
function topicNamesOf(dataDirectory: string, topicIds: readonly string[]): Map<string, string> {
  if (topicIds.length === 0) return new Map();
  const store = SessionStore.open(dataDirectory, {
    readOnly: readRunningService(dataDirectory) !== undefined,
  });
  try {
    return new Map(
      store
        .listTopics()
        .filter((topic) => topicIds.includes(topic.id))
        .map((topic) => [topic.id, topic.name]),
    );
  } finally {
    store.close();
  }
}

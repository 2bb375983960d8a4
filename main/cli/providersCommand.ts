import type { ProviderDefinition, ProviderMetadata } from '../../providers/contract.ts';
import { defaultProviderId, findProvider, providerDefinitions } from '../../providers/registry.ts';
import { describeConfiguration, setConfigurationFields } from '../providerConfiguration.ts';
import { probeLocalServer, pullLocalModel } from './localServerCommands.ts';
import { UsageError } from './usage.ts';

/** `earshot providers list | show ID | set ID key=value… | probe P12 | pull P12 NAME` */
export async function providersCommand(
  dataDirectory: string,
  action: string | undefined,
  name: string | undefined,
  assignments: readonly string[],
): Promise<void> {
  switch (action) {
    case 'list':
      return listProviders(dataDirectory);
    case 'show':
      return showProvider(dataDirectory, requireProvider(name));
    case 'set':
      return setProvider(dataDirectory, requireProvider(name), assignments);
    case 'probe':
    case 'pull':
      if (requireProvider(name).metadata.id !== 'openai-compatible') {
        throw new UsageError(`"providers ${action}" is for the local OpenAI-compatible server (P12).`);
      }
      return action === 'probe'
        ? probeLocalServer(dataDirectory)
        : pullLocalModel(dataDirectory, assignments[0]);
    default:
      throw new UsageError(
        'Use: earshot providers list | show ID | set ID key=value… | probe P12 | pull P12 NAME',
      );
  }
}

function requireProvider(name: string | undefined): ProviderDefinition<unknown> {
  if (name === undefined) throw new UsageError('Name the provider by id or label, e.g. deepgram or P06.');
  const definition = findProvider(name);
  if (definition === undefined) {
    const known = providerDefinitions.map(({ metadata }) => `${metadata.label} ${metadata.id}`).join(', ');
    throw new UsageError(`Unknown provider "${name}". Known providers: ${known}.`);
  }
  return definition;
}

/** Shown for a stored credential, which is never printed. */
const secretMask = '•••••• (set)';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The columns of the spec's "Provider comparison" table, read from the registry. */
export function comparisonRow(metadata: ProviderMetadata): string[] {
  const transport = {
    'websocket-direct': 'WebSocket (direct)',
    'websocket-proxy': 'WebSocket via local proxy',
    'rest-batch': 'REST (batch)',
    'rest-local': 'REST (local)',
  }[metadata.transport];
  const audio = metadata.audioInput === 'webm-opus' ? 'MediaRecorder (WebM/Opus)' : 'AudioWorklet (PCM16)';
  const { streaming, translation, diarization, fileTranscription } = metadata.capabilities;
  return [
    metadata.label,
    metadata.kind === 'cloud' ? 'Cloud' : 'Local',
    transport,
    audio,
    yesNo(streaming),
    yesNo(translation),
    yesNo(diarization),
    yesNo(fileTranscription),
  ];
}

function listProviders(dataDirectory: string): void {
  const header = [
    'Label',
    'Type',
    'Transport',
    'Audio',
    'Streaming',
    'Translation',
    'Diarization',
    'File transcription',
    'Id',
    'Name',
    'Configured',
  ];
  const rows = providerDefinitions.map((definition) => {
    const { problems } = describeConfiguration(dataDirectory, definition);
    const configured = problems.length === 0 ? 'yes' : `no (${problems.length} to fix)`;
    const id =
      definition.metadata.id === defaultProviderId
        ? `${definition.metadata.id} (default)`
        : definition.metadata.id;
    return [...comparisonRow(definition.metadata), id, definition.metadata.name, configured];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function showProvider(dataDirectory: string, definition: ProviderDefinition<unknown>): void {
  const { metadata } = definition;
  const { values, secretsSet, problems } = describeConfiguration(dataDirectory, definition);
  console.log(`${metadata.label} ${metadata.name} (${metadata.id}) — ${metadata.vendor}, ${metadata.kind}`);
  console.log(`Base URL: ${typeof values.endpoint === 'string' ? values.endpoint : metadata.defaultBaseUrl}`);
  const fields = [...Object.entries(values), ...secretsSet.map((field) => [field, secretMask] as const)];
  console.log(fields.length === 0 ? 'Settings: none stored' : 'Settings:');
  for (const [field, value] of fields)
    console.log(`  ${field} = ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  printReadiness(metadata, problems);
}

function setProvider(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  assignments: readonly string[],
): void {
  if (assignments.length === 0)
    throw new UsageError('Give one or more key=value pairs (key= removes a setting).');
  const pairs = assignments.map((assignment) => {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw new UsageError(`"${assignment}" is not key=value.`);
    return [assignment.slice(0, separator), assignment.slice(separator + 1)] as const;
  });
  const { problems } = setConfigurationFields(dataDirectory, definition, pairs);
  console.log(`Saved ${pairs.map(([field]) => field).join(', ')} for ${definition.metadata.name}.`);
  printReadiness(definition.metadata, problems);
}

function printReadiness(metadata: ProviderMetadata, problems: readonly string[]): void {
  if (problems.length === 0) {
    console.log(`${metadata.name} is ready to use.`);
    return;
  }
  console.log(`${metadata.name} is not ready yet:`);
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(`Set with: earshot providers set ${metadata.id} field=value`);
}

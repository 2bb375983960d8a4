import { comparisonRow } from '../../providers/comparisonRow.ts';
import type { ProviderDefinition } from '../../providers/contract.ts';
import { defaultProviderId, findProvider, providerDefinitions } from '../../providers/registry.ts';
import { configuredAddress, runsOnUserServer } from '../../providers/providerAddress.ts';
import { vocabularyDescription } from '../../providers/vocabulary/fittingTerms.ts';
import {
  type ConfigurationState,
  describeConfiguration,
  setConfigurationFields,
  UnconfirmedSecretDestinationError,
} from '../../actors/providerConfiguration.ts';
import { probeProviderServer } from '../../api/control/providerReachability.ts';
import { probeLocalServer, pullLocalModel } from './localServerCommands.ts';
import { UsageError } from './usage.ts';

/**
 * `earshot providers list | show ID | set ID key=value… [--yes] | probe P12 | pull P12 NAME`.
 * `yes` confirms, for `set`, that a stored key may go where the new settings send it.
 */
export async function providersCommand(
  dataDirectory: string,
  action: string | undefined,
  name: string | undefined,
  assignments: readonly string[],
  yes = false,
): Promise<void> {
  switch (action) {
    case 'list':
      return listProviders(dataDirectory);
    case 'show':
      return showProvider(dataDirectory, requireProvider(name));
    case 'set':
      return setProvider(dataDirectory, requireProvider(name), assignments, yes);
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
        'Use: earshot providers list | show ID | set ID key=value… [--yes] | probe P12 | pull P12 NAME',
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

async function listProviders(dataDirectory: string): Promise<void> {
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
    'Reachable',
  ];
  const rows = await Promise.all(
    providerDefinitions.map(async (definition) => {
      const state = describeConfiguration(dataDirectory, definition);
      const id =
        definition.metadata.id === defaultProviderId
          ? `${definition.metadata.id} (default)`
          : definition.metadata.id;
      return [
        ...comparisonRow(definition.metadata),
        id,
        definition.metadata.name,
        configuredCell(state),
        await reachableCell(dataDirectory, definition),
      ];
    }),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** "yes" once the user saved complete settings; settings that are all defaults are not "yes". */
function configuredCell({ problems, configured }: ConfigurationState): string {
  if (problems.length > 0) return `no (${problems.length} to fix)`;
  return configured ? 'yes' : 'no (nothing saved)';
}

/** For a server the user runs and has configured (P12, P13), whether it accepts a connection now. */
async function reachableCell(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
): Promise<string> {
  const reachability = await probeProviderServer(dataDirectory, definition);
  if (reachability.state === 'reachable') return 'yes';
  if (reachability.state === 'unreachable') return `no (${reachability.reason})`;
  return runsOnUserServer(definition.metadata) ? 'not checked' : '—';
}

async function showProvider(dataDirectory: string, definition: ProviderDefinition<unknown>): Promise<void> {
  const { metadata } = definition;
  const state = describeConfiguration(dataDirectory, definition);
  const { values, secretsSet } = state;
  console.log(`${metadata.label} ${metadata.name} (${metadata.id}) — ${metadata.vendor}, ${metadata.kind}`);
  console.log(`Base URL: ${configuredAddress(definition, values) ?? 'the managed runtime'}`);
  console.log(`Custom vocabulary: ${vocabularyDescription(metadata)}`);
  const fields = [...Object.entries(values), ...secretsSet.map((field) => [field, secretMask] as const)];
  console.log(fields.length === 0 ? 'Settings: none stored' : 'Settings:');
  for (const [field, value] of fields)
    console.log(`  ${field} = ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  await printReadiness(dataDirectory, definition, state);
}

async function setProvider(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  assignments: readonly string[],
  yes: boolean,
): Promise<void> {
  if (assignments.length === 0)
    throw new UsageError('Give one or more key=value pairs (key= removes a setting).');
  const pairs = assignments.map((assignment) => {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw new UsageError(`"${assignment}" is not key=value.`);
    return [assignment.slice(0, separator), assignment.slice(separator + 1)] as const;
  });
  let state: ConfigurationState;
  try {
    state = setConfigurationFields(dataDirectory, definition, pairs, () => yes);
  } catch (error) {
    if (!(error instanceof UnconfirmedSecretDestinationError)) throw error;
    throw new Error(
      `Your ${definition.metadata.name} key would be sent to ${error.destination}. Nothing was saved; ` +
        'if that is where it should go, run the command again with --yes.',
      { cause: error },
    );
  }
  console.log(`Saved ${pairs.map(([field]) => field).join(', ')} for ${definition.metadata.name}.`);
  await printReadiness(dataDirectory, definition, state);
}

/**
 * Whether the provider can be used: what is missing, or that nothing is saved for it yet; for a
 * server the user runs, whether it answers, since complete settings do not say so.
 */
async function printReadiness(
  dataDirectory: string,
  definition: ProviderDefinition<unknown>,
  { problems, configured }: ConfigurationState,
): Promise<void> {
  const { metadata } = definition;
  if (problems.length > 0) {
    console.log(`${metadata.name} is not ready yet:`);
    for (const problem of problems) console.log(`  ${problem}`);
    console.log(`Set with: earshot providers set ${metadata.id} field=value`);
    return;
  }
  if (!configured) {
    const setting = runsOnUserServer(metadata) ? 'baseUrl=URL' : 'field=value';
    console.log(
      `${metadata.name} is not set up yet: nothing is saved for it. Set it with: earshot providers set ${metadata.id} ${setting}`,
    );
    return;
  }
  if (!runsOnUserServer(metadata)) {
    console.log(`${metadata.name} is ready to use.`);
    return;
  }
  const reachability = await probeProviderServer(dataDirectory, definition);
  console.log(
    reachability.state === 'reachable'
      ? `${metadata.name} is configured, and its server answers at ${reachability.address}.`
      : `${metadata.name} is configured, but its server does not answer. ${reachability.message}`,
  );
}

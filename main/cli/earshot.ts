import { parseArgs } from 'node:util';
import { resolveDataDirectory } from '../dataDirectory.ts';
import { earshotVersion } from '../version.ts';
import { aiCommand } from './aiCommand.ts';
import { apiCommand } from './apiCommand.ts';
import { askCommand } from './askCommand.ts';
import { exportCommand, importCommand } from './backupCommands.ts';
import { eventsCommand } from './eventsCommand.ts';
import { commandLineOptions } from './commandLineOptions.ts';
import { correctCommand } from './correctCommand.ts';
import { retranscribeCommand } from './retranscribeCommand.ts';
import { inspectCommand } from './inspectCommand.ts';
import { jobsCommand } from './jobsCommand.ts';
import { liveCommand } from './liveCommand.ts';
import { mcpCommand } from './mcpCommand.ts';
import { openCommand } from './openCommand.ts';
import { providersCommand } from './providersCommand.ts';
import { runtimeCommand } from './runtimeCommand.ts';
import { serveCommand } from './serveCommand.ts';
import { ServiceStoppedError, serviceStoppedExitCode } from './serviceStoppedError.ts';
import { sessionsCommand } from './sessionsCommand.ts';
import { summarizeCommand } from './summarizeCommand.ts';
import { transcribeCommand } from './transcribeCommand.ts';
import { translateCommand } from './translateCommand.ts';
import { usage, UsageError } from './usage.ts';
import { vocabularyCommand } from './vocabularyCommand.ts';
import { notesCommand } from './notesCommand.ts';
import { webhooksCommand } from './webhooksCommand.ts';

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: commandLineOptions,
  });
  if (values.version) return void console.log(earshotVersion);
  const [command, action, argument, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') return void console.log(usage);
  const dataDirectory = resolveDataDirectory(values['data-dir']);
  switch (command) {
    case 'serve':
      return serveCommand(dataDirectory, values.port);
    case 'open':
      return openCommand(dataDirectory, values.print ?? false);
    case 'api':
      return apiCommand(dataDirectory, action);
    case 'mcp':
      return mcpCommand(dataDirectory);
    case 'import':
      return importCommand(dataDirectory, action, values.mode);
    case 'export':
      return exportCommand(dataDirectory, action, { withAudio: values['with-audio'] });
    case 'transcribe':
      return transcribeCommand(dataDirectory, action, {
        provider: values.provider,
        language: values.language,
        title: values.title,
      });
    case 'summarize':
      return summarizeCommand(dataDirectory, action, { only: values.only, ai: values.ai });
    case 'ask':
      return askCommand(dataDirectory, action, argument === undefined ? [] : [argument, ...rest], {
        ai: values.ai,
        all: values.all,
        topic: values.topic,
        tag: values.tag,
        since: values.since,
        until: values.until,
      });
    case 'correct':
      return correctCommand(dataDirectory, action, {
        ai: values.ai,
        keep: values.keep,
        discard: values.discard,
      });
    case 'retranscribe':
      return retranscribeCommand(dataDirectory, action, {
        provider: values.provider,
        gapsOnly: values['gaps-only'],
        keep: values.keep,
        discard: values.discard,
      });
    case 'translate':
      return translateCommand(dataDirectory, action, { to: values.to, ai: values.ai });
    case 'jobs':
      return jobsCommand(dataDirectory, action, argument, values.wait ?? false);
    case 'live':
      return liveCommand(dataDirectory, {
        provider: values.provider,
        from: values.from,
        speed: values.speed,
        title: values.title,
        language: values.language,
      });
    case 'providers':
      return providersCommand(dataDirectory, action, argument, rest, values.yes ?? false);
    case 'runtime':
      return runtimeCommand(dataDirectory, action, argument);
    case 'ai':
      return aiCommand(dataDirectory, action, argument, rest, {
        name: values.name,
        makeDefault: values.default ?? false,
        yes: values.yes ?? false,
        topic: values.topic,
      });
    case 'vocabulary':
      return vocabularyCommand(dataDirectory, action, argument === undefined ? [] : [argument, ...rest], {
        topic: values.topic,
        json: values.json,
      });
    case 'webhooks':
      return webhooksCommand(dataDirectory, action, argument, {
        name: values.name,
        only: values.only,
        limit: values.limit,
        json: values.json,
      });
    case 'events':
      return eventsCommand(dataDirectory, action, { only: values.only, json: values.json });
    case 'notes':
      return notesCommand(dataDirectory, action, argument, { all: values.all, json: values.json });
    case 'sessions':
      return sessionsCommand(dataDirectory, action, argument, values, rest);
    case 'inspect':
      return inspectCommand(dataDirectory, action, argument, values.json ?? false);
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

// A reader that stops early (`earshot export | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).catch((error: unknown) => {
  const isUsage =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(`earshot: ${error instanceof Error ? error.message : String(error)}`);
  if (isUsage) console.error(`\n${usage}`);
  process.exitCode = isUsage ? 2 : failureExitCode(error);
});

function failureExitCode(error: unknown): number {
  return error instanceof ServiceStoppedError ? serviceStoppedExitCode : 1;
}

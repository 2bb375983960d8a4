import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import type { TranscriptRevisions } from '../../api/control/transcriptRevisionControl.ts';
import { ControlClient } from '../controlClient.ts';
import { runAiJobInService } from './aiJobInService.ts';
import { clockTime } from './clockTime.ts';
import { noServiceMessage } from './summarizeCommand.ts';
import { UsageError } from './usage.ts';

export interface TranslateOptions {
  /** `--to`: the language, as a code (de) or a name (German). */
  to?: string;
  /** `--ai`: the AI provider's name; else the session's topic's, else the default. */
  ai?: string;
}

/** What `earshot translate` asks the service for. */
export interface TranslateRequest {
  sessionId: string;
  to: string;
  aiProvider?: string;
}

/**
 * `earshot translate SESSION_ID --to LANG`: has the running service translate the session's
 * transcript as an AI job, segment by segment, saved as the session's translation; prints it one
 * `[m:ss] text` line per segment. Progress on stderr; Ctrl-C cancels the job (exit 130).
 */
export async function translateCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  options: TranslateOptions,
): Promise<void> {
  const request = translateRequest(sessionId, options);
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
  const sessionPath = `/sessions/${encodeURIComponent(request.sessionId)}`;
  const status = await runAiJobInService(
    client,
    dataDirectory,
    () =>
      client.call<AiJobStatus>('POST', `${sessionPath}/translations`, {
        to: request.to,
        aiProvider: request.aiProvider,
      }),
    {
      doing: 'Translating',
      resumes: `translates session ${request.sessionId} again and saves it as the session's translation`,
    },
  );
  if (status === undefined) return;
  const { translation } = await client.call<TranscriptRevisions>('GET', `${sessionPath}/revisions`);
  const lines = (translation?.segments ?? []).map(
    (segment) => `[${clockTime(segment.startMs)}] ${segment.revised}`,
  );
  process.stdout.write(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  process.stderr.write(`Saved in session ${request.sessionId} as its translation (${request.to}).\n`);
}

/** The command line as a request, or a UsageError; the service checks the rest (the session). */
export function translateRequest(sessionId: string | undefined, options: TranslateOptions): TranslateRequest {
  const to = options.to?.trim() ?? '';
  if (sessionId === undefined || to === '') {
    throw new UsageError(
      'Name the session and the language: earshot translate SESSION_ID --to LANG [--ai NAME] (LANG: a code such as de, or a name such as German)',
    );
  }
  if (options.ai !== undefined && options.ai.trim() === '') {
    throw new UsageError('--ai needs the name of an AI provider ("earshot ai show" lists them).');
  }
  return { sessionId, to, ...(options.ai === undefined ? {} : { aiProvider: options.ai.trim() }) };
}

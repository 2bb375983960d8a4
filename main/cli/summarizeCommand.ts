import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import { digestArtefacts, type DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import type { SessionRecord } from '../../store/records.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { runAiJobInService } from './aiJobInService.ts';
import { summaryMarkdown } from './summaryMarkdown.ts';
import { UsageError } from './usage.ts';

export interface SummarizeOptions {
  /** `--only`: artefact names, comma-separated; all five when left out. */
  only?: string;
  /** `--ai`: the AI provider's name; else the session's topic's, else the default. */
  ai?: string;
}

/** What `earshot summarize` asks the service for. */
export interface SummarizeRequest {
  sessionId: string;
  artefacts: DigestArtefact[];
  aiProvider?: string;
}

/**
 * `earshot summarize SESSION_ID`: has the running service make the session's summary, action
 * items, keywords, chapters and mind map (or those `--only` names) as an AI job, and prints them as
 * Markdown on stdout. AI jobs run only in the service, which keeps them across restarts. Progress
 * goes to stderr; Ctrl-C cancels the job (exit 130), a second Ctrl-C quits at once.
 */
export async function summarizeCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  options: SummarizeOptions,
): Promise<void> {
  const request = summarizeRequest(sessionId, options);
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
  const { artefacts, aiProvider } = request;
  const status = await runAiJobInService(
    client,
    dataDirectory,
    () =>
      client.call<AiJobStatus>('POST', `/sessions/${encodeURIComponent(request.sessionId)}/ai-jobs`, {
        artefacts,
        aiProvider,
      }),
    {
      doing: 'Summarizing',
      resumes: `resumes the job and saves what it makes in session ${request.sessionId}`,
    },
  );
  if (status === undefined) return;
  process.stdout.write(summaryMarkdown(savedSession(dataDirectory, request.sessionId), status.artefacts));
  process.stderr.write(`Saved in session ${request.sessionId}.\n`);
}

/** The command line as a request, or a UsageError; the service checks the rest (the session). */
export function summarizeRequest(sessionId: string | undefined, options: SummarizeOptions): SummarizeRequest {
  if (sessionId === undefined) {
    throw new UsageError(
      'Name the session: earshot summarize SESSION_ID [--only LIST] [--ai NAME] ("earshot sessions list" shows the ids)',
    );
  }
  if (options.ai !== undefined && options.ai.trim() === '') {
    throw new UsageError('--ai needs the name of an AI provider ("earshot ai show" lists them).');
  }
  return {
    sessionId,
    artefacts: options.only === undefined ? [...digestArtefacts] : artefactsNamed(options.only),
    ...(options.ai === undefined ? {} : { aiProvider: options.ai.trim() }),
  };
}

/** `--only summary,chapters`, in any case, in the usual order whatever order they were named in. */
function artefactsNamed(list: string): DigestArtefact[] {
  const choices = `choose from ${digestArtefacts.join(', ')} (comma-separated)`;
  const byName = new Map(digestArtefacts.map((artefact) => [artefact.toLowerCase(), artefact]));
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new UsageError(`--only needs at least one artefact: ${choices}.`);
  const unknown = names.filter((name) => !byName.has(name.toLowerCase()));
  if (unknown.length > 0) {
    const named = unknown.map((name) => `"${name}"`).join(', ');
    throw new UsageError(`--only: there is no artefact ${named}; ${choices}.`);
  }
  const wanted = new Set(names.map((name) => byName.get(name.toLowerCase())));
  return digestArtefacts.filter((artefact) => wanted.has(artefact));
}

export function noServiceMessage(dataDirectory: string): string {
  return (
    `No Earshot service is running for ${dataDirectory}, and AI jobs run only in the service. ` +
    'Start it with `earshot serve` (or open the app), then run this again.'
  );
}

/** The session as the service saved it; the service owns the store, so a read-only view. */
function savedSession(dataDirectory: string, sessionId: string): SessionRecord {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    const session = store.getSession(sessionId);
    if (session === undefined)
      throw new Error(`Session ${sessionId} was deleted before its results could be read.`);
    return session;
  } finally {
    store.close();
  }
}

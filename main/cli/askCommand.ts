import type { AiJobStatus } from '../../actors/aiJob/aiJob.ts';
import type { QuestionStarted } from '../../api/control/aiJobControl.ts';
import type { LibraryQuestionStarted } from '../../api/control/libraryQuestionControl.ts';
import type { LibraryQuestionRecord } from '../../store/libraryQuestionTable.ts';
import type { AskEntry, Segment } from '../../store/records.ts';
import { ControlClient } from '../controlClient.ts';
import { citationLines } from './citationLines.ts';
import { Interrupts } from './interrupts.ts';
import { followStatus } from './jobFollowing.ts';
import { JobProgressLine } from './jobProgressLine.ts';
import {
  libraryAskRequest,
  libraryCitationLines,
  libraryQuestionBody,
  refuseLibraryOptions,
  type LibraryAskOptions,
} from './libraryQuestion.ts';
import { StreamedAnswer } from './streamedAnswer.ts';
import { noServiceMessage } from './summarizeCommand.ts';
import { UsageError } from './usage.ts';

/** What `earshot ask` asks the service. */
export interface AskRequest {
  sessionId: string;
  question: string;
  aiProvider?: string;
}

/** What `GET /control/v1/sessions/:id` answers, as far as a question needs it. */
interface SessionDetail {
  segments: Segment[];
  askHistory: AskEntry[];
}

const endedStates: ReadonlySet<AiJobStatus['state']> = new Set(['done', 'failed', 'cancelled']);

/** What a question asked and followed in the service has for the command to show as it grows. */
interface AskedInService {
  jobId: string;
  /** The answer as the service has it now, while it is still being written; undefined once it is not. */
  growing: () => Promise<string | undefined>;
  /** What the service does with the question if it stops before the answer is saved. */
  afterRestart: string;
  /** The answer as saved, and the lines it cites. */
  saved: () => Promise<{ answer: string; cited: string[] }>;
}

/**
 * `earshot ask SESSION_ID "question"`: has the running service answer a question about the session
 * as an AI job, which keeps the question and its answer in the session's Q&A. With `--all` (and
 * `--topic`, `--tag`, `--since`, `--until` to narrow it) the question is asked of the library
 * instead, and answered from the passages found in its sessions. The answer is shown as it grows
 * (on a terminal), then as saved, then the lines it cites with their times (and, across the
 * library, their sessions). Progress goes to stderr; Ctrl-C cancels the job (exit 130), a second
 * Ctrl-C quits at once.
 */
export async function askCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  words: readonly string[],
  options: { ai?: string } & LibraryAskOptions,
): Promise<void> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (options.all === true) {
    // Without a session id, the first word is the question's.
    const request = libraryAskRequest([sessionId ?? '', ...words].join(' ').trim(), options);
    if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
    await askInService(dataDirectory, client, async () => {
      const body = await libraryQuestionBody(client, request);
      const started = await client.call<LibraryQuestionStarted>('POST', '/questions', body);
      const path = `/questions/${encodeURIComponent(started.questionId)}`;
      const read = () => client.call<LibraryQuestionRecord>('GET', path);
      return {
        jobId: started.jobId,
        growing: async () => {
          const asked = await read();
          return asked.status === 'pending' ? asked.answer : undefined;
        },
        afterRestart: 'answered again when the service starts (`earshot serve`, or the app)',
        saved: async () => {
          const asked = await read();
          return { answer: asked.answer, cited: libraryCitationLines(asked.citations) };
        },
      };
    });
    return;
  }
  refuseLibraryOptions(options);
  const request = askRequest(sessionId, words, options);
  if (client === undefined) throw new Error(noServiceMessage(dataDirectory));
  await askInService(dataDirectory, client, async () => {
    const started = await client.call<QuestionStarted>(
      'POST',
      `/sessions/${encodeURIComponent(request.sessionId)}/questions`,
      { question: request.question, aiProvider: request.aiProvider },
    );
    return {
      jobId: started.jobId,
      growing: async () => {
        const { entry } = await readQuestion(client, request.sessionId, started.entryId);
        return entry?.status === 'pending' ? entry.answer : undefined;
      },
      afterRestart:
        'answered again when the service starts (`earshot serve`, or the app), and kept in the session’s Q&A',
      saved: async () => {
        const { entry, segments } = await readQuestion(client, request.sessionId, started.entryId);
        if (entry === undefined) throw new Error('The question was deleted before its answer could be read.');
        return { answer: entry.answer, cited: citationLines(entry, segments) };
      },
    };
  });
}

/**
 * Asks the question, follows its job and shows the answer as it grows, then as saved with the
 * lines it cites.
 */
async function askInService(
  dataDirectory: string,
  client: ControlClient,
  ask: () => Promise<AskedInService>,
): Promise<void> {
  const progress = new JobProgressLine(process.stderr);
  const answer = new StreamedAnswer(process.stdout);
  const interrupts = new Interrupts(() => progress.note('Cancelling… (press Ctrl-C again to quit at once)'));
  try {
    const asked = await ask();
    const status = await answerInService(client, dataDirectory, asked, { progress, answer, interrupts });
    progress.end();
    if (status.state === 'cancelled' && interrupts.interrupted) {
      progress.note('Asking cancelled.');
      process.exitCode = 130;
      return;
    }
    // The job's state decides: a failed or cancelled job's entry may not say so yet.
    if (status.state === 'cancelled') throw new Error('The question was cancelled.');
    if (status.state !== 'done') throw new Error(status.error ?? 'The AI job failed.');
    const saved = await asked.saved();
    answer.finish(saved.answer);
    if (saved.cited.length > 0) process.stdout.write(`\n${saved.cited.join('\n')}\n`);
  } finally {
    answer.breakOff();
    progress.end();
    interrupts.dispose();
  }
}

/** The command line as a request, or a UsageError; the service checks the rest (the session). */
export function askRequest(
  sessionId: string | undefined,
  words: readonly string[],
  options: { ai?: string },
): AskRequest {
  const question = words.join(' ').trim();
  if (sessionId === undefined || question === '') {
    throw new UsageError(
      'Name the session and ask a question: earshot ask SESSION_ID "QUESTION" [--ai NAME] ("earshot sessions list" shows the ids)',
    );
  }
  if (options.ai !== undefined && options.ai.trim() === '') {
    throw new UsageError('--ai needs the name of an AI provider ("earshot ai show" lists them).');
  }
  return { sessionId, question, ...(options.ai === undefined ? {} : { aiProvider: options.ai.trim() }) };
}

/**
 * Follows the question's job to its end, reading the answer as the job goes so it shows as it
 * grows.
 */
async function answerInService(
  client: ControlClient,
  dataDirectory: string,
  asked: AskedInService,
  shown: { progress: JobProgressLine; answer: StreamedAnswer; interrupts: Interrupts },
): Promise<AiJobStatus> {
  const jobPath = `/ai-jobs/${encodeURIComponent(asked.jobId)}`;
  shown.interrupts.onFirst(() =>
    client
      .call('POST', `${jobPath}/cancel`)
      .catch((error: Error) => shown.progress.note(`Could not cancel: ${error.message}`)),
  );
  // One read at a time: the job is asked about more often than a session's detail needs reading.
  let reading: Promise<void> | undefined;
  const following = await followStatus<AiJobStatus>(
    client,
    dataDirectory,
    jobPath,
    (status) => endedStates.has(status.state),
    (status) => {
      const text = questionProgressText(status);
      if (text !== undefined && !shown.answer.started) shown.progress.showLine(text);
      reading ??= asked
        .growing()
        .then((growing) => {
          if (growing === undefined || growing === '') return;
          shown.progress.end();
          shown.answer.show(growing);
        })
        // The next look at the job tells whether the service is still there.
        .catch(() => undefined)
        .finally(() => (reading = undefined));
    },
  );
  await reading;
  if (following.kind === 'serviceGone') {
    throw new Error(
      `The Earshot service stopped before AI job ${asked.jobId} ended. The question is ${asked.afterRestart}.`,
    );
  }
  return following.status;
}

/** The session's Q&A entry and its segments, as the service has them now. */
async function readQuestion(
  client: ControlClient,
  sessionId: string,
  entryId: string,
): Promise<{ entry: AskEntry | undefined; segments: Segment[] }> {
  const detail = await client.call<SessionDetail>('GET', `/sessions/${encodeURIComponent(sessionId)}`);
  return { entry: detail.askHistory.find((entry) => entry.id === entryId), segments: detail.segments };
}

/** The progress line of an unfinished question job; an ended one is reported otherwise. */
export function questionProgressText(status: AiJobStatus): string | undefined {
  switch (status.state) {
    case 'queued':
      return 'Asking: waiting for other AI jobs to finish';
    case 'running':
      // A session too long for one request is first read part by part for what bears on the question.
      return status.partCount === 0
        ? 'Asking: waiting for the answer'
        : `Asking: reading part ${status.part} of ${status.partCount}`;
    case 'waitingToRetry':
      return `Asking: waiting to retry… ${status.error ?? ''}`.trimEnd();
    case 'saving':
    case 'done':
    case 'failed':
    case 'cancelled':
      return undefined;
  }
}

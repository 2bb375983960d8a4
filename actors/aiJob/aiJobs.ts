import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { digestArtefacts, type DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import { isEndedAiJob, type AiJobRecord } from '../../store/aiJobTable.ts';
import type { LibraryQuestionFilters } from '../../store/libraryQuestionTable.ts';
import type { SessionRecord } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { TranscriptRevisionKind } from '../../store/transcriptRevisionTable.ts';
import type { ActorInspection } from '../inspection/actorInspection.ts';
import { createAiJob, type AiJob, type AiJobInput, type AiJobStatus, type ModelSubject } from './aiJob.ts';
import type { AiModel } from './aiModel.ts';
import { correctionWorkSchema } from './correctionWork.ts';
import { digestWorkSchema } from './digestWork.ts';
import { libraryQuestionWorkSchema } from './libraryQuestionWork.ts';
import { questionWorkSchema } from './questionWork.ts';
import { translationWorkSchema } from './translationWork.ts';

export interface AiJobsOptions {
  store: SessionStore;
  chooseModel: (subject: ModelSubject, aiProvider: string | undefined) => AiModel | string;
  inspection?: ActorInspection;
}

/** Why a request was refused, as the control routes' error codes name it. */
export type AiJobRequestCode =
  | 'session_not_found'
  | 'invalid_request'
  | 'invalid_reference'
  | 'session_recording'
  | 'invalid_state'
  | 'conflict';

/**
 * A request the caller must fix: no such session, an artefact that does not exist, no question, a
 * transcript still recording or empty, a correction already being made.
 */
export class AiJobRequestError extends Error {
  readonly code: AiJobRequestCode;

  constructor(code: AiJobRequestCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** Ended jobs kept in memory for status queries; older ones are answered from the store. */
const endedJobsKept = 100;

const storedWorkSchema = z.discriminatedUnion('kind', [
  digestWorkSchema,
  questionWorkSchema,
  correctionWorkSchema,
  translationWorkSchema,
  libraryQuestionWorkSchema,
]);

/** The answer of a question whose job's row was lost, so nothing will finish it. */
export const unansweredAfterRestart = 'This question was not answered before Earshot stopped; ask it again.';

/** The error of a correction or translation whose job's row was lost, so nothing will finish it. */
export const unrevisedAfterRestart = 'This was not finished before Earshot stopped; ask for it again.';

const revisionNames: Record<TranscriptRevisionKind, { noun: string; verb: string }> = {
  correction: { noun: 'correction', verb: 'correct' },
  translation: { noun: 'translation', verb: 'translate' },
};

/**
 * The AI jobs of the service: run one at a time (a local model is busy with one; a cloud one is
 * fast enough), in the order asked. Every job is a store row, so a restart resumes what was cut
 * off and no artefact stays `pending` for ever.
 */
export class AiJobs {
  private readonly options: AiJobsOptions;
  private readonly jobs = new Map<string, AiJob>();
  private readonly waiting: AiJob[] = [];
  private running: AiJob | undefined;
  private readonly ended: string[] = [];

  constructor(options: AiJobsOptions) {
    this.options = options;
  }

  /** Queues the making of `artefacts` (all five by default) for the session. */
  start(request: { sessionId: string; artefacts?: readonly string[]; aiProvider?: string }): AiJob {
    this.requireSession(request.sessionId);
    const artefacts = checkedArtefacts(request.artefacts);
    return this.run({
      sessionId: request.sessionId,
      work: { kind: 'digest', artefacts },
      aiProvider: request.aiProvider,
    });
  }

  /**
   * Queues the answering of `question` about the session: its Q&A entry shows `pending` at once,
   * and the answer grows in it as the model writes.
   */
  ask(request: { sessionId: string; question: string; aiProvider?: string }): {
    job: AiJob;
    entryId: string;
  } {
    this.requireSession(request.sessionId);
    const question = request.question.trim();
    if (question === '') throw new AiJobRequestError('invalid_request', 'Ask a question: it is empty.');
    const entryId = randomUUID();
    const job = this.run({
      sessionId: request.sessionId,
      work: { kind: 'question', entryId, question },
      aiProvider: request.aiProvider,
    });
    return { job, entryId };
  }

  /**
   * Queues a corrected transcript (punctuation, casing, misheard words), segment by segment: the
   * session's correction shows `pending` at once, then `proposed` for the user to keep or discard.
   */
  correct(request: { sessionId: string; aiProvider?: string }): AiJob {
    this.requireRevisable(request.sessionId, 'correction');
    return this.run({
      sessionId: request.sessionId,
      work: { kind: 'correction' },
      aiProvider: request.aiProvider,
    });
  }

  /**
   * Queues a translation of the transcript into `targetLanguage`, segment by segment: the
   * session's translation shows `pending` at once and is saved as `translatedTranscript` when done.
   */
  translate(request: { sessionId: string; targetLanguage: string; aiProvider?: string }): AiJob {
    const targetLanguage = request.targetLanguage.trim();
    if (targetLanguage === '') {
      throw new AiJobRequestError(
        'invalid_request',
        'Name the language to translate into, such as "de" or "German".',
      );
    }
    this.requireRevisable(request.sessionId, 'translation');
    return this.run({
      sessionId: request.sessionId,
      work: { kind: 'translation', targetLanguage },
      aiProvider: request.aiProvider,
    });
  }

  /**
   * Queues the answering of `question` across the library, or the sessions `filters` let through:
   * the question shows `pending` at once (GET /questions/:id), and the answer grows as the model
   * writes.
   */
  askLibrary(request: { question: string; filters: LibraryQuestionFilters; aiProvider?: string }): {
    job: AiJob;
    questionId: string;
  } {
    const { store } = this.options;
    const question = request.question.trim();
    if (question === '') throw new AiJobRequestError('invalid_request', 'Ask a question: it is empty.');
    const { topicId, tagId } = request.filters;
    if (topicId !== undefined && !store.hasTopic(topicId)) {
      throw new AiJobRequestError(
        'invalid_reference',
        `There is no topic ${topicId}; GET /api/v1/topics lists them.`,
      );
    }
    if (tagId !== undefined && !store.hasTag(tagId)) {
      throw new AiJobRequestError(
        'invalid_reference',
        `There is no tag ${tagId}; GET /api/v1/tags lists them.`,
      );
    }
    const questionId = randomUUID();
    const job = this.run({
      sessionId: null,
      work: { kind: 'libraryQuestion', questionId, question, filters: request.filters },
      aiProvider: request.aiProvider,
    });
    return { job, questionId };
  }

  /**
   * Takes up the jobs the last process left unfinished, and marks `error` any artefact or Q&A entry
   * still `pending` that no job will finish (its job's row was lost, or its work is unreadable).
   * Call once at start.
   */
  resumeUnfinished(): AiJob[] {
    const { store } = this.options;
    const unfinished = store
      .listAiJobs(Number.MAX_SAFE_INTEGER)
      .filter((record) => !isEndedAiJob(record))
      .reverse();
    const resumed: AiJob[] = [];
    for (const record of unfinished) {
      const work = storedWorkSchema.safeParse(record.work);
      const forSession = record.sessionId !== null && store.getSession(record.sessionId) !== undefined;
      if (work.success && (forSession || work.data.kind === 'libraryQuestion')) {
        resumed.push(this.run({ sessionId: record.sessionId, work: work.data, resume: record }));
      } else {
        store.updateAiJob(record.id, {
          state: 'failed',
          error: 'This AI job could not be resumed after a restart; ask for it again.',
        });
      }
    }
    this.settleOrphans(resumed);
    return resumed;
  }

  /** Marks `error` what shows `pending` without a resumed job to finish it. */
  private settleOrphans(resumed: readonly AiJob[]): void {
    const { store } = this.options;
    const statuses = resumed.map((job) => job.status());
    const digesting = new Set(
      statuses.filter((status) => status.kind === 'digest').map((status) => status.sessionId),
    );
    const answering = new Set(statuses.map((status) => `${status.sessionId}/${status.entryId}`));
    const revising = new Set(statuses.map((status) => `${status.sessionId}/${status.kind}`));
    const answeringLibrary = new Set(statuses.map((status) => status.questionId));
    for (const question of store.listLibraryQuestions(Number.MAX_SAFE_INTEGER)) {
      if (question.status !== 'pending' || answeringLibrary.has(question.id)) continue;
      store.putLibraryQuestion({ ...question, status: 'error', error: unansweredAfterRestart });
    }
    for (const listed of store.listSessions({ limit: Number.MAX_SAFE_INTEGER, offset: 0 }).sessions) {
      const session = store.getSession(listed.id);
      if (session === undefined) continue;
      for (const revision of store.getTranscriptRevisions(session.id)) {
        if (revision.state !== 'pending' || revising.has(`${session.id}/${revision.kind}`)) continue;
        store.putTranscriptRevision({ ...revision, state: 'failed', error: unrevisedAfterRestart });
      }
      for (const entry of store.getAskHistory(session.id)) {
        if (entry.status !== 'pending' || answering.has(`${session.id}/${entry.id}`)) continue;
        store.putAskEntry(session.id, { ...entry, answer: unansweredAfterRestart, status: 'error' });
      }
      if (digesting.has(session.id)) continue;
      const stuck = session.postProcess.status === 'pending' || session.mindMap.status === 'pending';
      if (!stuck) continue;
      store.updateSession(session.id, {
        postProcess: { ...session.postProcess, status: errorIfPending(session.postProcess.status) },
        mindMap: { ...session.mindMap, status: errorIfPending(session.mindMap.status) },
      });
    }
  }

  get(jobId: string): AiJobStatus | undefined {
    const job = this.jobs.get(jobId);
    if (job !== undefined) return job.status();
    const record = this.options.store.getAiJob(jobId);
    return record === undefined ? undefined : storedStatus(record);
  }

  /** Newest first, those of earlier runs of the service included. */
  list(limit = 100): AiJobStatus[] {
    return this.options.store
      .listAiJobs(limit)
      .map((record) => this.jobs.get(record.id)?.status() ?? storedStatus(record));
  }

  cancel(jobId: string): AiJobStatus | undefined {
    this.jobs.get(jobId)?.cancel();
    return this.get(jobId);
  }

  subscribe(jobId: string, listener: (status: AiJobStatus) => void): (() => void) | undefined {
    return this.jobs.get(jobId)?.subscribe(listener);
  }

  /** Suspends the jobs that have not ended; the next start resumes them. */
  async close(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => job.suspend()));
  }

  private requireSession(sessionId: string): SessionRecord {
    const session = this.options.store.getSession(sessionId);
    if (session === undefined)
      throw new AiJobRequestError('session_not_found', `There is no session ${sessionId}.`);
    return session;
  }

  /** Refuses a correction or translation of a transcript that is still growing, empty, or being revised. */
  private requireRevisable(sessionId: string, kind: TranscriptRevisionKind): void {
    const session = this.requireSession(sessionId);
    const { noun, verb } = revisionNames[kind];
    if (session.status === 'recording') {
      throw new AiJobRequestError(
        'session_recording',
        `Session ${sessionId} is recording; ${verb} its transcript once it has stopped.`,
      );
    }
    if (session.transcriptLength === 0) {
      throw new AiJobRequestError(
        'invalid_state',
        `Session ${sessionId} has no transcript yet, so there is nothing to ${verb}.`,
      );
    }
    const current = this.options.store.getTranscriptRevision(sessionId, kind);
    const running =
      current?.state === 'pending' && current.jobId !== null ? this.jobs.get(current.jobId) : undefined;
    if (running !== undefined) {
      throw new AiJobRequestError(
        'conflict',
        `A ${noun} of session ${sessionId} is being made (AI job ${running.id}); wait for it, or cancel it with POST /control/v1/ai-jobs/${running.id}/cancel.`,
      );
    }
  }

  private run(details: Pick<AiJobInput, 'sessionId' | 'work' | 'aiProvider' | 'resume'>): AiJob {
    const job = createAiJob({
      ...details,
      store: this.options.store,
      chooseModel: this.options.chooseModel,
      inspect: this.options.inspection?.observe({
        machine: 'aiJob',
        label: `${jobLabel(details.work)} · ${this.subjectName(details)}`,
      }),
    });
    this.jobs.set(job.id, job);
    this.waiting.push(job);
    void job.finished.then(() => this.onEnded(job));
    this.startNext();
    return job;
  }

  /** What the job is about, for the Inspector: its session's title, or the library question. */
  private subjectName(details: Pick<AiJobInput, 'sessionId' | 'work'>): string {
    if (details.work.kind === 'libraryQuestion') return `“${details.work.question}”`;
    const { sessionId } = details;
    return (
      (sessionId === null ? undefined : this.options.store.getSession(sessionId)?.title) ?? String(sessionId)
    );
  }

  private startNext(): void {
    while (this.running === undefined) {
      const next = this.waiting.shift();
      if (next === undefined) return;
      if (next.status().state !== 'queued') continue;
      this.running = next;
      next.start();
    }
  }

  private onEnded(job: AiJob): void {
    const waited = this.waiting.indexOf(job);
    if (waited >= 0) this.waiting.splice(waited, 1);
    if (this.running === job) this.running = undefined;
    this.ended.push(job.id);
    while (this.ended.length > endedJobsKept) this.jobs.delete(this.ended.shift() ?? '');
    this.startNext();
  }
}

function checkedArtefacts(requested: readonly string[] | undefined): DigestArtefact[] {
  if (requested === undefined || requested.length === 0) return [...digestArtefacts];
  const unknown = requested.filter((name) => !(digestArtefacts as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new AiJobRequestError(
      'invalid_request',
      `There is no artefact ${unknown.map((name) => `"${name}"`).join(', ')}; choose from ${digestArtefacts.join(', ')}.`,
    );
  }
  return [...new Set(requested as DigestArtefact[])];
}

function jobLabel(work: AiJobInput['work']): string {
  switch (work.kind) {
    case 'digest':
      return work.artefacts.join(', ');
    case 'translation':
      return `translation into ${work.targetLanguage}`;
    case 'libraryQuestion':
      return 'question to the library';
    default:
      return work.kind;
  }
}

function errorIfPending<Status extends string>(status: Status): Status | 'error' {
  return status === 'pending' ? 'error' : status;
}

function storedStatus(record: AiJobRecord): AiJobStatus {
  const work = storedWorkSchema.safeParse(record.work);
  return {
    jobId: record.id,
    sessionId: record.sessionId,
    kind: work.success ? work.data.kind : 'digest',
    artefacts: work.success && work.data.kind === 'digest' ? work.data.artefacts : [],
    entryId: work.success && work.data.kind === 'question' ? work.data.entryId : null,
    targetLanguage: work.success && work.data.kind === 'translation' ? work.data.targetLanguage : null,
    questionId: work.success && work.data.kind === 'libraryQuestion' ? work.data.questionId : null,
    state: record.state === 'running' ? 'queued' : record.state,
    part: 0,
    partCount: 0,
    error: record.error,
    createdAt: record.createdAt,
    resumeCount: record.resumeCount,
  };
}

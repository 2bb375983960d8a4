import { randomUUID } from 'node:crypto';
import { createActor, type InspectionEvent } from 'xstate';
import { aiJobMachine, aiJobStateOf } from '../../machines/aiJob.ts';
import type { AiJobEvent, AiJobSnapshot, AiJobState } from '../../machines/aiJob.ts';
import type { DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import { GenerationError } from '../../ai/generationErrors.ts';
import type { AiJobRecord, StoredAiJobState } from '../../store/aiJobTable.ts';
import type { SessionRecord } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { invokedEffect, settleWithin, type EffectWork } from '../invokedEffect.ts';
import { followJobActor } from '../jobActor.ts';
import type { AiModel, DescribedFailure } from './aiModel.ts';
import { correctionSteps, type CorrectionWork } from './correctionWork.ts';
import { digestSteps, type DigestWork } from './digestWork.ts';
import { libraryQuestionSteps, type LibraryQuestionWork } from './libraryQuestionWork.ts';
import { questionSteps, type QuestionWork } from './questionWork.ts';
import { translationSteps, type TranslationWork } from './translationWork.ts';
import type { WorkSteps } from './workSteps.ts';

/**
 * What an AI job makes: the session's digest (or some of its parts), an answer to a question, a
 * proposed correction of its transcript, or a translation of it; or, for no one session, an
 * answer to a question asked of the library.
 */
export type AiJobWork = DigestWork | QuestionWork | CorrectionWork | TranslationWork | LibraryQuestionWork;

/** What the model is chosen for: a session, or a library question (of a topic, if it names one). */
export type ModelSubject = Pick<SessionRecord, 'topicId'>;

export interface AiJobInput {
  /** Null for a question asked of the library. */
  sessionId: string | null;
  work: AiJobWork;
  /** The named AI provider; undefined uses the topic's, else the default. */
  aiProvider?: string;
  store: SessionStore;
  /** The model for a session or a library question, or why there is none (no provider set up…). */
  chooseModel: (subject: ModelSubject, aiProvider: string | undefined) => AiModel | string;
  /** The stored job to run again after a restart: the new job keeps its id. */
  resume?: AiJobRecord;
  inspect?: (event: InspectionEvent) => void;
}

export interface AiJobStatus {
  jobId: string;
  /** Null for a question asked of the library. */
  sessionId: string | null;
  kind: AiJobWork['kind'];
  /** What a digest job makes; none for a question. */
  artefacts: DigestArtefact[];
  /** The session's Q&A entry a question job answers into; null for the other kinds. */
  entryId: string | null;
  /** The language a translation job translates into; null for the other kinds. */
  targetLanguage: string | null;
  /** The library question a libraryQuestion job answers (GET /questions/:id); null for the other kinds. */
  questionId: string | null;
  state: AiJobState;
  /** The part being generated, from 1, and how many; 0 of 0 until the transcript is split. */
  part: number;
  partCount: number;
  error: string | null;
  createdAt: number;
  resumeCount: number;
}

export interface AiJob {
  readonly id: string;
  readonly sessionId: string | null;
  status(): AiJobStatus;
  subscribe(listener: (status: AiJobStatus) => void): () => void;
  start(): void;
  cancel(): void;
  /** Stops working without ending the job, as the service shuts down; the next start resumes it. */
  suspend(): Promise<void>;
  readonly finished: Promise<AiJobStatus>;
}

/** How long an ended job waits for an aborted model call to let go before it reports anyway. */
const abortWaitMs = 5_000;

/**
 * An AI job for one session (or for the library), waiting in `queued` until `start()`. What it makes shows `pending`
 * from the moment it exists, and what became of it once it ends (see each kind's steps).
 */
export function createAiJob(input: AiJobInput): AiJob {
  const { store, sessionId, work, resume } = input;
  const jobId = resume?.id ?? randomUUID();
  const createdAt = resume?.createdAt ?? Date.now();
  const resumeCount = resume === undefined ? 0 : resume.resumeCount + 1;
  const aiProvider = resume === undefined ? (input.aiProvider ?? null) : resume.aiProvider;
  const steps = stepsFor(store, sessionId, work, { id: jobId, createdAt, aiProvider });
  if (resume === undefined) {
    store.createAiJob({
      id: jobId,
      sessionId,
      work: { ...work },
      aiProvider,
      state: 'queued',
      error: null,
      resumeCount,
      createdAt,
      updatedAt: createdAt,
    });
  } else {
    store.updateAiJob(jobId, { state: 'queued', resumeCount });
  }
  steps.begin();

  let generated: unknown;
  const running = new Set<Promise<unknown>>();
  let model: AiModel | undefined;

  const effect = <Input>(job: EffectWork<Input, AiJobEvent>) =>
    invokedEffect(job, {
      onFailure: (error): AiJobEvent => ({ type: 'FAILED', ...describe(error) }),
      running,
    });

  const generate = effect<undefined>(async (_input, signal, send) => {
    const chosen = input.chooseModel(modelSubject(store, sessionId, work), aiProvider ?? undefined);
    if (typeof chosen === 'string') throw new GenerationError(chosen);
    model = chosen;
    generated = await steps.generate(chosen, signal, (part, of) => send({ type: 'PROGRESS', part, of }));
    return { type: 'GENERATED' };
  });

  const save = effect<undefined>(() => {
    steps.save(generated);
    return { type: 'SAVED' };
  });

  function describe(error: unknown): DescribedFailure {
    if (error instanceof GenerationError) return { message: error.message, transient: false };
    if (model !== undefined) return model.describeFailure(error);
    return { message: error instanceof Error ? error.message : String(error), transient: false };
  }

  const actor = createActor(aiJobMachine.provide({ actors: { generate, save } }), {
    id: jobId,
    inspect: input.inspect,
  });

  const toStatus = (snapshot: AiJobSnapshot): AiJobStatus => ({
    jobId,
    sessionId,
    kind: work.kind,
    artefacts: work.kind === 'digest' ? [...work.artefacts] : [],
    entryId: work.kind === 'question' ? work.entryId : null,
    targetLanguage: work.kind === 'translation' ? work.targetLanguage : null,
    questionId: work.kind === 'libraryQuestion' ? work.questionId : null,
    state: aiJobStateOf(snapshot),
    part: snapshot.context.part,
    partCount: snapshot.context.partCount,
    error: snapshot.context.error,
    createdAt,
    resumeCount,
  });

  const job = followJobActor(actor, toStatus, async (snapshot) => {
    await settleWithin(running, abortWaitMs);
    const status = toStatus(snapshot);
    // The session is written before the job's row: a crash in between resumes a job whose work is
    // saved, which costs calls but never loses the result.
    try {
      if (status.state === 'failed')
        steps.end({ state: 'failed', error: status.error ?? 'The AI job failed.' });
      if (status.state === 'cancelled') steps.end({ state: 'cancelled' });
    } catch {
      // A session deleted meanwhile has no status to set.
    }
    try {
      store.updateAiJob(jobId, { state: status.state as StoredAiJobState, error: status.error });
    } catch {
      // At worst the next start runs the job again.
    }
    return status;
  });

  return {
    id: jobId,
    sessionId,
    status: job.status,
    subscribe: job.subscribe,
    start() {
      if (!job.isActive() || aiJobStateOf(actor.getSnapshot()) !== 'queued') return;
      try {
        store.updateAiJob(jobId, { state: 'running' });
      } catch {
        // Queued and running jobs resume alike.
      }
      job.send({ type: 'START' });
    },
    cancel() {
      if (!job.isActive()) return;
      try {
        store.updateAiJob(jobId, { state: 'cancelled' });
      } catch {
        // The cancel goes ahead; at worst a crash before it ends runs the job again.
      }
      job.send({ type: 'CANCEL' });
    },
    async suspend() {
      if (!job.isActive()) return;
      actor.stop();
      await settleWithin(running, abortWaitMs);
    },
    finished: job.finished,
  };
}

/** The steps of the job's kind of work; the machine runs them the same way for every kind. */
function stepsFor(
  store: SessionStore,
  sessionId: string | null,
  work: AiJobWork,
  job: { id: string; createdAt: number; aiProvider: string | null },
): WorkSteps<unknown> {
  if (work.kind === 'libraryQuestion') return libraryQuestionSteps(store, work, job);
  const session = sessionId === null ? undefined : store.getSession(sessionId);
  if (session === undefined) throw new GenerationError(`There is no session ${sessionId}.`);
  switch (work.kind) {
    case 'digest':
      return digestSteps(store, session, work);
    case 'question':
      return questionSteps(store, session.id, work, job.createdAt);
    case 'correction':
      return correctionSteps(store, session.id, job);
    case 'translation':
      return translationSteps(store, session.id, job, work);
  }
}

/** The session as it is now (its topic may name a provider), or the topic a library question asks. */
function modelSubject(store: SessionStore, sessionId: string | null, work: AiJobWork): ModelSubject {
  if (work.kind === 'libraryQuestion') return { topicId: work.filters.topicId ?? null };
  const session = sessionId === null ? undefined : store.getSession(sessionId);
  if (session === undefined) throw new GenerationError('The session was deleted.');
  return session;
}

import { randomUUID } from 'node:crypto';
import { createActor, type InspectionEvent } from 'xstate';
import { aiJobMachine, aiJobStateOf } from '../../machines/aiJob.ts';
import type { AiJobEvent, AiJobSnapshot, AiJobState } from '../../machines/aiJob.ts';
import { generateDigest, type Digest, type DigestArtefact } from '../../ai/artefacts/sessionDigest.ts';
import { GenerationError } from '../../ai/generationErrors.ts';
import type { ModelLimits } from '../../ai/longSessions/requestBudget.ts';
import type { GenerateStructured } from '../../ai/modelFunctions.ts';
import type { AiJobRecord, StoredAiJobState } from '../../store/aiJobTable.ts';
import type { GenerationStatus, SessionRecord } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { invokedEffect, settleWithin, type EffectWork } from '../invokedEffect.ts';

/** What an AI job of this kind makes: the session's digest, or some of its parts. */
export interface DigestWork {
  kind: 'digest';
  artefacts: DigestArtefact[];
}

/** A transient failure can be tried again; the message says what happened and what to do. */
export interface DescribedFailure {
  message: string;
  transient: boolean;
  retryAfterMs?: number;
}

/** The model a job runs on, chosen as it starts (the session's topic may name its own). */
export interface AiModel {
  /** The AI provider's name in the settings, for messages. */
  name: string;
  generateStructured: GenerateStructured;
  limits: ModelLimits;
  describeFailure(error: unknown): DescribedFailure;
}

export interface AiJobInput {
  sessionId: string;
  work: DigestWork;
  /** The named AI provider; undefined uses the topic's, else the default. */
  aiProvider?: string;
  store: SessionStore;
  /** The model for `session`, or why there is none (no provider set up…). */
  chooseModel: (session: SessionRecord, aiProvider: string | undefined) => AiModel | string;
  /** The stored job to run again after a restart: the new job keeps its id. */
  resume?: AiJobRecord;
  inspect?: (event: InspectionEvent) => void;
}

export interface AiJobStatus {
  jobId: string;
  sessionId: string;
  artefacts: DigestArtefact[];
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
  readonly sessionId: string;
  status(): AiJobStatus;
  subscribe(listener: (status: AiJobStatus) => void): () => void;
  start(): void;
  cancel(): void;
  /** Stops working without ending the job, as the service shuts down; the next start resumes it. */
  suspend(): Promise<void>;
  readonly finished: Promise<AiJobStatus>;
}

/** The artefacts kept in `postProcess`; the mind map has a status of its own. */
const postProcessArtefacts: ReadonlySet<DigestArtefact> = new Set([
  'summary',
  'actionItems',
  'keywords',
  'chapters',
]);

/** How long an ended job waits for an aborted model call to let go before it reports anyway. */
const abortWaitMs = 5_000;

/**
 * An AI job for one session, waiting in `queued` until `start()`. Its artefacts show `pending`
 * from the moment it exists, and `success` or `error` once it ends; a cancel puts back what was
 * there before.
 */
export function createAiJob(input: AiJobInput): AiJob {
  const { store, sessionId, work, resume } = input;
  const jobId = resume?.id ?? randomUUID();
  const createdAt = resume?.createdAt ?? Date.now();
  const resumeCount = resume === undefined ? 0 : resume.resumeCount + 1;
  const aiProvider = resume === undefined ? (input.aiProvider ?? null) : resume.aiProvider;
  const session = store.getSession(sessionId);
  if (session === undefined) throw new GenerationError(`There is no session ${sessionId}.`);
  const before = { postProcess: session.postProcess.status, mindMap: session.mindMap.status };
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
  markArtefacts('pending');

  let generated: Partial<Digest> = {};
  const running = new Set<Promise<unknown>>();
  let model: AiModel | undefined;

  const effect = <Input>(job: EffectWork<Input, AiJobEvent>) =>
    invokedEffect(job, {
      onFailure: (error): AiJobEvent => ({ type: 'FAILED', ...describe(error) }),
      running,
    });

  const generate = effect<undefined>(async (_input, signal, send) => {
    const current = store.getSession(sessionId);
    if (current === undefined) throw new GenerationError('The session was deleted.');
    const chosen = input.chooseModel(current, aiProvider ?? undefined);
    if (typeof chosen === 'string') throw new GenerationError(chosen);
    model = chosen;
    generated = await generateDigest(
      store.getSegments(sessionId),
      {
        generateStructured: chosen.generateStructured,
        limits: chosen.limits,
        signal,
        onProgress: (part, of) => send({ type: 'PROGRESS', part, of }),
      },
      work.artefacts,
    );
    return { type: 'GENERATED' };
  });

  const save = effect<undefined>(() => {
    const current = store.getSession(sessionId);
    if (current === undefined) throw new GenerationError('The session was deleted while its AI job ran.');
    const { mindMap, ...postProcessFields } = generated;
    store.updateSession(sessionId, {
      postProcess: wantsPostProcess()
        ? { ...current.postProcess, ...postProcessFields, status: 'success' }
        : current.postProcess,
      mindMap: wantsMindMap() ? { markdown: mindMap ?? '', status: 'success' } : current.mindMap,
    });
    return { type: 'SAVED' };
  });

  function describe(error: unknown): DescribedFailure {
    if (error instanceof GenerationError) return { message: error.message, transient: false };
    if (model !== undefined) return model.describeFailure(error);
    return { message: error instanceof Error ? error.message : String(error), transient: false };
  }

  function wantsPostProcess(): boolean {
    return work.artefacts.some((artefact) => postProcessArtefacts.has(artefact));
  }

  function wantsMindMap(): boolean {
    return work.artefacts.includes('mindMap');
  }

  /** Sets the status of what the job makes; `undefined` puts back what it was before the job. */
  function markArtefacts(status: GenerationStatus | undefined): void {
    const current = store.getSession(sessionId);
    if (current === undefined) return;
    store.updateSession(sessionId, {
      postProcess: wantsPostProcess()
        ? { ...current.postProcess, status: status ?? restored(before.postProcess) }
        : current.postProcess,
      mindMap: wantsMindMap()
        ? { ...current.mindMap, status: status ?? restored(before.mindMap) }
        : current.mindMap,
    });
  }

  const actor = createActor(aiJobMachine.provide({ actors: { generate, save } }), {
    id: jobId,
    inspect: input.inspect,
  });

  const toStatus = (snapshot: AiJobSnapshot): AiJobStatus => ({
    jobId,
    sessionId,
    artefacts: [...work.artefacts],
    state: aiJobStateOf(snapshot),
    part: snapshot.context.part,
    partCount: snapshot.context.partCount,
    error: snapshot.context.error,
    createdAt,
    resumeCount,
  });

  const listeners = new Set<(status: AiJobStatus) => void>();
  let ended: (snapshot: AiJobSnapshot) => void = () => undefined;
  const finished = new Promise<AiJobSnapshot>((resolve) => (ended = resolve)).then(async (snapshot) => {
    await settleWithin(running, abortWaitMs);
    const status = toStatus(snapshot);
    // The session is written before the job's row: a crash in between resumes a job whose work is
    // saved, which costs calls but never loses the result.
    try {
      if (status.state === 'failed') markArtefacts('error');
      if (status.state === 'cancelled') markArtefacts(undefined);
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
  actor.subscribe((snapshot) => {
    const status = toStatus(snapshot);
    for (const listener of listeners) listener(status);
    if (snapshot.status === 'done') ended(snapshot);
  });
  actor.start();
  const send = (event: AiJobEvent) => {
    if (actor.getSnapshot().status === 'active') actor.send(event);
  };

  return {
    id: jobId,
    sessionId,
    status: () => toStatus(actor.getSnapshot()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (actor.getSnapshot().status !== 'active' || aiJobStateOf(actor.getSnapshot()) !== 'queued') return;
      try {
        store.updateAiJob(jobId, { state: 'running' });
      } catch {
        // Queued and running jobs resume alike.
      }
      send({ type: 'START' });
    },
    cancel() {
      if (actor.getSnapshot().status !== 'active') return;
      try {
        store.updateAiJob(jobId, { state: 'cancelled' });
      } catch {
        // The cancel goes ahead; at worst a crash before it ends runs the job again.
      }
      send({ type: 'CANCEL' });
    },
    async suspend() {
      if (actor.getSnapshot().status !== 'active') return;
      actor.stop();
      await settleWithin(running, abortWaitMs);
    },
    finished,
  };
}

/** What a status goes back to when its job is cancelled: a job that never ended shows none. */
function restored(status: GenerationStatus): GenerationStatus {
  return status === 'pending' ? 'none' : status;
}

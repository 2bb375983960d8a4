import { randomUUID } from 'node:crypto';
import type { ProviderDefinition } from '../../providers/contract.ts';
import { checkProviderConfig } from '../../providers/configuration/configCheck.ts';
import type { Segment } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import { readProviderConfig } from '../../store/providerSettings.ts';
import type { TimeRange, TranscriptVersionRecord } from '../../store/transcriptVersionTable.ts';
import { managedRuntimeProblem } from '../runtimeSetup/storedRuntimeProblem.ts';
import { audioPartStops } from '../sessionAudio/audioPartStops.ts';
import { shortestGapMs, transcriptGaps } from '../sessionAudio/transcriptGaps.ts';
import { wholeSessionAudio } from '../sessionAudio/wholeSessionAudio.ts';

export interface RetranscriptionRequest {
  sessionId: string;
  /** Id or label (`deepgram`, `P06`), case-insensitive. */
  provider: string;
  /** Only where the audio has no committed transcript (transcriptGaps.ts). */
  gapsOnly?: boolean;
  /** Keep the new transcript as soon as it is made, without a proposal to look at first. */
  keep?: boolean;
}

/** Why a re-transcription was refused, as the control routes' error codes name it. */
export type RetranscriptionRequestCode =
  | 'session_not_found'
  | 'session_recording'
  | 'audio_not_found'
  | 'invalid_request'
  | 'invalid_config'
  | 'invalid_state'
  | 'conflict';

/** A re-transcription the caller must fix first; nothing was changed. */
export class RetranscriptionRequestError extends Error {
  readonly code: RetranscriptionRequestCode;

  constructor(code: RetranscriptionRequestCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** What a re-transcription's file job is given: the audio, its stretches, the version it fills. */
export interface RetranscriptionPlan {
  path: string;
  /** Undefined: the whole audio. */
  ranges: TimeRange[] | undefined;
  language: string | undefined;
  version: TranscriptVersionRecord;
}

/**
 * Checks a re-transcription request against the session, its audio and the provider's saved
 * settings, finds the gaps when only those are wanted, and returns what its job needs, the pending
 * version included (not yet stored: the job's id goes in first). A proposal still waiting is
 * discarded by the caller when the new one is stored: a session has one open proposal at most.
 */
export async function planRetranscription(options: {
  store: SessionStore;
  dataDirectory: string;
  definition: ProviderDefinition<unknown>;
  request: RetranscriptionRequest;
}): Promise<RetranscriptionPlan> {
  const { store, dataDirectory, definition, request } = options;
  const { sessionId } = request;
  const session = store.getSession(sessionId);
  if (session === undefined) {
    throw new RetranscriptionRequestError('session_not_found', `There is no session ${sessionId}.`);
  }
  if (session.status === 'recording') {
    throw new RetranscriptionRequestError(
      'session_recording',
      `Session ${sessionId} is recording; stop it before transcribing it again.`,
    );
  }
  const running = store.getTranscriptVersions(sessionId).find((version) => version.state === 'pending');
  if (running !== undefined) {
    throw new RetranscriptionRequestError(
      'conflict',
      `Session ${sessionId} is being transcribed again already (job ${running.jobId}); wait for it, or cancel it with earshot jobs cancel ${running.jobId}.`,
    );
  }
  const problem =
    managedRuntimeProblem(dataDirectory, definition) ?? configProblem(definition, dataDirectory);
  if (problem !== undefined) throw new RetranscriptionRequestError('invalid_config', problem);
  const audio = await wholeSessionAudio(dataDirectory, sessionId);
  if (audio === undefined) {
    throw new RetranscriptionRequestError(
      'audio_not_found',
      `Session ${sessionId} has no recorded audio to transcribe again. Earshot keeps the audio of live recordings; file transcriptions, sessions recorded by earlier versions and audio past its keeping time have none.`,
    );
  }
  const segments = store.getSegments(sessionId);
  const ranges = request.gapsOnly === true ? await gapsOf(dataDirectory, sessionId, segments) : undefined;
  const now = Date.now();
  return {
    path: audio.path,
    ranges,
    language: onlyLanguage(segments),
    version: {
      id: randomUUID(),
      sessionId,
      providerId: definition.metadata.id,
      scope: ranges === undefined ? 'whole' : 'gaps',
      ranges: ranges ?? [],
      state: 'pending',
      segments: [],
      keepWhenDone: request.keep === true,
      error: null,
      jobId: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

async function gapsOf(
  dataDirectory: string,
  sessionId: string,
  segments: readonly Segment[],
): Promise<TimeRange[]> {
  const stops = await audioPartStops(dataDirectory, sessionId, new AbortController().signal);
  const gaps = transcriptGaps(segments, stops);
  if (gaps.length === 0) {
    throw new RetranscriptionRequestError(
      'invalid_state',
      `Session ${sessionId}'s transcript has no gaps: it reaches to within ${shortestGapMs / 1000} s of each interruption and of the end of its audio. To transcribe it all again, leave out --gaps-only.`,
    );
  }
  return gaps;
}

function configProblem(definition: ProviderDefinition<unknown>, dataDirectory: string): string | undefined {
  const checked = checkProviderConfig(definition, readProviderConfig(dataDirectory, definition.metadata.id));
  return checked.ok ? undefined : checked.message;
}

/** The session's language when its segments name one only: the provider is told it, not left to guess. */
function onlyLanguage(segments: readonly Segment[]): string | undefined {
  const languages = new Set(
    segments.flatMap((segment) => (segment.language === null ? [] : [segment.language])),
  );
  const [only] = languages;
  return languages.size === 1 && /^[a-z]{2}$/.test(only ?? '') ? only : undefined;
}

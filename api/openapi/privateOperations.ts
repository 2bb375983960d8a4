/**
 * Every route of the control channel (`/control/v1`, the app's and the CLI's private routes), as
 * the full OpenAPI document states it: what each takes, what it answers and which error codes it
 * can give besides the ones of every private route. A test holds this table to the routes the
 * service registers, so a route added without an entry here, or an entry left after its route, fails.
 */
import { aiJobRequestSchema, questionRequestSchema } from '../control/aiJobControl.ts';
import type { z } from 'zod';

import { downloadRequestSchema } from '../control/runtimeControl.ts';
import { newTagSchema, newTopicSchema, tagPatchSchema, topicPatchSchema } from '../control/libraryControl.ts';
import { patchSchema as sessionPatchSchema } from '../control/sessionControl.ts';
import { requestSchema as transcriptionRequestSchema } from '../control/transcriptionControl.ts';
import { configRequestSchema } from '../control/providerControl.ts';
import { sessionAudioPlayerSchema } from '../control/sessionAudioControl.ts';
import {
  aiProviderRequestSchema,
  automaticDigestRequestSchema,
  topicAiProviderRequestSchema,
} from '../control/aiProviderControl.ts';
import type { ErrorCode } from '../errorCodes.ts';
import { libraryQuestionRoutes } from './libraryQuestionOperations.ts';
import { promptRoutes } from './promptOperations.ts';
import { transcriptExportFormats, transcriptFileFormats } from '../../store/export/transcriptExport.ts';
import type { JsonObject } from './documentFragments.ts';
import {
  apiAccessStateSchema,
  apiEnabledSchema,
  apiTokenSchema,
  importCountsSchema,
  liveStoppingSchema,
  loginUrlSchema,
  providerCheckSchema,
  questionStartedSchema,
  serviceInfoSchema,
  tagAnswerSchema,
  topicAnswerSchema,
  transcriptionStartedSchema,
  uploadReceiptSchema,
} from './privateAnswerSchemas.ts';
import {
  aiProviderAnswerSchema,
  aiSettingsSchema,
  topicAiProviderAnswerSchema,
} from './aiProviderAnswerSchemas.ts';
import { transcriptRevisionRoutes } from './transcriptRevisionOperations.ts';
import { speakerRoutes } from './speakerOperations.ts';
import { retranscriptionRoutes } from './retranscriptionOperations.ts';
import { vocabularyRoutes } from './vocabularyOperations.ts';
import { audioRetentionRoutes } from './audioRetentionOperations.ts';
import { notesFolderRoutes } from './notesFolderOperations.ts';
import { ownerEventStreamRoutes } from './eventStreamOperation.ts';
import { webhookRoutes } from './webhookOperations.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface QueryParameter {
  name: string;
  description: string;
  schema: JsonObject;
  example: string;
}

/** A JSON body, with the schema the handler parses it with; or a file sent as the raw body. */
export type RequestBody =
  | { kind: 'json'; schema: z.ZodType; description: string; example: unknown }
  | { kind: 'file'; description: string; example: string };

export interface Answer {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** A zod schema, or the id of a component schema; left out, the body is described in words only. */
  schema?: z.ZodType | string;
  /** JSON unless named here; none at all for a 204. */
  mediaTypes?: readonly string[];
}

export interface PrivateOperation {
  method: HttpMethod;
  /** Below `/control/v1`, with `{id}` where the route has `:id`. */
  path: string;
  operationId: string;
  summary: string;
  /** What the `{id}` in the path names. */
  id?: { description: string; example: string };
  query?: QueryParameter[];
  /** Takes the session list's filters and page, as `GET /api/v1/sessions` does. */
  takesListQuery?: boolean;
  body?: RequestBody;
  answer: Answer;
  /** Errors beyond the ones every private route can give. */
  errors: ErrorCode[];
}

const sessionId = { description: 'Session id', example: '3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70' };
const topicId = { description: 'Topic id', example: '7a1d4e2b-9c3f-4b8a-8e6d-1f2a3b4c5d6e' };
const tagId = { description: 'Tag id', example: 'c4e8a2f1-3b5d-4a7c-9e1f-6d8b2a4c6e80' };
const jobId = { description: 'Transcription job id', example: '9b2e6f1a-4c8d-4e3b-a5f7-0c1d2e3f4a5b' };
const providerId = {
  description: 'Provider id or label, such as whisper-cpp or P14',
  example: 'whisper-cpp',
};

/** What every route that streams a file to disk can refuse or fail with (see control/receiveUpload.ts). */
const uploadErrors: ErrorCode[] = ['empty_upload', 'upload_too_large', 'upload_failed'];

const fileName = (description: string, example: string): QueryParameter => ({
  name: 'name',
  description,
  schema: { type: 'string', minLength: 1 },
  example,
});

const exportMediaTypes = [
  ...new Set(
    transcriptExportFormats.map((format) => transcriptFileFormats[format].contentType.split(';')[0]!),
  ),
];

const sessionRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/sessions',
    operationId: 'listSessionsForApp',
    summary:
      'One page of stored sessions, newest first, each with the first words of its transcript and, for a word search, the line that holds the words',
    takesListQuery: true,
    answer: {
      status: 200,
      description:
        '{sessions, total}: the sessions as a list shows them (`ListedSession` in store/records.ts: the record with its `summary`, without the translated and corrected transcripts, the other AI results and the mind map) with the `opening` of the transcript (its first words, null without one) and, with `words`, a `matchingLine` (docs/api.md; null when only the title held the words)',
    },
    errors: ['invalid_query'],
  },
  {
    method: 'get',
    path: '/sessions/{id}',
    operationId: 'getSessionForApp',
    summary: 'One stored session with its segments and Q&A history',
    id: sessionId,
    answer: { status: 200, description: '{session, segments, askHistory}, as the store holds them' },
    errors: ['session_not_found'],
  },
  {
    method: 'patch',
    path: '/sessions/{id}',
    operationId: 'updateSession',
    summary: 'Renames a session, or sets its topic and tags',
    id: sessionId,
    body: {
      kind: 'json',
      schema: sessionPatchSchema,
      description:
        'title: 1 to 200 characters; topicId: an existing topic, or null for none; tagIds: existing tags',
      example: { title: 'Weekly planning', topicId: null, tagIds: [] },
    },
    answer: { status: 200, description: '{session}: the stored session record after the change' },
    errors: ['session_not_found', 'invalid_request'],
  },
  {
    method: 'delete',
    path: '/sessions/{id}',
    operationId: 'deleteSession',
    summary: 'Deletes a session that is no longer recording, with its recorded audio',
    id: sessionId,
    answer: { status: 204, description: 'Deleted', mediaTypes: [] },
    errors: ['session_not_found', 'session_recording'],
  },
  {
    method: 'get',
    path: '/sessions/{id}/audio',
    operationId: 'getSessionAudio',
    summary: 'The recorded audio of one session (Opus in WebM or Ogg), with Range requests for seeking',
    id: sessionId,
    answer: {
      status: 200,
      description: 'The whole file; a Range header gets 206 with that part and Content-Range',
      mediaTypes: ['audio/webm', 'audio/ogg'],
    },
    errors: ['session_not_found', 'audio_not_found', 'range_not_satisfiable'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/audio/player',
    operationId: 'getSessionAudioPlayerUrl',
    summary:
      "The session's audio URL for a signed-in browser's media player, which cannot send the page key: the audio route with a key that opens that route alone, for this browser session alone",
    id: sessionId,
    answer: {
      status: 200,
      description: 'The URL to give an <audio> element; null without recorded audio',
      schema: sessionAudioPlayerSchema,
    },
    errors: ['session_not_found', 'browser_session_required'],
  },
  {
    method: 'get',
    path: '/sessions/{id}/export',
    operationId: 'exportSession',
    summary: 'The transcript of one session as a file to download',
    id: sessionId,
    query: [
      {
        name: 'format',
        description: 'The file format',
        schema: { enum: [...transcriptExportFormats] },
        example: 'md',
      },
    ],
    answer: {
      status: 200,
      description: 'The file, with a Content-Disposition naming it after the session',
      mediaTypes: exportMediaTypes,
    },
    errors: ['session_not_found', 'invalid_request'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/finalize',
    operationId: 'finalizeSession',
    summary: 'Marks an interrupted session as completed, as the session status machine allows',
    id: sessionId,
    answer: { status: 200, description: 'The stored session record with its new status' },
    errors: ['session_not_found', 'invalid_state', 'storage_failed'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/stop',
    operationId: 'stopLiveRecording',
    summary:
      'Stops the live recording of a session, whichever client captures it; it then finishes as after any Stop',
    id: sessionId,
    answer: { status: 202, description: 'The session is stopping', schema: liveStoppingSchema },
    errors: ['session_not_found', 'invalid_state'],
  },
];

const libraryRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/topics',
    operationId: 'listTopicsForApp',
    summary: 'All topics with their session counts',
    answer: { status: 200, description: 'The topics, by name', schema: 'TopicList' },
    errors: [],
  },
  {
    method: 'post',
    path: '/topics',
    operationId: 'createTopic',
    summary: 'Creates a topic; names are unique regardless of case',
    body: {
      kind: 'json',
      schema: newTopicSchema,
      description: 'name: 1 to 80 characters; emoji: up to 16; description: up to 500',
      example: { name: 'Customer calls', emoji: '📞' },
    },
    answer: { status: 201, description: 'The new topic', schema: topicAnswerSchema },
    errors: ['invalid_request', 'topic_exists'],
  },
  {
    method: 'patch',
    path: '/topics/{id}',
    operationId: 'updateTopic',
    summary: 'Changes the fields a topic is sent',
    id: topicId,
    body: {
      kind: 'json',
      schema: topicPatchSchema,
      description: 'Any of name (1 to 80 characters), emoji (up to 16) and description (up to 500)',
      example: { description: 'Calls with customers about their projects' },
    },
    answer: { status: 200, description: 'The topic after the change', schema: topicAnswerSchema },
    errors: ['topic_not_found', 'invalid_request', 'topic_exists'],
  },
  {
    method: 'delete',
    path: '/topics/{id}',
    operationId: 'deleteTopic',
    summary: 'Deletes a topic; its sessions stay, without it',
    id: topicId,
    answer: { status: 204, description: 'Deleted', mediaTypes: [] },
    errors: ['topic_not_found'],
  },
  {
    method: 'get',
    path: '/tags',
    operationId: 'listTagsForApp',
    summary: 'All tags with their session counts',
    answer: { status: 200, description: 'The tags, by name', schema: 'TagList' },
    errors: [],
  },
  {
    method: 'post',
    path: '/tags',
    operationId: 'createTag',
    summary: 'Creates a tag; names are unique regardless of case',
    body: {
      kind: 'json',
      schema: newTagSchema,
      description: 'name: 1 to 40 characters; color: #rrggbb',
      example: { name: 'Follow-up', color: '#4F7CAC' },
    },
    answer: { status: 201, description: 'The new tag, its colour in lower case', schema: tagAnswerSchema },
    errors: ['invalid_request', 'tag_exists'],
  },
  {
    method: 'patch',
    path: '/tags/{id}',
    operationId: 'updateTag',
    summary: 'Changes the fields a tag is sent',
    id: tagId,
    body: {
      kind: 'json',
      schema: tagPatchSchema,
      description: 'Either or both of name (1 to 40 characters) and color (#rrggbb)',
      example: { color: '#2e8b57' },
    },
    answer: { status: 200, description: 'The tag after the change', schema: tagAnswerSchema },
    errors: ['tag_not_found', 'invalid_request', 'tag_exists'],
  },
  {
    method: 'delete',
    path: '/tags/{id}',
    operationId: 'deleteTag',
    summary: 'Deletes a tag and takes it off its sessions',
    id: tagId,
    answer: { status: 204, description: 'Deleted', mediaTypes: [] },
    errors: ['tag_not_found'],
  },
];

const fileRoutes: PrivateOperation[] = [
  {
    method: 'post',
    path: '/uploads',
    operationId: 'uploadFile',
    summary: 'Receives a file to transcribe, streamed to disk; the service opens no path a caller names',
    query: [fileName('The original file name, with its extension', 'interview.m4a')],
    body: { kind: 'file', description: 'The file to transcribe', example: 'not really audio' },
    answer: { status: 201, description: 'Where the upload waits', schema: uploadReceiptSchema },
    errors: ['invalid_request', ...uploadErrors],
  },
  {
    method: 'post',
    path: '/transcriptions',
    operationId: 'startTranscription',
    summary:
      'Starts transcribing an upload into a new session; a {path} is refused, no file is opened by path',
    body: {
      kind: 'json',
      schema: transcriptionRequestSchema,
      description:
        'upload: what POST /control/v1/uploads answered; provider: an id or label; language: ISO 639-1',
      example: { upload: '9d3c1b7a-2e4f-4a6b-8c0d-1e2f3a4b5c6d-interview.m4a', language: 'en' },
    },
    answer: { status: 202, description: 'The job, under way', schema: transcriptionStartedSchema },
    errors: ['path_not_accepted', 'invalid_request', 'upload_not_found'],
  },
  {
    method: 'get',
    path: '/transcriptions',
    operationId: 'listTranscriptions',
    summary: 'The newest transcription jobs first, those of earlier runs of the service included',
    answer: {
      status: 200,
      description: '{"jobs": [FileJobStatus…]} (FileJobStatus in actors/fileJob/fileJob.ts), at most 100',
    },
    errors: [],
  },
  {
    method: 'get',
    path: '/transcriptions/{id}',
    operationId: 'getTranscription',
    summary: 'The status of a transcription job, whichever run of the service it began in',
    id: jobId,
    answer: {
      status: 200,
      description:
        'The job status (FileJobStatus in actors/fileJob/fileJob.ts): state, progress, chunk, error',
    },
    errors: ['job_not_found'],
  },
  {
    method: 'post',
    path: '/transcriptions/{id}/cancel',
    operationId: 'cancelTranscription',
    summary: 'Cancels a transcription job',
    id: jobId,
    answer: { status: 200, description: 'The job status as the cancel begins (FileJobStatus)' },
    errors: ['job_not_found'],
  },
  {
    method: 'post',
    path: '/import',
    operationId: 'importBackup',
    summary: 'Restores a backup sent as the body; an invalid one changes nothing',
    query: [
      {
        name: 'mode',
        description: 'merge keeps what is stored; replace wipes it first',
        schema: { enum: ['merge', 'replace'] },
        example: 'merge',
      },
    ],
    body: { kind: 'file', description: 'An Earshot backup file (docs/backup.md)', example: '{}' },
    answer: { status: 200, description: 'How many of each were imported', schema: importCountsSchema },
    errors: ['invalid_request', ...uploadErrors, 'invalid_backup'],
  },
];

const providerRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/providers',
    operationId: 'listProviders',
    summary: 'Every provider with its settings form, stored values and readiness, in label order',
    answer: { status: 200, description: '{providers}: ProviderView (control/providerView.ts) each' },
    errors: [],
  },
  {
    method: 'get',
    path: '/providers/{id}',
    operationId: 'getProvider',
    summary: 'One provider with its settings form, stored values and readiness',
    id: providerId,
    answer: { status: 200, description: '{provider}: a ProviderView (control/providerView.ts)' },
    errors: ['provider_not_found'],
  },
  {
    method: 'put',
    path: '/providers/{id}/config',
    operationId: 'configureProvider',
    summary:
      'Saves provider settings; nothing is saved when any is wrong, or when a stored key would go to a new host unconfirmed',
    id: providerId,
    body: {
      kind: 'json',
      schema: configRequestSchema,
      description: 'The fields to change, and the host a key may now go to when a 409 asked to confirm it',
      example: { values: { skipSilence: false } },
    },
    answer: { status: 200, description: '{provider}: the ProviderView after the change' },
    errors: ['provider_not_found', 'invalid_request', 'invalid_config', 'confirmation_required'],
  },
  {
    method: 'get',
    path: '/providers/{id}/reachability',
    operationId: 'probeProvider',
    summary: 'Whether the server of a configured P12 or P13 accepts a connection (at most 2 s)',
    id: providerId,
    answer: { status: 200, description: '{reachability}: a ProviderReachability (control/providerView.ts)' },
    errors: ['provider_not_found'],
  },
  {
    method: 'post',
    path: '/providers/{id}/test',
    operationId: 'testProvider',
    summary: 'Checks the stored settings, then makes one cheap real round trip to the provider',
    id: providerId,
    answer: { status: 200, description: 'Whether the provider works as set up', schema: providerCheckSchema },
    errors: ['provider_not_found'],
  },
];

const aiProviderName = { description: 'The name the AI provider is stored under', example: 'local' };

const aiProviderRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/ai-providers',
    operationId: 'listAiProviders',
    summary:
      'Every AI provider by name (keys only ever "set"), the default, and the topics that have their own',
    answer: { status: 200, description: 'The AI settings', schema: aiSettingsSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/ai-providers/{id}',
    operationId: 'getAiProvider',
    summary: 'One AI provider: its settings without the key, its context window, what is missing',
    id: aiProviderName,
    answer: { status: 200, description: '{provider}', schema: aiProviderAnswerSchema },
    errors: ['ai_provider_not_found'],
  },
  {
    method: 'put',
    path: '/ai-providers/{id}',
    operationId: 'configureAiProvider',
    summary:
      'Adds an AI provider or changes its settings; nothing is saved when any is wrong, or when a stored key would go to a new host unconfirmed',
    id: aiProviderName,
    body: {
      kind: 'json',
      schema: aiProviderRequestSchema,
      description: 'The kind (to add one), the fields to change, whether it becomes the default',
      example: { kind: 'ollama', values: { model: 'llama3.2', contextWindow: 16384 } },
    },
    answer: { status: 200, description: '{provider} after the change', schema: aiProviderAnswerSchema },
    errors: ['invalid_request', 'invalid_config', 'confirmation_required'],
  },
  {
    method: 'post',
    path: '/ai-providers/{id}/test',
    operationId: 'testAiProvider',
    summary: 'Checks the stored settings, then sends the model one tiny request, which must be answered',
    id: aiProviderName,
    answer: { status: 200, description: 'Whether the model answers as set up', schema: providerCheckSchema },
    errors: ['ai_provider_not_found'],
  },
  {
    method: 'delete',
    path: '/ai-providers/{id}',
    operationId: 'removeAiProvider',
    summary: 'Removes an AI provider, and the default or any topic’s choice of it (no other takes its place)',
    id: aiProviderName,
    answer: { status: 200, description: 'The AI settings after the removal', schema: aiSettingsSchema },
    errors: ['ai_provider_not_found'],
  },
  {
    method: 'put',
    path: '/topics/{id}/ai-provider',
    operationId: 'chooseTopicAiProvider',
    summary: "Has a topic's sessions use an AI provider of their own, or (null) the default again",
    id: topicId,
    body: {
      kind: 'json',
      schema: topicAiProviderRequestSchema,
      description: "The AI provider's name, or null",
      example: { name: 'local' },
    },
    answer: {
      status: 200,
      description: 'The topic and its AI provider',
      schema: topicAiProviderAnswerSchema,
    },
    errors: ['invalid_request', 'topic_not_found', 'ai_provider_not_found'],
  },
  {
    method: 'put',
    path: '/automatic-digest',
    operationId: 'setAutomaticDigest',
    summary: "Whether a session's digest is made by itself when the session completes",
    body: {
      kind: 'json',
      schema: automaticDigestRequestSchema,
      description: 'On or off',
      example: { automaticDigest: true },
    },
    answer: { status: 200, description: 'The AI settings after the change', schema: aiSettingsSchema },
    errors: ['invalid_request'],
  },
];

const aiJobId = { description: 'AI job id', example: '5d1c7e2a-8b4f-4a6e-9c3d-7f0a1b2c3d4e' };
const aiJobStatus =
  'The job status (AiJobStatus in actors/aiJob/aiJob.ts): artefacts, state, part N of M, error';

const aiJobRoutes: PrivateOperation[] = [
  {
    method: 'post',
    path: '/sessions/{id}/ai-jobs',
    operationId: 'startAiJob',
    summary:
      "Makes a session's summary, action items, keywords, chapters and mind map (or those named) with an AI provider",
    id: sessionId,
    body: {
      kind: 'json',
      schema: aiJobRequestSchema,
      description: 'artefacts: what to make (all five when left out); aiProvider: a name',
      example: { artefacts: ['summary', 'chapters'] },
    },
    answer: { status: 202, description: `${aiJobStatus}; the artefacts show pending` },
    errors: ['invalid_request', 'session_not_found'],
  },
  {
    method: 'post',
    path: '/sessions/{id}/questions',
    operationId: 'askQuestion',
    summary:
      "Answers a question about a session with an AI provider, as an AI job; the answer grows in the session's Q&A entry",
    id: sessionId,
    body: {
      kind: 'json',
      schema: questionRequestSchema,
      description: 'question: what to ask (not empty); aiProvider: a name',
      example: { question: 'What did we decide about the budget?' },
    },
    answer: {
      status: 202,
      description: 'The job and the Q&A entry, which shows pending until the answer is saved',
      schema: questionStartedSchema,
    },
    errors: ['invalid_request', 'session_not_found'],
  },
  {
    method: 'get',
    path: '/ai-jobs',
    operationId: 'listAiJobs',
    summary: 'The newest AI jobs first, those of earlier runs of the service included',
    answer: { status: 200, description: '{"jobs": [AiJobStatus…]}, at most 100' },
    errors: [],
  },
  {
    method: 'get',
    path: '/ai-jobs/{id}',
    operationId: 'getAiJob',
    summary: 'The status of an AI job',
    id: aiJobId,
    answer: { status: 200, description: aiJobStatus },
    errors: ['job_not_found'],
  },
  {
    method: 'post',
    path: '/ai-jobs/{id}/cancel',
    operationId: 'cancelAiJob',
    summary: 'Cancels an AI job; its artefacts get back the status they had',
    id: aiJobId,
    answer: { status: 200, description: `${aiJobStatus}, as the cancel begins` },
    errors: ['job_not_found'],
  },
];

const runtimePanel = 'The runtime panel (RuntimePanel in control/runtimeControl.ts)';

const runtimeRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/runtime',
    operationId: 'getRuntime',
    summary: "The P14 runtime's files, the service's whisper-server and the task under way",
    answer: { status: 200, description: runtimePanel },
    errors: [],
  },
  {
    method: 'post',
    path: '/runtime/start',
    operationId: 'startRuntime',
    summary: 'Starts whisper-server from the stored P14 settings and keeps it running until stopped',
    answer: { status: 200, description: `${runtimePanel}, once whisper-server runs` },
    errors: ['runtime_not_configured', 'runtime_unavailable', 'runtime_failed'],
  },
  {
    method: 'post',
    path: '/runtime/stop',
    operationId: 'stopRuntime',
    summary: 'Lets whisper-server stop once no job or live session uses it',
    answer: { status: 200, description: runtimePanel },
    errors: [],
  },
  {
    method: 'post',
    path: '/runtime/build',
    operationId: 'buildRuntime',
    summary: 'Builds whisper-server from the pinned whisper.cpp source, in the background',
    answer: { status: 202, description: `${runtimePanel}; follow the task through GET /control/v1/runtime` },
    errors: ['task_running'],
  },
  {
    method: 'post',
    path: '/runtime/download-model',
    operationId: 'downloadModel',
    summary: 'Downloads and verifies an official model in the background, then has P14 use it',
    body: {
      kind: 'json',
      schema: downloadRequestSchema,
      description: 'name: one of the official models the runtime panel lists',
      example: { name: 'tiny.en' },
    },
    answer: { status: 202, description: `${runtimePanel}; follow the task through GET /control/v1/runtime` },
    errors: ['invalid_request', 'unknown_model', 'task_running'],
  },
  {
    method: 'post',
    path: '/runtime/import-model',
    operationId: 'importModel',
    summary: 'Takes a ggml model file sent as the body and has P14 use it',
    query: [fileName('The file name of the model', 'ggml-base.en.bin')],
    body: { kind: 'file', description: 'A whisper.cpp ggml model file', example: 'not a model' },
    answer: { status: 200, description: runtimePanel },
    errors: ['invalid_request', ...uploadErrors, 'invalid_model'],
  },
];

const serviceRoutes: PrivateOperation[] = [
  {
    method: 'get',
    path: '/service',
    operationId: 'getService',
    summary:
      'Where the service listens and keeps its data; the app asks it to tell a refusal from a service that is down',
    answer: { status: 200, description: 'The running service', schema: serviceInfoSchema },
    errors: [],
  },
  {
    method: 'get',
    path: '/api',
    operationId: 'getApiAccess',
    summary: 'Whether the REST API is switched on and has a token',
    answer: { status: 200, description: 'The switch and the token', schema: apiAccessStateSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/enable',
    operationId: 'enableApi',
    summary: 'Switches the REST API on, creating its token when there is none',
    answer: {
      status: 200,
      description: 'The switch, and the token when it is new',
      schema: apiEnabledSchema,
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/disable',
    operationId: 'disableApi',
    summary: 'Switches the REST API off',
    answer: { status: 200, description: 'The switch and the token', schema: apiAccessStateSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/token',
    operationId: 'rotateApiToken',
    summary: 'Creates a new REST API token; the old one stops working at once',
    answer: { status: 200, description: 'The new token', schema: apiTokenSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/login-tokens',
    operationId: 'createLoginUrl',
    summary:
      'A one-time login link for the browser; only the launch secret may ask, a browser session may not',
    answer: { status: 201, description: 'The link', schema: loginUrlSchema },
    errors: ['launch_secret_required'],
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getFullOpenApiDocument',
    summary: 'This document: the REST API and every private route',
    answer: { status: 200, description: 'The OpenAPI 3.1 document', schema: 'OpenApiDocument' },
    errors: [],
  },
];

export const privateOperations: readonly PrivateOperation[] = [
  ...serviceRoutes,
  ...sessionRoutes,
  ...libraryRoutes,
  ...fileRoutes,
  ...providerRoutes,
  ...aiProviderRoutes,
  ...aiJobRoutes,
  ...libraryQuestionRoutes,
  ...promptRoutes,
  ...transcriptRevisionRoutes,
  ...speakerRoutes,
  ...retranscriptionRoutes,
  ...vocabularyRoutes,
  ...audioRetentionRoutes,
  ...notesFolderRoutes,
  ...ownerEventStreamRoutes,
  ...webhookRoutes,
  ...runtimeRoutes,
];

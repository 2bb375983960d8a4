import type { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { createAiJobControl } from './aiJobControl.ts';
import { createTranscriptRevisionControl } from './transcriptRevisionControl.ts';
import { Hono } from 'hono';
import { changeSessionStatus } from '../../actors/sessionStatusChange.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { SessionListSource } from '../../store/records.ts';
import { StoreError } from '../../store/storeError.ts';
import type { ApiAccessControl } from '../apiAccessControl.ts';
import { createBackupImportControl } from './backupImportControl.ts';
import { errorResponse } from '../responses.ts';
import { createLibraryControl } from './libraryControl.ts';
import { createLiveControl, type LiveRecordings } from './liveControl.ts';
import { createLibraryQuestionControl } from './libraryQuestionControl.ts';
import { createSessionControl } from './sessionControl.ts';
import { createSessionAudioControl, readsAudioWithMediaKey } from './sessionAudioControl.ts';
import { createAudioRetentionControl } from './audioRetentionControl.ts';
import { createSpeakerControl } from './speakerControl.ts';
import { createVocabularyControl } from './vocabularyControl.ts';
import { createNotesFolderControl } from './notesFolderControl.ts';
import type { NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import { createWebhookControl } from './webhookControl.ts';
import type { WebhookDeliveries } from '../../actors/webhooks/webhookDeliveries.ts';
import { createUploadControl } from './uploadControl.ts';
import { createProviderControl } from './providerControl.ts';
import { createAiProviderControl } from './aiProviderControl.ts';
import { createPromptControl } from './promptControl.ts';
import { createRuntimeControl } from './runtimeControl.ts';
import type { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { controlBasePath } from './controlBasePath.ts';
import { createLoginTokenControl } from '../login/loginTokenControl.ts';
import { notSignedInMessage, type OwnerAccess } from '../login/ownerAccess.ts';
import { buildFullOpenApiDocument } from '../openapi/fullDocument.ts';
import type { EventFollowers } from '../events/eventFollowers.ts';
import { eventStreamRoute } from '../events/eventStreamRoute.ts';
import { createTranscriptionControl } from './transcriptionControl.ts';
import { createRetranscriptionControl } from './retranscriptionControl.ts';
import { providerBaseUrls, type TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';

/** Where the service listens; known only once it does, so it is asked for, not passed. */
export interface ServiceAddress {
  port: number;
  baseUrl: string;
}

/**
 * Commands for the running service from its owner only: the `earshot` CLI and the desktop shell
 * with the launch secret from the data directory, the owner's browser with its session cookie and,
 * in the `X-Earshot-Page-Key` header, the page key that only our origin's script holds (a server on
 * another port of this host may have been sent the cookie, never the key; and the Origin guard
 * before this refuses other pages). The REST API stays read-only; this is the write path.
 */
export function createControlApp(dependencies: {
  store: SessionStore;
  /** The outgoing webhooks and their delivery log. */
  webhooks: WebhookDeliveries;
  /** Where the app's session list reads its pages (sessionControl.ts). */
  sessionLists?: SessionListSource;
  access: ApiAccessControl;
  owner: OwnerAccess;
  jobs: TranscriptionJobs;
  aiJobs: AiJobs;
  runtimes: LocalRuntimes;
  recordings: LiveRecordings;
  /** Session notes written into the owner's notes folder. */
  notes: NotesFolder;
  /** The clients of the event streams; the owner follows at `GET /events`. */
  followers: EventFollowers;
  dataDirectory: string;
  address: () => ServiceAddress;
  /** The application version `GET /service` and the OpenAPI document report. */
  version: string;
}): Hono {
  const { store, access, owner, jobs, aiJobs, dataDirectory, address, runtimes, recordings, version } =
    dependencies;
  const app = new Hono();

  app.use(`${controlBasePath}/*`, async (context, next) => {
    const admitted =
      owner.credentialOf(context.req.header()) !== undefined ||
      readsAudioWithMediaKey(owner, context.req.raw);
    if (!admitted) {
      // A 401 names the scheme that would be accepted (RFC 9110): programs send the launch secret.
      return errorResponse('unauthorized', notSignedInMessage, {
        headers: { 'WWW-Authenticate': 'Bearer realm="earshot"' },
      });
    }
    await next();
  });
  app.get(`${controlBasePath}/service`, (context) => {
    const { port, baseUrl } = address();
    return context.json({ version, port, baseUrl, apiBaseUrl: `${baseUrl}/api/v1`, dataDirectory }, 200, {
      'Cache-Control': 'no-store',
    });
  });
  app.get(`${controlBasePath}/api`, (context) => context.json(access.state()));
  app.post(`${controlBasePath}/api/enable`, (context) =>
    context.json({ ...access.enable(), ...access.state() }),
  );
  app.post(`${controlBasePath}/api/disable`, (context) => {
    access.disable();
    return context.json(access.state());
  });
  app.post(`${controlBasePath}/api/token`, (context) => context.json({ token: access.rotateToken() }));
  // The cookie's name carries the port, known only once the service listens.
  app.get(`${controlBasePath}/openapi.json`, (context) =>
    context.json(buildFullOpenApiDocument(version, owner.cookieName), 200, { 'Cache-Control': 'no-store' }),
  );
  // The same stream as the API's, for the owner: the caption overlay and the CLI follow without the
  // Open API switch.
  app.get(`${controlBasePath}/events`, eventStreamRoute(dependencies.followers));
  app.post(`${controlBasePath}/sessions/:id/finalize`, (context) => {
    try {
      return context.json(changeSessionStatus(store, context.req.param('id'), { type: 'FINALIZE' }));
    } catch (error) {
      if (error instanceof StoreError) {
        return errorResponse(error.code, error.message);
      }
      throw error;
    }
  });
  app.route(controlBasePath, createLoginTokenControl({ owner, address }));
  app.route(controlBasePath, createTranscriptionControl(jobs, dataDirectory));
  app.route(
    controlBasePath,
    createSessionControl({ store, sessionLists: dependencies.sessionLists, dataDirectory }),
  );
  app.route(controlBasePath, createSessionAudioControl({ store, dataDirectory, owner }));
  app.route(controlBasePath, createAudioRetentionControl({ store, dataDirectory }));
  app.route(controlBasePath, createSpeakerControl({ store }));
  app.route(controlBasePath, createVocabularyControl({ store }));
  app.route(controlBasePath, createNotesFolderControl({ notes: dependencies.notes }));
  app.route(controlBasePath, createWebhookControl({ webhooks: dependencies.webhooks }));
  app.route(controlBasePath, createLiveControl({ store, recordings }));
  app.route(controlBasePath, createLibraryControl({ store }));
  app.route(controlBasePath, createUploadControl({ dataDirectory }));
  app.route(controlBasePath, createBackupImportControl({ store, dataDirectory }));
  app.route(
    controlBasePath,
    createProviderControl({ dataDirectory, resolveBaseUrl: providerBaseUrls(runtimes.startRuntime) }),
  );
  app.route(controlBasePath, createRuntimeControl({ dataDirectory, runtimes }));
  app.route(controlBasePath, createAiProviderControl({ dataDirectory, store }));
  app.route(controlBasePath, createAiJobControl(aiJobs));
  app.route(controlBasePath, createLibraryQuestionControl({ aiJobs, store }));
  app.route(controlBasePath, createPromptControl({ store }));
  app.route(controlBasePath, createTranscriptRevisionControl({ store, aiJobs }));
  app.route(controlBasePath, createRetranscriptionControl({ store, jobs }));
  return app;
}

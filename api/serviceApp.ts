import type { AiJobs } from '../actors/aiJob/aiJobs.ts';
import { Hono } from 'hono';
import type { ServiceEventFeed } from '../actors/serviceEvents/serviceEventFeed.ts';
import type { LocalRuntimes } from '../actors/whisperRuntime/localRuntimes.ts';
import type { NotesFolder } from '../actors/notesFolder/notesFolder.ts';
import type { TranscriptionJobs } from '../actors/fileJob/transcriptionJobs.ts';
import type { SessionListSource } from '../store/records.ts';
import type { SessionStore } from '../store/sessionStore.ts';
import type { ApiAccessControl } from './apiAccessControl.ts';
import { createApiApp } from './app.ts';
import { createControlApp, type ServiceAddress } from './control/controlApp.ts';
import type { EventFollowers } from './events/eventFollowers.ts';
import type { LiveRecordings } from './control/liveControl.ts';
import type { LiveView } from './dependencies.ts';
import type { WebhookDeliveries } from '../actors/webhooks/webhookDeliveries.ts';
import { hostAndOriginGuard } from './hostGuard.ts';
import { createLoginApp } from './login/loginApp.ts';
import { createMcpApp } from './mcp/mcpRoute.ts';
import { serviceLibrary } from './mcp/serviceLibrary.ts';
import type { OwnerAccess } from './login/ownerAccess.ts';
import { createUiApp } from './pages/uiAssets.ts';
import { errorResponse, internalErrorResponse, reportToStandardError } from './responses.ts';

export interface ServiceAppDependencies {
  store: SessionStore;
  /** The outgoing webhooks, for their control routes. */
  webhooks: WebhookDeliveries;
  /** Reader threads for the session lists of the REST API and the app (readers/sessionReadPool.ts). */
  sessionLists?: SessionListSource;
  access: ApiAccessControl;
  owner: OwnerAccess;
  jobs: TranscriptionJobs;
  aiJobs: AiJobs;
  runtimes: LocalRuntimes;
  live: LiveView;
  /** Stops a live recording from the control channel (`POST /sessions/:id/stop`). */
  recordings: LiveRecordings;
  /** Session notes in the owner's notes folder, for their control routes. */
  notes: NotesFolder;
  /** What happens in the service, for the event streams. */
  events: ServiceEventFeed;
  /** The clients following `events` live: the event streams here and main's `/api/v1/live`. */
  followers: EventFollowers;
  dataDirectory: string;
  version: string;
  /** Where the service listens; known only once it does. */
  address: () => ServiceAddress;
  liveTimeoutMs?: number;
  reportError?: (error: unknown) => void;
}

/**
 * Every HTTP route of the service behind one stack: the Host/Origin guard first, for every path;
 * then the read-only REST API (`/api/v1`, its token), the MCP endpoint (`/mcp`, the same token or
 * the launch secret), the app's private routes (`/control/v1`, the
 * owner's credential), the sign-in link and the built UI. Whatever a route does not answer, or
 * fails at, gets the same `{"error", "code"}` body. WebSocket upgrades go through
 * websocketRouter.ts, with the same checks and bodies.
 */
export function createServiceApp(dependencies: ServiceAppDependencies): Hono {
  const { owner, address } = dependencies;
  const reportError = dependencies.reportError ?? reportToStandardError;
  const app = new Hono();
  app.use(
    '*',
    hostAndOriginGuard(() => address().port),
  );
  app.route(
    '/',
    createApiApp({
      store: dependencies.store,
      sessionLists: dependencies.sessionLists,
      access: dependencies.access,
      live: dependencies.live,
      followers: dependencies.followers,
      version: dependencies.version,
      liveTimeoutMs: dependencies.liveTimeoutMs,
      reportError,
    }),
  );
  app.route(
    '/',
    createMcpApp({
      access: dependencies.access,
      isLaunchSecret: (presented) => owner.isLaunchSecret(presented),
      library: () => serviceLibrary({ ...dependencies, reportError }),
    }),
  );
  app.route('/', createControlApp(dependencies));
  app.route('/', createLoginApp(owner));
  app.route('/', createUiApp({ owner }));
  app.notFound(() => errorResponse('not_found', 'Nothing is served at this path.'));
  app.onError((error) => {
    reportError(error);
    return internalErrorResponse();
  });
  return app;
}

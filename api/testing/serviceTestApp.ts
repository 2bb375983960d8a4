import type { Hono } from 'hono';

import { providerBaseUrls, TranscriptionJobs } from '../../actors/fileJob/transcriptionJobs.ts';
import { LocalRuntimes } from '../../actors/whisperRuntime/localRuntimes.ts';
import { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import { NotesFolder } from '../../actors/notesFolder/notesFolder.ts';
import { aiModelChoice } from '../../actors/aiJob/aiModelChoice.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ApiAccessControl } from '../apiAccessControl.ts';
import { OwnerAccess } from '../login/ownerAccess.ts';
import { createSecret } from '../login/secretTokens.ts';
import { createServiceApp } from '../serviceApp.ts';
import { EventFollowers } from '../events/eventFollowers.ts';
import { WebhookDeliveries } from '../../actors/webhooks/webhookDeliveries.ts';
import { ServiceEventFeed } from '../../actors/serviceEvents/serviceEventFeed.ts';
import { feedServiceEvents } from '../../actors/serviceEvents/serviceEventSources.ts';

/** The service never listens in these tests; requests name this port in their Host, as if it did. */
export const servicePort = 23999;
export const serviceHost = `127.0.0.1:${servicePort}`;

export interface ServiceTestApp {
  app: Hono;
  store: SessionStore;
  access: ApiAccessControl;
  runtimes: LocalRuntimes;
  launchSecret: string;
  /** Fed by the store's commits; tests publish live-only events into it themselves. */
  events: ServiceEventFeed;
  /** What the app reported as failed; a route that answered 500 left its cause here. */
  reportedErrors: unknown[];
  close(): Promise<void>;
}

/**
 * Every route of the service as main composes them (createServiceApp), over a real store, API
 * switch, owner check, job list and runtime in `dataDirectory`, without a listening server.
 */
export function createServiceTestApp(dataDirectory: string): ServiceTestApp {
  const store = SessionStore.open(dataDirectory);
  const access = new ApiAccessControl(store, dataDirectory);
  const launchSecret = createSecret();
  const owner = new OwnerAccess({ launchSecret, getPort: () => servicePort });
  const runtimes = new LocalRuntimes(dataDirectory);
  const jobs = new TranscriptionJobs({
    store,
    dataDirectory,
    resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
  });
  const aiJobs = new AiJobs({ store, chooseModel: aiModelChoice(dataDirectory) });
  const reportedErrors: unknown[] = [];
  const events = new ServiceEventFeed();
  const stopFeedingEvents = feedServiceEvents(events, { store });
  const webhooks = new WebhookDeliveries({ store, dataDirectory, events });
  webhooks.start();
  const app = createServiceApp({
    store,
    webhooks,
    access,
    owner,
    jobs,
    aiJobs,
    runtimes,
    live: {
      getStatus: () => Promise.resolve({ recording: false, currentSessionId: null, currentProvider: null }),
      liveClientCount: () => 0,
    },
    recordings: { stop: () => false },
    notes: new NotesFolder({ store, appAddress: () => `http://${serviceHost}` }),
    events,
    followers: new EventFollowers(events),
    dataDirectory,
    version: '0.0.0-test',
    address: () => ({ port: servicePort, baseUrl: `http://${serviceHost}` }),
    reportError: (error) => reportedErrors.push(error),
  });
  return {
    app,
    store,
    access,
    runtimes,
    launchSecret,
    events,
    reportedErrors,
    close: async () => {
      stopFeedingEvents();
      await Promise.all([jobs.close(), aiJobs.close(), webhooks.close()]);
      await runtimes.stop();
      store.close();
    },
  };
}

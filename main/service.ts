import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { LiveView } from '../api/dependencies.ts';
import { SessionStore } from '../store/sessionStore.ts';
import { SessionReadPool } from '../store/readers/sessionReadPool.ts';
import { ApiAccessControl } from '../api/apiAccessControl.ts';
import { answerMalformedRequests } from '../api/malformedRequests.ts';
import { createServiceApp } from '../api/serviceApp.ts';
import { createSecret } from '../api/login/secretTokens.ts';
import { OwnerAccess } from '../api/login/ownerAccess.ts';
import { AppChannel, appChannelPath } from '../api/appChannel/appChannel.ts';
import { StoreSync } from '../api/appChannel/storeSync.ts';
import { LiveSessions } from '../actors/live/liveSessions.ts';
import { LocalRuntimes } from '../actors/whisperRuntime/localRuntimes.ts';
import { listenOnLoopback, loopbackHost } from './portSearch.ts';
import { readProviderConfig } from '../store/providerSettings.ts';
import { vocabularyOfSession } from '../store/vocabulary.ts';
import { ProviderProxy } from '../api/proxy/providerProxy.ts';
import { recoverInterruptedSessions } from './sessionRecovery.ts';
import { ActorInspection } from '../actors/inspection/actorInspection.ts';
import { readRunningService, removeServiceFiles, writeServiceFiles } from './serviceFile.ts';
import { providerBaseUrls, TranscriptionJobs } from '../actors/fileJob/transcriptionJobs.ts';
import { earshotVersion } from './version.ts';
import { AiJobs } from '../actors/aiJob/aiJobs.ts';
import { aiModelChoice } from '../actors/aiJob/aiModelChoice.ts';
import { startSearchIndexMerging } from '../actors/storeUpkeep/searchIndexMerging.ts';
import { SearchIndexMerger } from '../store/upkeep/searchIndexMerger.ts';
import { startDigestOnCompletion } from '../actors/aiJob/automaticDigest.ts';
import { WebhookDeliveries } from '../actors/webhooks/webhookDeliveries.ts';
import { makesDigestOnCompletion, readAiSettings } from '../store/aiProviderSettings.ts';
import { routeWebSocketUpgrades } from '../api/websocketRouter.ts';
import { reapOrphans } from '../actors/childProcesses/reapOrphans.ts';
import { lengthenToKeptAudio } from '../actors/sessionAudio/keptAudioLength.ts';
import { repairUnfinishedAudio } from '../actors/sessionAudio/recordingRepair.ts';
import { startExpiredAudioSweep } from '../actors/sessionAudio/expiredAudio.ts';
import { ServiceEventFeed } from '../actors/serviceEvents/serviceEventFeed.ts';
import { feedServiceEvents } from '../actors/serviceEvents/serviceEventSources.ts';
import { NotesFolder } from '../actors/notesFolder/notesFolder.ts';
import { EventFollowers } from '../api/events/eventFollowers.ts';
import { LiveEventSocket, liveEventsPath } from '../api/events/liveEventSocket.ts';

export interface ServiceOptions {
  dataDirectory: string;
  /** undefined: 23456…23460, then any free port; 0: any free port. */
  port?: number;
  live?: LiveView;
  liveTimeoutMs?: number;
  /** Tests shorten how long a live provider gets to confirm the end of a stream. */
  liveFinishTimeoutMs?: number;
  /** Tests shorten the live reconnect backoff. */
  liveReconnectBackoffMs?: number;
  /** Tests shorten how long a live session waits for its app client to come back. */
  liveDetachedGraceMs?: number;
}

export interface RunningService {
  port: number;
  baseUrl: string;
  store: SessionStore;
  recoveredSessionIds: string[];
  /** File jobs the last run left unfinished, going on from their last committed chunk. */
  resumedJobIds: string[];
  jobs: TranscriptionJobs;
  live: LiveSessions;
  /** Every actor's machine, as the visualizer sees it. */
  inspection: ActorInspection;
  /** What happens in the service, as followers are told (event streams, notes, webhooks). */
  events: ServiceEventFeed;
  /** Opens the proxy, `/ws/app` and `/control/v1` for this launch; written to launch.secret for the CLI. */
  launchSecret: string;
  /** A one-time login URL for the owner's browser (valid 10 minutes); `earshot serve` prints one. */
  mintLoginUrl(): string;
  /**
   * Stops accepting requests, ends running jobs and the local runtime (no orphan processes), closes
   * the store and removes service.json. Live sessions get `liveGraceMs` (default 10 s) to finish
   * transcribing, then are kept `interrupted`. Safe to call twice.
   */
  close(liveGraceMs?: number): Promise<void>;
}

export class ServiceAlreadyRunningError extends Error {}

/** Starts the one HTTP server of the main process on loopback, with the store behind it. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { dataDirectory } = options;
  const running = readRunningService(dataDirectory);
  if (running !== undefined && running.info.pid !== process.pid) {
    throw new ServiceAlreadyRunningError(
      `Earshot is already running for ${dataDirectory} at ${running.info.baseUrl} (pid ${running.info.pid}). ` +
        'Stop it first, or start this one with another --data-dir.',
    );
  }
  // First, so that what a killed Earshot left running (a whisper-server on its port) is gone before
  // this one starts anything.
  for (const orphan of await reapOrphans()) {
    console.error(`Stopped ${orphan.command} (pid ${orphan.pid}), left running by an Earshot that ended.`);
  }
  const store = SessionStore.open(dataDirectory, {
    onUpgrade: (from, to) =>
      console.error(
        `Upgrading the data directory from schema ${from} to ${to}; new search indexes are built over every stored transcript, which takes about a minute per 10,000 sessions, once.`,
      ),
  });
  // Opened after the store, which has brought the schema up to date for its readers.
  const sessionLists = new SessionReadPool(dataDirectory, {
    plainLists: (query) => store.listSessions(query),
  });
  const searchIndexMerger = new SearchIndexMerger(dataDirectory);
  let server: Server | undefined;
  try {
    const access = new ApiAccessControl(store, dataDirectory);
    const launchSecret = createSecret();
    const inspection = new ActorInspection();
    const runtimes = new LocalRuntimes(dataDirectory, inspection);
    const jobs = new TranscriptionJobs({
      store,
      dataDirectory,
      resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
      inspection,
    });
    const aiJobs = new AiJobs({ store, chooseModel: aiModelChoice(dataDirectory), inspection });
    aiJobs.resumeUnfinished();
    const stopAutomaticDigest = startDigestOnCompletion(store, aiJobs, () =>
      makesDigestOnCompletion(readAiSettings(dataDirectory)),
    );
    // File jobs go on in their sessions; every other session left recording was cut off.
    const resumedJobs = jobs.resumeUnfinished();
    const recoveredSessionIds = recoverInterruptedSessions(
      store,
      new Set(resumedJobs.map((job) => job.sessionId)),
    );
    // Before any session records again: what a crash cut off is finished into playable files.
    // A folder it cannot read costs the audio, never the service.
    const repairedAudio = await repairUnfinishedAudio(dataDirectory).catch((error: Error) => {
      console.error(
        `Could not finish the audio recordings cut off when Earshot last ended (${error.message}); check that ${dataDirectory}/audio is a folder you can write.`,
      );
      return [];
    });
    if (repairedAudio.length > 0) {
      console.error(`Finished ${repairedAudio.length} audio recording(s) cut off when Earshot last ended.`);
    }
    // A cut-off session is as long as its kept audio, so that a resume times its lines after it.
    await lengthenToKeptAudio(store, dataDirectory, recoveredSessionIds);
    let port = 0;
    const owner = new OwnerAccess({ launchSecret, getPort: () => port });
    const live = new LiveSessions({
      store,
      dataDirectory,
      proxyAddress: () => ({ baseUrl: `http://${loopbackHost}:${port}`, launchSecret }),
      resolveBaseUrl: providerBaseUrls(runtimes.startRuntime),
      finishTimeoutMs: options.liveFinishTimeoutMs,
      reconnectBackoffMs: options.liveReconnectBackoffMs,
      inspection,
    });

    const events = new ServiceEventFeed();
    const stopFeedingEvents = feedServiceEvents(events, { store, live });
    const followers = new EventFollowers(events);

    const stopSearchIndexMerging = startSearchIndexMerging(store, {
      step: () => searchIndexMerger.step(),
      idle: () => live.running().length === 0,
    });

    // Sessions become notes in the owner's notes folder as they complete; their times link to the app.
    const notes = new NotesFolder({
      store,
      appAddress: () => (port === 0 ? null : `http://${loopbackHost}:${port}`),
    });
    const stopWritingNotes = notes.follow(events);

    // Goes on at once with the deliveries the last run left pending.
    const webhooks = new WebhookDeliveries({ store, dataDirectory, events });
    webhooks.start();

    const address = () => ({ port, baseUrl: `http://${loopbackHost}:${port}` });
    const app = createServiceApp({
      store,
      webhooks,
      sessionLists,
      access,
      owner,
      jobs,
      aiJobs,
      runtimes,
      recordings: live,
      notes,
      events,
      followers,
      dataDirectory,
      version: earshotVersion,
      address,
      live: options.live ?? {
        getStatus: () => Promise.resolve(live.status()),
        liveClientCount: () => appChannel.clientCount + followers.count,
      },
      liveTimeoutMs: options.liveTimeoutMs,
    });

    // Keep Node's own Request/Response globals: the provider clients' fetch answers must stay real
    // instances of them.
    server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
    answerMalformedRequests(server);
    const appChannel = new AppChannel(live, new StoreSync(store), inspection, options.liveDetachedGraceMs);
    const proxy = new ProviderProxy({
      readConfig: (providerId) => readProviderConfig(dataDirectory, providerId),
      vocabularyOf: (sessionId) => vocabularyOfSession(store, sessionId),
      inspection,
    });
    const liveEventSocket = new LiveEventSocket(followers, access);
    routeWebSocketUpgrades(server, {
      getPort: () => port,
      owner,
      browserPaths: [appChannelPath],
      endpointFor: (pathname) =>
        pathname === appChannelPath
          ? appChannel
          : pathname === liveEventsPath
            ? liveEventSocket
            : proxy.endpointFor(pathname),
    });
    port = await listenOnLoopback(server, options.port);
    const baseUrl = `http://${loopbackHost}:${port}`;
    writeServiceFiles(
      dataDirectory,
      { pid: process.pid, port, baseUrl, startedAt: new Date().toISOString() },
      launchSecret,
    );

    const stopExpiredAudioSweep = startExpiredAudioSweep(store, dataDirectory);

    let closing: Promise<void> | undefined;
    const listening = server;
    const close = (liveGraceMs?: number) =>
      (closing ??= live
        .close(liveGraceMs)
        .then(
          () =>
            new Promise<void>((resolve) => {
              listening.close(() => resolve());
              proxy.close();
              appChannel.close();
              liveEventSocket.close();
              listening.closeAllConnections();
            }),
        )
        .then(() => {
          stopAutomaticDigest();
          stopFeedingEvents();
          stopWritingNotes();
          stopSearchIndexMerging();
          stopExpiredAudioSweep();
          return Promise.all([jobs.close(), aiJobs.close(), webhooks.close()]);
        })
        .then(() => notes.idle())
        .then(() => runtimes.stop())
        .then(async () => {
          await Promise.all([sessionLists.close(), searchIndexMerger.close()]);
        })
        .finally(() => {
          store.close();
          removeServiceFiles(dataDirectory);
        }));
    const mintLoginUrl = () => owner.mintLoginUrl(baseUrl);
    return {
      port,
      baseUrl,
      store,
      jobs,
      live,
      inspection,
      events,
      launchSecret,
      mintLoginUrl,
      recoveredSessionIds,
      resumedJobIds: resumedJobs.map((job) => job.id),
      close,
    };
  } catch (error) {
    server?.close();
    void sessionLists.close();
    void searchIndexMerger.close();
    store.close();
    throw error;
  }
}

import {
  type PublishedEvent,
  type ServiceEventType,
  serviceEventTypes,
} from '../../actors/serviceEvents/serviceEventFeed.ts';
import { controlBasePath } from '../../api/control/controlBasePath.ts';
import { eventQuerySchema } from '../../api/events/eventFilterQuery.ts';
import { createZonedClock, localTimeZone } from '../../api/zonedTime.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { followServiceEvents } from '../../ui/captions/serviceEventStream.ts';
import { readRunningService } from '../serviceFile.ts';
import { serviceEventLine } from './serviceEventLine.ts';
import { TentativeLine } from './tentativeLine.ts';
import { UsageError } from './usage.ts';

export interface EventsOptions {
  /** A comma list of event types (`--only`). */
  only?: string;
  json?: boolean;
}

/**
 * `earshot events [SESSION_ID] [--only TYPES] [--json]`: follows the running service's events as
 * they happen (the owner's stream, `/control/v1/events`), one line each on stdout, the tentative
 * tail on stderr; `--json` prints each event's JSON on a line of its own, partials included. A
 * dropped connection is resumed where it stopped; it ends with Ctrl-C, or when the service stops.
 */
export async function eventsCommand(
  dataDirectory: string,
  sessionId: string | undefined,
  options: EventsOptions,
  signal?: AbortSignal,
): Promise<void> {
  const types = parseTypes(options.only);
  const running = readRunningService(dataDirectory);
  if (running === undefined) {
    throw new Error(
      'No Earshot service runs for this data directory, and only a running service has events. ' +
        'Start it with: earshot serve (or open the app)',
    );
  }
  if (sessionId !== undefined) requireSession(dataDirectory, sessionId);

  const query = new URLSearchParams();
  if (sessionId !== undefined) query.set('sessionId', sessionId);
  if (types !== undefined) query.set('types', types.join(','));
  const url = `${running.info.baseUrl}${controlBasePath}/events${query.size > 0 ? `?${query.toString()}` : ''}`;
  const print = printer(options.json ?? false);
  let firstConnection = true;

  await new Promise<void>((resolve, reject) => {
    let stopFollowing = () => {};
    const finish = (error?: Error) => {
      stopFollowing();
      process.off('SIGINT', interrupt);
      signal?.removeEventListener('abort', interrupt);
      if (error === undefined) resolve();
      else reject(error);
    };
    const interrupt = () => finish();
    process.on('SIGINT', interrupt);
    signal?.addEventListener('abort', interrupt);
    stopFollowing = followServiceEvents({
      url,
      headers: () => ({ authorization: `Bearer ${running.launchSecret}` }),
      onEvent: print,
      onReset: () => {
        if (!firstConnection) {
          process.stderr.write(
            'Some events were missed: the service no longer holds them (it restarted, or they were too many).\n',
          );
        }
        firstConnection = false;
      },
      onStatus: (status) => {
        if (status === 'refused') {
          finish(
            new Error(
              'The service refused the launch secret; it may have restarted. Run earshot events again.',
            ),
          );
        }
        // Another service, or none, now answers for the data directory: this one is gone.
        if (
          status === 'waiting' &&
          readRunningService(dataDirectory)?.launchSecret !== running.launchSecret
        ) {
          finish(
            new Error(
              'The Earshot service stopped. Run earshot events again once it runs (earshot serve, or the app).',
            ),
          );
        }
      },
      retryMs: 1000,
    });
  });
}

/** The types `--only` names, by the event streams' own rule for their `types` query. */
function parseTypes(only: string | undefined): ServiceEventType[] | undefined {
  if (only === undefined) return undefined;
  const parsed = eventQuerySchema.shape.types.safeParse(only);
  if (parsed.success) return parsed.data;
  const unknown = only
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '' && !serviceEventTypes.includes(type as ServiceEventType));
  throw new UsageError(
    `${unknown.length > 0 ? `There is no event type "${unknown.join('", "')}". ` : ''}` +
      `--only takes a comma list of: ${serviceEventTypes.join(', ')}.`,
  );
}

function requireSession(dataDirectory: string, sessionId: string): void {
  const store = SessionStore.open(dataDirectory, { readOnly: true });
  try {
    if (store.getSession(sessionId) === undefined) {
      throw new UsageError(`There is no session "${sessionId}". Find its id with: earshot sessions list`);
    }
  } finally {
    store.close();
  }
}

function printer(json: boolean): (event: PublishedEvent) => void {
  if (json) return (event) => void process.stdout.write(`${JSON.stringify(event)}\n`);
  const clock = createZonedClock(localTimeZone());
  const tentative = new TentativeLine(process.stderr);
  return (event) => {
    if (event.type === 'transcript.partial') {
      tentative.show(event.text);
      return;
    }
    tentative.clear();
    process.stdout.write(`${serviceEventLine(event, clock)}\n`);
  };
}

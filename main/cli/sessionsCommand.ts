import { changeSessionStatus } from '../../actors/sessionStatusChange.ts';
import { parseSessionListQuery } from '../../api/sessionListQuery.ts';
import { toSessionDetail, toSessionListItem } from '../../api/sessionViews.ts';
import { createZonedClock, localTimeZone } from '../../api/zonedTime.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { readRunningService } from '../serviceFile.ts';
import { audioRetentionCommand } from './audioRetentionCommand.ts';
import { sessionAudioCommand } from './sessionAudioCommand.ts';
import { speakersCommand } from './speakersCommand.ts';
import { UsageError } from './usage.ts';

export interface SessionsOptions {
  search?: string;
  status?: string;
  topic?: string;
  limit?: string;
  offset?: string;
  json?: boolean;
}

const sessionsActions = ['list', 'show', 'finalize', 'speakers', 'speaker', 'audio', 'keep-audio'] as const;

/**
 * Reading opens the data directory directly (read-only while a service owns it), so the API need not
 * be on; finalizing and naming a speaker go through the running service when there is one.
 */
export async function sessionsCommand(
  dataDirectory: string,
  action: string | undefined,
  id: string | undefined,
  options: SessionsOptions,
  rest: readonly string[] = [],
): Promise<void> {
  if (!sessionsActions.some((known) => known === action)) {
    throw new UsageError(
      'Use: earshot sessions list | show ID | finalize ID | speakers ID | speaker ID LABEL NAME | audio ID [FILE] | keep-audio [forever|never|DAYS]',
    );
  }
  if (action === 'keep-audio') return audioRetentionCommand(dataDirectory, id);
  if (action !== 'list' && id === undefined)
    throw new UsageError(`Name the session: earshot sessions ${action} ID`);
  if (action === 'finalize') return finalizeSession(dataDirectory, id ?? '');
  if (action === 'audio') return sessionAudioCommand(dataDirectory, id ?? '', rest[0]);
  if (action === 'speakers' || action === 'speaker') {
    return speakersCommand(dataDirectory, action, id ?? '', rest, options.json ?? false);
  }
  const store = SessionStore.open(dataDirectory, {
    readOnly: readRunningService(dataDirectory) !== undefined,
  });
  const clock = createZonedClock(localTimeZone());
  try {
    if (action === 'list') listSessions(store, clock, options);
    else showSession(store, clock, id ?? '', options.json ?? false);
  } finally {
    store.close();
  }
}

async function finalizeSession(dataDirectory: string, id: string): Promise<void> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client !== undefined) {
    await client.call('POST', `/sessions/${encodeURIComponent(id)}/finalize`);
  } else {
    const store = SessionStore.open(dataDirectory);
    try {
      changeSessionStatus(store, id, { type: 'FINALIZE' });
    } finally {
      store.close();
    }
  }
  console.log(`Session ${id} is completed.`);
}

function listSessions(
  store: SessionStore,
  clock: ReturnType<typeof createZonedClock>,
  options: SessionsOptions,
) {
  const parameters = new URLSearchParams();
  const given = {
    search: options.search,
    status: options.status,
    topicId: options.topic,
    limit: options.limit,
    offset: options.offset,
  };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) parameters.set(name, value);
  const parsed = parseSessionListQuery(parameters);
  if (!parsed.ok) throw new UsageError(parsed.message);
  const page = store.listSessions(parsed.query);
  const items = page.sessions.map((session) => toSessionListItem(session, clock));
  if (options.json) {
    console.log(
      JSON.stringify(
        { sessions: items, total: page.total, limit: parsed.query.limit, offset: parsed.query.offset },
        null,
        2,
      ),
    );
    return;
  }
  for (const item of items) {
    console.log(
      [
        item.id,
        `${item.date} ${item.time}`,
        item.status.padEnd(11),
        formatDuration(item.duration),
        item.title,
      ].join('  '),
    );
  }
  const shown =
    items.length === 0 ? 'none' : `${parsed.query.offset + 1}–${parsed.query.offset + items.length}`;
  console.error(`${page.total} matching sessions; showing ${shown}.`);
}

function showSession(
  store: SessionStore,
  clock: ReturnType<typeof createZonedClock>,
  id: string,
  json: boolean,
) {
  const session = store.getSession(id);
  if (session === undefined)
    throw new Error(`There is no session ${id}. "earshot sessions list" shows the ids.`);
  const detail = toSessionDetail(session, store, clock);
  if (json) {
    console.log(JSON.stringify(detail, null, 2));
    return;
  }
  console.log(
    `${detail.title}\n${detail.date} ${detail.time} · ${detail.status} · ${formatDuration(detail.duration)} · ${detail.providerId}`,
  );
  if (detail.topicId !== null) console.log(`Topic: ${detail.topicId}`);
  if (detail.tagIds.length > 0) console.log(`Tags: ${detail.tagIds.join(', ')}`);
  console.log(`\n${detail.transcript}`);
}

function formatDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  const hours = Math.floor(seconds / 3600);
  const clock = `${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}

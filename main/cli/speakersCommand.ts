import type { SessionSpeaker } from '../../store/speakerNames.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { readRunningService } from '../serviceFile.ts';
import { UsageError } from './usage.ts';

/**
 * `earshot sessions speakers ID` lists a session's speaker labels with their names, read from the
 * data directory directly (read-only while a service owns it); `earshot sessions speaker ID LABEL
 * NAME` names one, through the running service when there is one, so its page and exports follow.
 */
export async function speakersCommand(
  dataDirectory: string,
  action: 'speakers' | 'speaker',
  id: string,
  rest: readonly string[],
  json: boolean,
): Promise<void> {
  if (action === 'speakers') {
    if (rest.length > 0) throw new UsageError(`Use: earshot sessions speakers ${id} [--json]`);
    const speakers = withStore(dataDirectory, readRunningService(dataDirectory) !== undefined, (store) =>
      store.getSpeakers(id),
    );
    printSpeakers(id, speakers, json);
    return;
  }
  const [label, name, ...extra] = rest;
  if (label === undefined || name === undefined || extra.length > 0) {
    throw new UsageError(
      `Use: earshot sessions speaker ${id} LABEL NAME, quoting a label or name with spaces ("Speaker 1" "Ana Lima"); an empty NAME ("") shows the label again.`,
    );
  }
  const speakers = await renameSpeaker(dataDirectory, id, label, name);
  const shown = speakers.find((speaker) => speaker.label === label)?.name ?? null;
  console.log(
    shown === null ? `"${label}" is shown by its label again.` : `"${label}" is now shown as ${shown}.`,
  );
}

async function renameSpeaker(
  dataDirectory: string,
  id: string,
  label: string,
  name: string,
): Promise<SessionSpeaker[]> {
  const client = ControlClient.forDataDirectory(dataDirectory);
  if (client === undefined) {
    return withStore(dataDirectory, false, (store) => store.renameSpeaker(id, label, name));
  }
  const answer = await client.call<{ speakers: SessionSpeaker[] }>(
    'PUT',
    `/sessions/${encodeURIComponent(id)}/speakers`,
    { label, name },
  );
  return answer.speakers;
}

function withStore<T>(dataDirectory: string, readOnly: boolean, work: (store: SessionStore) => T): T {
  const store = SessionStore.open(dataDirectory, { readOnly });
  try {
    return work(store);
  } finally {
    store.close();
  }
}

function printSpeakers(id: string, speakers: SessionSpeaker[], json: boolean): void {
  if (json) {
    console.log(JSON.stringify({ speakers }, null, 2));
    return;
  }
  if (speakers.length === 0) {
    console.error(`Session ${id} has no speaker labels: its provider did not tell the speakers apart.`);
    return;
  }
  const width = Math.max(...speakers.map((speaker) => speaker.label.length));
  for (const speaker of speakers) {
    console.log(`${speaker.label.padEnd(width)}  ${speaker.name ?? '(shown by its label)'}`);
  }
}

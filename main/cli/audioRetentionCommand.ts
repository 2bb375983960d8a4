import { createAudioRetentionControl } from '../../api/control/audioRetentionControl.ts';
import type { AudioRetention } from '../../store/audio/audioRetention.ts';
import { SessionStore } from '../../store/sessionStore.ts';
import { ControlClient } from '../controlClient.ts';
import { UsageError } from './usage.ts';

/**
 * `earshot sessions keep-audio [forever|never|DAYS]`: shows or sets how long recorded audio is
 * kept, through the running service when there is one, else by the same route
 * (api/control/audioRetentionControl.ts) run in this process on the data directory.
 */
export async function audioRetentionCommand(dataDirectory: string, given: string | undefined): Promise<void> {
  const body = given === undefined ? undefined : { keep: retentionOf(given) };
  const method = body === undefined ? 'GET' : 'PUT';
  const client = ControlClient.forDataDirectory(dataDirectory);
  const answer =
    client === undefined
      ? await inThisProcess(dataDirectory, method, body)
      : await client.call<{ keep: AudioRetention }>(method, '/settings/audio-retention', body);
  console.log(describe(answer.keep));
}

function retentionOf(given: string): AudioRetention {
  if (given === 'forever' || given === 'never') return given;
  if (/^\d+$/.test(given)) return Number(given);
  throw new UsageError('Use: earshot sessions keep-audio [forever | never | DAYS]');
}

async function inThisProcess(
  dataDirectory: string,
  method: 'GET' | 'PUT',
  body: { keep: AudioRetention } | undefined,
): Promise<{ keep: AudioRetention }> {
  const store = SessionStore.open(dataDirectory);
  try {
    const response = await createAudioRetentionControl({ store, dataDirectory }).request(
      '/settings/audio-retention',
      {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    const answer = (await response.json()) as {
      keep: AudioRetention;
      error?: string;
      fields?: { keep?: string };
    };
    if (!response.ok)
      throw new Error(answer.fields?.keep ?? answer.error ?? `Not changed (${response.status}).`);
    return answer;
  } finally {
    store.close();
  }
}

function describe(keep: AudioRetention): string {
  if (keep === 'forever') return 'Recorded audio is kept until its session is deleted.';
  if (keep === 'never')
    return 'Live sessions record no audio; audio recorded before stays until its session is deleted.';
  return `Recorded audio is deleted ${keep} day${keep === 1 ? '' : 's'} after it was recorded; the transcripts stay.`;
}

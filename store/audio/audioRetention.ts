import { z } from 'zod';

/**
 * How long the recorded audio of sessions is kept, one settings value (`audioRetention`): `forever`
 * (the default), `never` (live sessions record none), or a number of days after the audio was last
 * written, past which it is deleted (the transcript stays).
 */
export type AudioRetention = 'forever' | 'never' | number;

/** The longest number of days one can give: a hundred years is as good as forever. */
export const mostRetentionDays = 36_500;

const retentionChoices = `"forever", "never", or a number of days from 1 to ${mostRetentionDays}.`;

export const audioRetentionSchema = z.union(
  [
    z.literal('forever'),
    z.literal('never'),
    z.int(retentionChoices).min(1, retentionChoices).max(mostRetentionDays, retentionChoices),
  ],
  { error: retentionChoices },
);

/** The id of the store's settings value that holds it. */
export const audioRetentionValueId = 'audioRetention';

/** The stored value read back; missing or damaged counts as `forever`, so no audio is lost to it. */
export function readAudioRetention(value: unknown): AudioRetention {
  const parsed = audioRetentionSchema.safeParse(value);
  return parsed.success ? parsed.data : 'forever';
}

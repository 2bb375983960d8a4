import type { CannedWord } from '../cannedSpeech.ts';
import { heardWords } from '../heardWords.ts';
import { slotMs } from '../streaming/markedSpeech.ts';

const phaseStepMs = 10;
const bytesPerMs = 32;

/**
 * The words heard in a WAV whose audio may start anywhere in a marked slot, as a live window
 * trimmed at a word's timed end does. heardWords reads slots from the first sample, so each start
 * offset is tried: the offsets at which every slot reads as steady form one arc around the true
 * slot grid, and the middle of that arc is taken. Times are of the audio as sent.
 */
export function offGridWords(wav: Buffer): CannedWord[] | undefined {
  const dataAt = wav.indexOf('data', 12, 'ascii');
  if (dataAt === -1) return undefined;
  const header = wav.subarray(0, dataAt + 8);
  const pcm = wav.subarray(dataAt + 8);
  const phases = Array.from({ length: slotMs / phaseStepMs }, (_, index) => index * phaseStepMs);
  const heard = phases.map((phaseMs) =>
    heardWords(Buffer.concat([header, pcm.subarray(phaseMs * bytesPerMs)])),
  );
  const firstDeaf = heard.findIndex((words) => words === undefined);
  // Heard at every offset (or at none): the audio is on the grid, or not marked speech at all.
  if (firstDeaf === -1) return heard[0];
  const arc: number[] = [];
  for (let step = 1; step <= phases.length; step++) {
    const index = (firstDeaf + step) % phases.length;
    if (heard[index] !== undefined) arc.push(index);
    else if (arc.length > 0) break;
  }
  const middle = arc[Math.floor(arc.length / 2)];
  if (middle === undefined) return undefined;
  const phaseMs = phases[middle] ?? 0;
  return leadingWordKept(header, pcm, phaseMs) ?? shifted(heard[middle], phaseMs);
}

/**
 * A recogniser hears a word of which at least half was sent: when the audio before the grid is
 * that long, it is read as a whole slot by repeating its start in front of it.
 */
function leadingWordKept(header: Buffer, pcm: Buffer, phaseMs: number): CannedWord[] | undefined {
  if (phaseMs < slotMs / 2) return undefined;
  const leading = pcm.subarray(0, phaseMs * bytesPerMs);
  const padMs = slotMs - phaseMs;
  const padded = Buffer.concat([header, leading.subarray(0, padMs * bytesPerMs), pcm]);
  return shifted(heardWords(padded), -padMs)?.map((word) => ({
    ...word,
    startMs: Math.max(0, word.startMs),
  }));
}

function shifted(words: CannedWord[] | undefined, byMs: number): CannedWord[] | undefined {
  return words?.map((word) => ({ ...word, startMs: word.startMs + byMs, endMs: word.endMs + byMs }));
}

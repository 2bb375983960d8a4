import type { CannedWord } from './cannedSpeech.ts';
import { isMarkedSlot, recogniseSlot, slotBytes, slotMs } from './streaming/markedSpeech.ts';

/**
 * The words a file fake "hears" in a 16 kHz mono PCM16 WAV: marked speech read slot by slot (see
 * streaming/markedSpeech.ts), so a fake's answer depends on the audio it was sent, as a real
 * recogniser's does; undefined for audio without any (silence), where fakes fall back to the
 * canned words of its length, as they do for real speech.
 */
export function heardWords(wav: Buffer): CannedWord[] | undefined {
  const dataAt = wav.indexOf('data', 12, 'ascii');
  if (dataAt === -1) return undefined;
  const pcm = wav.subarray(dataAt + 8);
  const words: CannedWord[] = [];
  for (let slot = 0; (slot + 1) * slotBytes <= pcm.length; slot++) {
    const audio = pcm.subarray(slot * slotBytes, (slot + 1) * slotBytes);
    // Real speech is not marked: the fake then answers with its canned words, as before.
    if (!isMarkedSlot(audio)) return undefined;
    const word = recogniseSlot(audio);
    if (word !== null) words.push({ word, startMs: slot * slotMs, endMs: (slot + 1) * slotMs });
  }
  return words.length === 0 ? undefined : words;
}

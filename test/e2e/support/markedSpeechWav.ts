import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markedSpeech, markedText } from '../../fakes/streaming/markedSpeech.ts';
import { pcmWav } from '../../fakes/wavAudio.ts';

/**
 * A WAV of marked speech (words a fake recogniser reads from loudness) for Chromium's fake
 * microphone, written into `directory`; with the text it stands for.
 */
export function writeMarkedSpeechWav(
  directory: string,
  words: ReadonlyArray<number | null>,
): { path: string; text: string } {
  const path = join(directory, 'marked-speech.wav');
  writeFileSync(path, pcmWav(markedSpeech(words)));
  return { path, text: markedText(words) };
}

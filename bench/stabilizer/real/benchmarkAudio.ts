import {
  fixtureSpeech,
  longTalkText,
  longTalkWordsPerMinute,
  synthesizedSpeech,
  wavPcm,
} from '../../../test/recogniser/speech.ts';
import type { BenchmarkAudioName } from '../options.ts';

/** What the real benchmark plays into the live session, as capture would send it. */
export interface BenchmarkAudio {
  name: BenchmarkAudioName;
  description: string;
  /** 16 kHz mono PCM16. */
  pcm: Buffer;
}

export async function benchmarkAudio(name: BenchmarkAudioName): Promise<BenchmarkAudio> {
  switch (name) {
    case 'jfk':
      return {
        name,
        description: 'test/fixtures/audio/jfk.wav: President Kennedy, 1961, a recorded human voice',
        pcm: fixtureSpeech('jfk'),
      };
    case 'paragraph':
      return {
        name,
        description: 'test/fixtures/audio/long-16k.wav: espeak-ng reading paragraph.txt',
        pcm: fixtureSpeech('paragraph'),
      };
    case 'long':
      return {
        name,
        description: `espeak-ng reading test/recogniser/longTalk.txt at ${longTalkWordsPerMinute} words a minute`,
        pcm: wavPcm(await synthesizedSpeech(longTalkText, { wordsPerMinute: longTalkWordsPerMinute })),
      };
  }
}

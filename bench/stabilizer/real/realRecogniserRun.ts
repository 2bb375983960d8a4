import { pcmWav } from '../../../test/fakes/wavAudio.ts';
import {
  type RecognitionRequest,
  startPocketsphinxServer,
} from '../../../test/recogniser/pocketsphinxServer.ts';
import {
  recogniserProvider,
  startServiceOnRecogniser,
} from '../../../test/recogniser/serviceOnRecogniser.ts';
import { type TimedWord, wholeFileTranscript } from '../../../test/recogniser/wholeFileTranscript.ts';
import { playTimedLiveSession, type TimedLiveSession } from '../../../test/support/timedLiveSession.ts';
import type { BenchmarkAudio } from './benchmarkAudio.ts';

/** Everything one real run observed; the figures are computed from it afterwards. */
export interface RealRunRecord {
  audioMs: number;
  /** The recogniser's transcript of the whole recording in one request (R). */
  reference: TimedWord[];
  /** How long that one request took, at the recogniser's own speed. */
  referenceRecognitionMs: number;
  session: TimedLiveSession;
  /** The recognitions of the live session, in the order they were done. */
  passes: RecognitionRequest[];
}

/**
 * Computes R on a recogniser at its own speed (a slowdown changes how long a recognition takes,
 * not its words), then plays the audio in real time into a live session on P12 of a real service,
 * against a recogniser of its own with the slowdown, stops it and waits until it has ended and
 * the recogniser is idle, so that passes Earshot gave up on are counted too.
 */
export async function measureRealRun(
  audio: BenchmarkAudio,
  slowdown: number,
  log: (line: string) => void,
): Promise<RealRunRecord> {
  const audioMs = audio.pcm.length / 32;
  log(`Whole-file transcript of ${(audioMs / 1000).toFixed(1)} s of audio (one request)…`);
  const { reference, recognitionMs: referenceRecognitionMs } = await wholeFileRecognition(audio.pcm);

  const liveServer = await startPocketsphinxServer({ slowdown });
  try {
    const { service, close } = await startServiceOnRecogniser(liveServer.baseUrl);
    log(`Live session on P12, playing in real time${slowdown > 0 ? `, slowdown ${slowdown}` : ''}…`);
    const session = await playTimedLiveSession(service, {
      provider: recogniserProvider,
      pcm: audio.pcm,
    }).finally(close);
    log(`Session ${session.status}; waiting for the recogniser to finish what it was sent…`);
    await liveServer.whenIdle();
    const passes = (await liveServer.requests()).sort((left, right) => left.startedAt - right.startedAt);
    return { audioMs, reference, referenceRecognitionMs, session, passes };
  } finally {
    await liveServer.close();
  }
}

/** R, and how long the recogniser took to hear the whole file: its own speed on this machine now. */
async function wholeFileRecognition(pcm: Buffer): Promise<{ reference: TimedWord[]; recognitionMs: number }> {
  const server = await startPocketsphinxServer();
  try {
    const reference = await wholeFileTranscript(server.baseUrl, pcmWav(pcm));
    const [request] = await server.requests();
    return { reference, recognitionMs: request === undefined ? 0 : request.endedAt - request.startedAt };
  } finally {
    await server.close();
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav } from '../fakes/wavAudio.ts';
import { OpenedResources } from '../support/openedResources.ts';
import { playTimedLiveSession } from '../support/timedLiveSession.ts';
import { maxWindowMs } from '../../actors/batch/batchWindowStream.ts';
import {
  type PocketsphinxServer,
  pocketsphinxAvailable,
  type RecognitionRequest,
  startPocketsphinxServer,
} from '../recogniser/pocketsphinxServer.ts';
import { recogniserProvider, startServiceOnRecogniser } from '../recogniser/serviceOnRecogniser.ts';
import { fixtureSpeech } from '../recogniser/speech.ts';
import { comparableWords, compareTranscripts } from '../recogniser/transcriptComparison.ts';
import { wholeFileTranscript } from '../recogniser/wholeFileTranscript.ts';

/**
 * Live capture on P12 against a real recogniser (PocketSphinx) that, like a local server on a CPU,
 * takes seconds per pass and does one at a time. Only invariants are asserted, never timings: the
 * session completes, the stored transcript keeps the words the recogniser hears in the whole
 * recording, Earshot never sends a pass while another is in flight, and no window passes the cap.
 */
const availability = pocketsphinxAvailable();

/** Deletions the alignment may show without a word being lost: the recogniser's own variation. */
const allowedDeletedShare = 0.05;

/** The read paragraph up to the pause after "…and everyone agreed that this had to change.". */
const paragraphOpening = fixtureSpeech('paragraph').subarray(0, 23_800 * 32);
const kennedy = fixtureSpeech('jfk');

describe.skipIf(!availability.available)(
  availability.available ? 'P12 live windows against a real recogniser' : `skipped: ${availability.reason}`,
  () => {
    const opened = new OpenedResources();
    let atItsOwnSpeed: PocketsphinxServer;
    let slowerThanRealTime: PocketsphinxServer;

    beforeAll(async () => {
      [atItsOwnSpeed, slowerThanRealTime] = await opened.openTogether([
        startPocketsphinxServer(),
        startPocketsphinxServer({ slowdown: 1.5 }),
      ]);
    });
    afterAll(() => opened.closeAll());

    it('the first 23.8 s of the read paragraph, at the recogniser’s own speed', async () => {
      await expectInvariants(atItsOwnSpeed, paragraphOpening);
    }, 120_000);

    it('jfk.wav (11 s) on a recogniser 1.5 times slower than real time', async () => {
      await expectInvariants(slowerThanRealTime, kennedy);
    }, 120_000);

    /**
     * Plays `pcm` into a live session on `recogniser` in real time, stops it, and checks the
     * invariants, each on its own so that one run reports every one it breaks.
     */
    async function expectInvariants(recogniser: PocketsphinxServer, pcm: Buffer): Promise<void> {
      // From the server at its own speed: a slowdown changes how long a pass takes, not its words.
      const reference = await wholeFileTranscript(atItsOwnSpeed.baseUrl, pcmWav(pcm));
      const earlier = (await recogniser.requests()).length;
      const { service, close } = await startServiceOnRecogniser(recogniser.baseUrl);
      const session = await playTimedLiveSession(service, { provider: recogniserProvider, pcm }).finally(
        close,
      );
      // A pass Earshot gave up on is still recognised; it counts too.
      await recogniser.whenIdle();
      const passes = (await recogniser.requests()).slice(earlier);

      expect.soft(session.status, `the session ended ${session.status}: ${session.error}`).toBe('completed');

      const comparison = compareTranscripts(
        comparableWords(reference.map((word) => word.text)),
        comparableWords(session.segments.map((segment) => segment.text)),
      );
      const deletedShare = comparison.deleted / comparison.referenceWords;
      expect
        .soft(
          deletedShare,
          `${comparison.deleted} of the ${comparison.referenceWords} words of the whole-file transcript ` +
            `(${percent(deletedShare)}) are missing from the stored one ` +
            `(${comparison.hypothesisWords} words; ${comparison.substituted} substituted, ` +
            `${comparison.inserted} inserted; ${passes.length} passes)`,
        )
        .toBeLessThanOrEqual(allowedDeletedShare);

      expect.soft(passes.length, 'Earshot sent no pass at all').toBeGreaterThan(0);
      expect.soft(overlaps(passes), 'passes sent while another was in flight').toEqual([]);
      expect
        .soft(
          passes.filter((pass) => pass.audioMs > maxWindowMs).map((pass) => pass.audioMs),
          `windows longer than ${maxWindowMs} ms`,
        )
        .toEqual([]);
    }
  },
);

/**
 * Each pass that reached the server before the one recognised just before it had been answered,
 * or began before that one ended (the server's lock makes the latter impossible; it is checked so
 * that the server's own promise is held too).
 */
function overlaps(passes: readonly RecognitionRequest[]): string[] {
  const inOrder = [...passes].sort((left, right) => left.startedAt - right.startedAt);
  return inOrder.flatMap((pass, index) => {
    const previous = inOrder[index - 1];
    if (previous === undefined) return [];
    if (pass.receivedAt >= previous.endedAt && pass.startedAt >= previous.endedAt) return [];
    return [
      `pass ${index + 1} (${pass.audioMs} ms of audio) was sent ${previous.endedAt - pass.receivedAt} ms ` +
        `before pass ${index} (${previous.audioMs} ms) was answered`,
    ];
  });
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

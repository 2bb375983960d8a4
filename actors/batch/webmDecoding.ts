import type { LiveStream } from '../../providers/contract.ts';
import { startWebmDecoder } from './webmDecoder.ts';

/** 100 ms of PCM16 16 kHz mono: the frame size the window expects from capture. */
const pcmFrameBytes = 3200;

/**
 * Puts a WebM/Opus capture (a browser's MediaRecorder, P12/P13's input mode) in front of a stream
 * that takes PCM16: one ffmpeg process decodes the whole capture as it arrives, so the window is
 * always built from decoded samples and never sends a WebM piece without its header.
 */
export function decodingWebm(pcmStream: LiveStream, fail: (message: string) => void): LiveStream {
  let pending = Buffer.alloc(0);
  let written = 0;
  const decoder = startWebmDecoder(
    (pcm) => {
      pending = Buffer.concat([pending, pcm]);
      while (pending.length >= pcmFrameBytes) {
        pcmStream.sendAudio(pending.subarray(0, pcmFrameBytes));
        pending = pending.subarray(pcmFrameBytes);
      }
    },
    (reason) => fail(`The WebM/Opus capture could not be decoded: ${reason}`),
  );
  return {
    sendAudio: (frame) => {
      written += frame.byteLength;
      decoder.write(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
    },
    finish: async (timeoutMs) => {
      const started = performance.now();
      if (written > 0) await decoder.end();
      else decoder.stop();
      if (pending.length > 0) pcmStream.sendAudio(pending);
      pending = Buffer.alloc(0);
      await pcmStream.finish(Math.max(1, timeoutMs - (performance.now() - started)));
    },
    close: () => {
      decoder.stop();
      pcmStream.close();
    },
    bufferedBytes: () => pcmStream.bufferedBytes(),
  };
}

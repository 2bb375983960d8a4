import type { AudioFormat } from '../../api/appChannel/appProtocol.ts';
import type { LevelMeterSource } from './levelMeterSource.ts';
import workletUrl from './pcmCaptureWorklet.ts?worker&url';

export interface AudioCaptureOptions {
  source: MediaStream;
  audioFormat: AudioFormat;
  meter: LevelMeterSource;
  onFrame: (frame: ArrayBuffer | Blob) => void;
  /** A track ended: the user stopped sharing, or the device went away. */
  onSourceEnded: () => void;
}

const webmMimeType = 'audio/webm;codecs=opus';
const webmTimesliceMs = 100;
/**
 * The same stream goes to the provider and into the session's audio on disk. Chromium's own choice
 * for mono speech is about 130 kbit/s (59 MB an hour); at 32 kbit/s Opus still carries speech
 * whole for a recogniser, and an hour takes about 16 MB.
 */
const webmBitsPerSecond = 32_000;

/**
 * Captures `source` in the provider's input mode until the returned function is called: PCM16
 * 16 kHz mono in 100 ms frames from an AudioWorklet, or WebM/Opus pieces from MediaRecorder every
 * 100 ms. Both feed the level meter from the same graph.
 */
export async function startAudioCapture(options: AudioCaptureOptions): Promise<() => void> {
  const { source, audioFormat, meter, onFrame } = options;
  const [track] = source.getAudioTracks();
  if (track === undefined) throw new Error('The audio source has no audio track; start again.');
  const context = new AudioContext(audioFormat === 'pcm16' ? { sampleRate: 16_000 } : {});
  const input = context.createMediaStreamSource(source);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  input.connect(analyser);

  let stopEncoder: () => void;
  if (audioFormat === 'pcm16') {
    await context.audioWorklet.addModule(workletUrl);
    const worklet = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    worklet.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
    // A silent path to the output keeps the worklet pulled by the graph in every browser.
    const mute = context.createGain();
    mute.gain.value = 0;
    input.connect(worklet).connect(mute).connect(context.destination);
    stopEncoder = () => {
      worklet.port.onmessage = null;
      worklet.disconnect();
    };
  } else {
    if (!MediaRecorder.isTypeSupported(webmMimeType)) {
      await context.close();
      throw new Error(
        'This browser cannot record WebM/Opus audio, which this provider needs; use Chrome or Edge.',
      );
    }
    const recorder = new MediaRecorder(new MediaStream([track]), {
      mimeType: webmMimeType,
      audioBitsPerSecond: webmBitsPerSecond,
    });
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) onFrame(event.data);
    };
    recorder.start(webmTimesliceMs);
    stopEncoder = () => {
      if (recorder.state !== 'inactive') recorder.stop();
    };
  }
  // Browsers may create the context suspended; capture has started from a click or a reload of a
  // page already recording.
  await context.resume();
  meter.analyser = analyser;
  track.addEventListener('ended', options.onSourceEnded);
  return () => {
    track.removeEventListener('ended', options.onSourceEnded);
    if (meter.analyser === analyser) meter.analyser = undefined;
    stopEncoder();
    input.disconnect();
    void context.close();
  };
}

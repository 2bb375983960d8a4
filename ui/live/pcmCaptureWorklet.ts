/**
 * AudioWorklet processor: the first input channel, resampled to 16 kHz, as little-endian PCM16
 * frames of 100 ms posted to the page (transferred, not copied). Downsampling averages the input
 * samples each output sample covers, which keeps the level and drops most of what would alias.
 */
const targetRate = 16_000;
const frameSamples = 1600;

declare const sampleRate: number;
declare function registerProcessor(name: string, processor: new () => unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly step = sampleRate / targetRate;
  private frame = new Int16Array(frameSamples);
  private filled = 0;
  /** Position of the next output sample, in input samples from the start of the current block. */
  private position = 0;
  private sum = 0;
  private count = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel === undefined) return true;
    for (let index = 0; index < channel.length; index++) {
      this.sum += channel[index] ?? 0;
      this.count++;
      if (index + 1 >= this.position + this.step) {
        this.push(this.sum / this.count);
        this.position += this.step;
        this.sum = 0;
        this.count = 0;
      }
    }
    this.position -= channel.length;
    return true;
  }

  private push(value: number): void {
    const clamped = Math.max(-1, Math.min(1, value));
    this.frame[this.filled++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
    if (this.filled === frameSamples) {
      this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
      this.frame = new Int16Array(frameSamples);
      this.filled = 0;
    }
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);

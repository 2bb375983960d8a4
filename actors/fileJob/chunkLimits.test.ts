import { describe, expect, it } from 'vitest';
import { chunkLimits, defaultMaxChunkMs, quietSearchMs } from './chunkLimits.ts';

describe('chunkLimits', () => {
  it('keeps long inputs to the default chunk length when the vendor sets no limit', () => {
    expect(chunkLimits({}, 'P01 Soniox')).toEqual({
      maxSamples: defaultMaxChunkMs * 16,
      quietSearchSamples: quietSearchMs * 16,
    });
  });

  it('fits the WAV header and the samples within maxBytes', () => {
    // 10 MB (P08): 44 header bytes, then two bytes per sample.
    expect(chunkLimits({ maxBytes: 10_000_000 }, 'P08 60db').maxSamples).toBe(
      Math.floor((10_000_000 - 44) / 2),
    );
  });

  it('takes the tightest of the byte limit, the duration limit and the default', () => {
    expect(chunkLimits({ maxBytes: 10_000_000, maxDurationMs: 60_000 }, 'x').maxSamples).toBe(960_000);
  });

  it('searches at most a quarter of a short chunk for a quiet cut', () => {
    expect(chunkLimits({ maxDurationMs: 2_000 }, 'x')).toEqual({
      maxSamples: 32_000,
      quietSearchSamples: 8_000,
    });
  });

  it('refuses limits too small to carry speech, naming the provider', () => {
    expect(() => chunkLimits({ maxBytes: 20_000 }, 'P09 Cloudflare')).toThrow(
      'P09 Cloudflare accepts less than 1000 ms of audio per request, too little to transcribe.',
    );
  });
});

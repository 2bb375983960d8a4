import { describe, expect, it } from 'vitest';
import { buildLineProgress, buildLineStep } from './buildOutput.ts';

describe("reading the build script's output", () => {
  it("takes the share done from cmake's progress lines only", () => {
    expect(buildLineProgress('[  8%] Building C object ggml/src/ggml.c.o')).toBe(0.08);
    expect(buildLineProgress('[ 45%] Building CXX object src/whisper.cpp.o')).toBe(0.45);
    expect(buildLineProgress('[100%] Built target whisper-server')).toBe(1);
    expect(buildLineProgress('-- Configuring done')).toBeUndefined();
    expect(buildLineProgress("whisper.cpp:42: warning: unused variable '[ 45%]'")).toBeUndefined();
  });

  it('takes the steps from the lines the script marks', () => {
    expect(buildLineStep('==> Configuring the build (cmake)')).toBe('Configuring the build (cmake)');
    expect(buildLineStep('-- Configuring done')).toBeUndefined();
  });
});

import { useEffect, useRef } from 'react';
import type { LevelMeterSource } from './levelMeterSource.ts';

/** How much of the previous level each frame keeps: quick to rise, calm to fall. */
const smoothing = 0.8;

/**
 * The input level as a bar: RMS of the analyser's samples each animation frame, smoothed, written
 * straight to the bar's style so audio never re-renders React.
 */
export function LevelMeter(props: { source: LevelMeterSource }) {
  const { source } = props;
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    let level = 0;
    let samples = new Float32Array(0);
    const draw = () => {
      const analyser = source.analyser;
      let rms = 0;
      if (analyser !== undefined) {
        if (samples.length !== analyser.fftSize) samples = new Float32Array(analyser.fftSize);
        analyser.getFloatTimeDomainData(samples);
        let total = 0;
        for (const sample of samples) total += sample * sample;
        rms = Math.sqrt(total / samples.length);
      }
      // Speech sits far below full scale; a square root spreads quiet and loud over the bar.
      const target = Math.min(1, Math.sqrt(rms * 4));
      level = Math.max(target, level * smoothing + target * (1 - smoothing));
      if (bar.current !== null) bar.current.style.transform = `scaleX(${level.toFixed(3)})`;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [source]);
  return (
    <div className="level-meter" role="img" aria-label="Input level">
      <div className="level-meter-bar" ref={bar} />
    </div>
  );
}

/**
 * Where the level meter reads the audio being captured: the capture sets an AnalyserNode while it
 * runs, the meter polls it each animation frame. Nothing here causes a React render.
 */
export class LevelMeterSource {
  analyser: AnalyserNode | undefined;
}

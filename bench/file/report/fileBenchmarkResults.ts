import type { MachineDescription } from '../../support/machine.ts';
import type { DirectWhisperRun, WhisperServerLaunch } from '../measure/directWhisperServer.ts';
import type { EarshotTranscription } from '../measure/earshotTranscription.ts';
import type { BenchmarkMedia, MediaFile } from '../media/benchmarkMedia.ts';

/** One `earshot transcribe` scenario and its runs. */
export interface EarshotScenario {
  /** "a. P14", "c. P11 (Groq fake)" */
  name: string;
  provider: string;
  media: MediaFile;
  runs: EarshotTranscription[];
}

/** Everything one run of the benchmark measured: the report is a view of this and nothing else. */
export interface FileBenchmarkResults {
  date: Date;
  machine: MachineDescription;
  /** 1-minute load average when the runs began and ended: others' work slows ours down. */
  loadAverage: { before: number; after: number };
  media: BenchmarkMedia;
  whisperServer: WhisperServerLaunch;
  runsPerScenario: number;
  localRuntime: EarshotScenario;
  direct: DirectWhisperRun[];
  cloudWav: EarshotScenario;
  cloudMp3: EarshotScenario;
  cloudLongWav: EarshotScenario;
  totalMs: number;
}

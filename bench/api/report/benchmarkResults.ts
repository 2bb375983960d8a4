import type { Fixture } from '../fixture/prepareFixture.ts';
import type { LoadResult } from '../load/autocannonRun.ts';
import type { DistinctQueryResult } from '../load/distinctQueryFigures.ts';
import type { Scenario } from '../load/scenarios.ts';
import type { MachineDescription } from '../../support/machine.ts';
import type { ProcessMemory } from '../../support/processMemory.ts';

/** Everything one run measured: the report is a view of this and nothing else. */
export interface BenchmarkResults {
  date: Date;
  machine: MachineDescription;
  fixture: Fixture;
  startupMilliseconds: number[];
  memoryAfterStartup: ProcessMemory;
  memoryAfterLoad: ProcessMemory;
  durationSeconds: number;
  connectionCounts: number[];
  scenarios: ScenarioResult[];
  /** Concurrent clients, each query different, one run per search kind. */
  distinctQueries: DistinctQueryRun[];
}

export interface DistinctQueryRun {
  parameter: 'search' | 'words';
  connections: number;
  /** The machine's 1-minute load average as the run started: the cores are shared. */
  loadAverage: number;
  result: DistinctQueryResult;
}

export interface ScenarioResult {
  scenario: Scenario;
  connections: number;
  /** What the check of the first response saw ("total 12"). */
  firstResponse: string;
  load: LoadResult;
}

import type { AiJobs } from '../../actors/aiJob/aiJobs.ts';
import type { SessionListSource } from '../../store/records.ts';
import type { SessionStore } from '../../store/sessionStore.ts';
import type { LiveView } from '../dependencies.ts';
import { readLiveStatus } from '../liveStatus.ts';
import type { EarshotLibrary } from './earshotLibrary.ts';
import { serviceQuestions } from './serviceQuestions.ts';

/** The live status waits as long as `/api/v1/status` does before it answers with the defaults. */
const liveStatusWaitMs = 5000;

/** The library as the running service has it: its store, its live sessions and its AI jobs. */
export function serviceLibrary(options: {
  store: SessionStore;
  sessionLists?: SessionListSource;
  live: LiveView;
  aiJobs: AiJobs;
  dataDirectory: string;
  version: string;
  liveTimeoutMs?: number;
  answerWaitMs?: number;
  reportError: (error: unknown) => void;
}): EarshotLibrary {
  const { store, live, reportError } = options;
  return {
    store,
    ...(options.sessionLists === undefined ? {} : { lists: options.sessionLists }),
    version: options.version,
    source: 'service',
    liveStatus: () => readLiveStatus(live, options.liveTimeoutMs ?? liveStatusWaitMs, reportError),
    questions: () => serviceQuestions(options),
  };
}

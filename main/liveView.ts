import type { LiveView } from '../api/dependencies.ts';

/**
 * The live view while no capture pipeline is wired in (it arrives with live transcription, issue
 * #4): nothing records and no UI client is connected, which is the truth for this service.
 */
export const idleLiveView: LiveView = {
  getStatus: () => Promise.resolve({ recording: false, currentSessionId: null, currentProvider: null }),
  liveClientCount: () => 0,
};

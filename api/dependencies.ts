import type { LiveStatus } from '../actors/live/liveStatus.ts';
import type { SessionListSource, SessionReader } from '../store/records.ts';
import type { EventFollowers } from './events/eventFollowers.ts';

export type { LiveStatus };

/** Whether the API is switched on, and the token check; main owns the secret and the comparison. */
export interface ApiAccess {
  isEnabled(): boolean;
  /** Constant-time comparison against the stored token hash; false when no token is configured. */
  verifyToken(presented: string): boolean;
}

/** A read-only view of the recording actor. `getStatus` may be slow or never settle. */
export interface LiveView {
  getStatus(): Promise<LiveStatus>;
  liveClientCount(): number;
}

export interface ApiDependencies {
  store: SessionReader;
  /** Where `GET /sessions` reads its pages; `store` itself, on this thread, when absent. */
  sessionLists?: SessionListSource;
  access: ApiAccess;
  live: LiveView;
  /** The clients of the event streams (`GET /events`), over the service's event feed. */
  followers: EventFollowers;
  /** Application version reported by /health, /status and the OpenAPI document. */
  version: string;
  /** Longest wait for `live.getStatus()` before answering with defaults; 5000 when absent. */
  liveTimeoutMs?: number;
  /** IANA zone for the `date`, `time` and timestamp fields; the process's zone when absent. */
  timeZone?: string;
  /**
   * Told about unexpected failures (the client only ever sees a generic 500 body). Defaults to
   * writing them to stderr.
   */
  reportError?: (error: unknown) => void;
}

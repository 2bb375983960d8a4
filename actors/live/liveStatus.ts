/** What the live actors are doing now, as `/api/v1/status` reports it. */
export interface LiveStatus {
  recording: boolean;
  currentSessionId: string | null;
  currentProvider: string | null;
}

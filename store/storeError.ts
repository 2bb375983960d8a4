export type StoreErrorCode =
  | 'session_not_found'
  | 'job_not_found'
  | 'not_found'
  | 'conflict'
  | 'invalid_state'
  | 'invalid_segment'
  | 'invalid_reference'
  | 'unknown_speaker'
  | 'read_only'
  | 'storage_failed';

/** A refused store operation; the message tells the user what to do, and nothing was changed. */
export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

import type { LiveErrorCode } from '../contract.ts';

interface RealtimeErrorKind {
  code: LiveErrorCode;
  description: string;
}

/**
 * Scribe Realtime names each error kind in `message_type` (the list of ElevenLabs' SDK types); the
 * stream closes after one of them.
 */
const errorKinds: Record<string, RealtimeErrorKind> = {
  auth_error: { code: 'unauthorized', description: 'ElevenLabs did not accept the API key' },
  quota_exceeded: { code: 'payment_required', description: 'The ElevenLabs account has no quota left' },
  unaccepted_terms: {
    code: 'forbidden',
    description: 'The ElevenLabs account has not accepted the Scribe terms of service',
  },
  rate_limited: { code: 'rate_limited', description: 'ElevenLabs is rate-limiting this account' },
  commit_throttled: { code: 'rate_limited', description: 'ElevenLabs throttled the commits of this stream' },
  queue_overflow: { code: 'rate_limited', description: 'The ElevenLabs processing queue is full' },
  resource_exhausted: { code: 'upstream_error', description: 'ElevenLabs is at capacity' },
  transcriber_error: { code: 'upstream_error', description: 'ElevenLabs failed while transcribing' },
  error: { code: 'upstream_error', description: 'ElevenLabs failed while transcribing' },
  session_time_limit_exceeded: {
    code: 'upstream_error',
    description: 'The ElevenLabs session reached its time limit',
  },
  insufficient_audio_activity: {
    code: 'timeout',
    description: 'ElevenLabs ended the stream after too long without speech',
  },
  input_error: { code: 'bad_request', description: 'ElevenLabs could not process the audio' },
  invalid_request: { code: 'bad_request', description: 'ElevenLabs rejected the stream settings' },
  chunk_size_exceeded: {
    code: 'bad_request',
    description: 'ElevenLabs rejected an audio chunk as too large',
  },
};

/**
 * The live error a Scribe message stands for, or undefined when it is not an error. A kind this
 * table does not know still counts as an error when it carries an `error` field.
 */
export function realtimeError(
  message: Record<string, unknown>,
): { code: LiveErrorCode; message: string } | undefined {
  const kind = typeof message.message_type === 'string' ? message.message_type : '';
  const known = Object.hasOwn(errorKinds, kind) ? errorKinds[kind] : undefined;
  if (known === undefined && message.error === undefined) return undefined;
  const { code, description } = known ?? {
    code: 'upstream_error',
    description: 'ElevenLabs reported an error',
  };
  const detail = errorDetail(message);
  return { code, message: `${description} (${kind || 'no message type'}${detail ? `: ${detail}` : ''}).` };
}

/** The vendor's own words: `error` is documented as text, `message` is what some versions send. */
function errorDetail(message: Record<string, unknown>): string {
  for (const candidate of [message.error, message.message]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
    if (typeof candidate === 'object' && candidate !== null && 'message' in candidate) {
      const nested = candidate.message;
      if (typeof nested === 'string') return nested.trim();
    }
  }
  return '';
}

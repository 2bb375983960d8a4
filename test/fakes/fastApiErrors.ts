import type { FakeReply } from './fakeHttpServer.ts';

/**
 * FastAPI's 422 for a request field that is missing or malformed, as vendors built on it
 * (ElevenLabs, Mistral, the FunASR server) answer.
 */
export function fastApiValidationError(
  field: string,
  message: string,
  type: 'value_error' | 'missing' = 'value_error',
): FakeReply {
  return {
    status: 422,
    body: { detail: [{ type, loc: ['body', field], msg: message, input: null }] },
  };
}

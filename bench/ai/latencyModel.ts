/**
 * How long a served model takes to answer one request: it reads the prompt (prefill), then writes
 * the answer a token at a time. The figures are those of a small model on one GPU, or of a cloud
 * "mini" model under ordinary load: a prompt read at about 3,300 tokens a second, an answer
 * written at about 40. Writing dominates, so the answers' length matters far more than the prompts'.
 */

export const prefillMsPerInputToken = 0.3;
export const msPerOutputToken = 25;

export const latencyModelDescription =
  `${prefillMsPerInputToken} ms per input token (prefill) + ${msPerOutputToken} ms per output token ` +
  `(${Math.round(1000 / msPerOutputToken)} tokens/s)`;

export function modelledLatencyMs(inputTokens: number, outputTokens: number): number {
  return prefillMsPerInputToken * inputTokens + msPerOutputToken * outputTokens;
}

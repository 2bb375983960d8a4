/**
 * How a provider call failed, in the terms the job acts on: retry it, report it, or stop because
 * the user cancelled or the configuration is incomplete.
 */
export type ProviderErrorKind = 'retryable' | 'permanent' | 'cancelled' | 'configuration';

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;

  constructor(kind: ProviderErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
  }
}

/** 408, 425, 429 and every 5xx are worth another try; other statuses will answer the same again. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** Replaces every secret value in `text`, so no vendor echo or URL can carry a credential out. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret.length >= 4) redacted = redacted.split(secret).join('[redacted]');
  }
  return redacted;
}

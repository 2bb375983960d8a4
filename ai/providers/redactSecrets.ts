/**
 * Replaces every secret value in `text`, so no vendor echo (a server that quotes the key it
 * refused), URL or stack can carry a key out in a message. The same rule as the speech providers'
 * (providers/http/providerError.ts), which ai/ may not import.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) redacted = redacted.split(secret).join('[redacted]');
  }
  return redacted;
}

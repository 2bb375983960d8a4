import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret for this launch of the service; the CLI and the UI present it. */
export function createLaunchSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time check of a presented secret (hashing first gives equal lengths). */
export function matchesSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: the launch secret, and each login token and browser session. */
export function createSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What is kept of a secret that only needs to be recognised, never shown again. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Constant-time check of a presented secret against a kept digest (digests have equal lengths). */
export function matchesDigest(presented: string, digest: Buffer): boolean {
  return timingSafeEqual(secretDigest(presented), digest);
}

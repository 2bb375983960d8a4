import { randomBytes } from 'node:crypto';

/**
 * Headers of every page the service serves. A page may talk only to this service (HTTP and
 * `/ws/app` are both 'self'), load only our own scripts (the audio worklet included) and never be
 * framed by another site; it sends no Referer anywhere.
 */
export const pageSecurityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data: blob:; " +
    "media-src 'self' blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; " +
    "frame-ancestors 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** A nonce for one response's inline script and style: 16 random bytes, new every time. */
export function createScriptNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Headers of a page made of its own inline script and style (the sign-in page, which hands its
 * page key to our origin's storage): only what carries this response's `nonce` runs, and the page
 * may load nothing, connect nowhere, submit no form and never be framed.
 */
export function inlinePageSecurityHeaders(nonce: string): typeof pageSecurityHeaders {
  return {
    ...pageSecurityHeaders,
    'Content-Security-Policy':
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
      "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  };
}

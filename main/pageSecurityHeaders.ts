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

/**
 * RFC 6750 credentials: the scheme is case-insensitive and is followed by exactly one token68.
 * Anything else (another scheme, two tokens, two Authorization headers, which fetch joins with a
 * comma) yields no token rather than a guess. Tokens in the query string are never read: they
 * end up in logs, browser history and Referer headers.
 */
const bearerCredentials = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

export function extractBearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  return bearerCredentials.exec(authorization.trim())?.[1];
}

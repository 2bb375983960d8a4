/**
 * How requests address a local OpenAI-compatible server: the API path under its base address,
 * its optional key, and the name messages give it.
 */

/** The base address may have been typed with a trailing slash. */
export function serverUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** Bearer only when a key is configured: most local servers have none. */
export function bearerHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` };
}

/** Names the server by its address, since "the server" alone does not say which one. */
export function serverName(baseUrl: string): string {
  return `OpenAI-compatible server ${baseUrl}`;
}

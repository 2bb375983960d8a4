/** How requests name and authenticate a local OpenAI-compatible server. */

/** Bearer only when a key is configured: most local servers have none. */
export function bearerHeaders(apiKey: string | undefined): Record<string, string> {
  return apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` };
}

/** Names the server by its address, since "the server" alone does not say which one. */
export function serverName(baseUrl: string): string {
  return `OpenAI-compatible server ${baseUrl}`;
}

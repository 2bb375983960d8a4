/**
 * The WebSocket address of `path` under a base URL: a configured `endpoint` may be given as
 * http(s) (the same value the file API uses) or ws(s); http maps to ws and https to wss.
 */
export function websocketUrl(baseUrl: string, path: string, query: Record<string, string | undefined> = {}) {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.toString();
}

/**
 * The WebSocket address of `path` under a base URL: a configured `endpoint` may be given as
 * http(s) (the same value the file API uses) or ws(s); http maps to ws and https to wss.
 */
export function websocketUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string | readonly string[] | undefined> = {},
) {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  for (const [name, value] of Object.entries(query)) {
    // A list is the parameter repeated, once per item, as vendors take lists in a query.
    for (const item of value === undefined ? [] : typeof value === 'string' ? [value] : value) {
      url.searchParams.append(name, item);
    }
  }
  return url.toString();
}

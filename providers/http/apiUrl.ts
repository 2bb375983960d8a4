/** An API path under a base URL, which may have been typed with a trailing slash. */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

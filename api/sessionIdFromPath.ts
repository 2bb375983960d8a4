/**
 * The session id in `/api/v1/sessions/:id[/...]`, decoded from the raw URL. The router's own
 * decoding is lenient (it leaves a malformed escape such as "%zz" as is), which would make "%zz"
 * and "%25zz" name the same session; here a malformed escape names no session at all.
 */
const sessionIdSegment = 4; // '', 'api', 'v1', 'sessions', id

export function sessionIdFromPath(url: string): string | undefined {
  const rawId = new URL(url).pathname.split('/')[sessionIdSegment];
  if (rawId === undefined || rawId === '') return undefined;
  try {
    return decodeURIComponent(rawId);
  } catch {
    return undefined;
  }
}

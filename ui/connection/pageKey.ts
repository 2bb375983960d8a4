import { earshotProtocol } from '../../providers/live/proxyProtocol.ts';
import { pageKeyHeader, pageKeyProtocolPrefix, pageKeyStorageName } from '../../api/login/pageKey.ts';

/**
 * The page key the sign-in page left in this origin's storage (see api/login/pageKey.ts). It is
 * read afresh for every request: signing in again, in another tab, replaces the cookie and the key
 * together. Without one, the service answers 401 and the app says how to sign in again.
 */
function storedPageKey(): string | undefined {
  return localStorage.getItem(pageKeyStorageName) ?? undefined;
}

/** The headers that prove, with the session cookie, that a control request comes from our page. */
export function pageKeyHeaders(): Record<string, string> {
  const pageKey = storedPageKey();
  return pageKey === undefined ? {} : { [pageKeyHeader]: pageKey };
}

/** The subprotocols of the `/ws/app` upgrade: ours, and the page key (an upgrade takes no headers). */
export function appChannelProtocols(): string[] {
  const pageKey = storedPageKey();
  return pageKey === undefined ? [earshotProtocol] : [earshotProtocol, `${pageKeyProtocolPrefix}${pageKey}`];
}

import { pageKeyHeader, pageKeyProtocolPrefix } from '../../api/login/pageKey.ts';
import type { RunningService } from '../../main/service.ts';
import { earshotProtocol } from '../../providers/live/proxyProtocol.ts';

/** What a signed-in browser holds: the session cookie, and the page key its page keeps. */
export interface SignedInBrowser {
  /** The `Cookie` header the browser sends back. */
  cookie: string;
  pageKey: string;
  /** The headers of the page's control requests: the cookie and the page key. */
  headers: Record<string, string>;
  /** The subprotocols the page offers on `/ws/app`: ours and the page key. */
  protocols: string[];
}

/**
 * Signs in as the owner's browser does: opens a fresh one-time login link, keeps the session cookie
 * the service sets, and takes the page key from the sign-in page's script, as that script does.
 */
export function signIn(service: Pick<RunningService, 'mintLoginUrl'>): Promise<SignedInBrowser> {
  return signInWith(service.mintLoginUrl());
}

/** Signs in with a login link someone else minted (the one `earshot serve` prints). */
export async function signInWith(loginUrl: string): Promise<SignedInBrowser> {
  const response = await fetch(loginUrl, { redirect: 'manual' });
  const page = await response.text();
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  const pageKey = /data-page-key="([A-Za-z0-9_-]+)"/.exec(page)?.[1];
  if (response.status !== 200 || cookie === undefined || pageKey === undefined) {
    throw new Error(`The login link answered ${response.status} without a session cookie and a page key.`);
  }
  return {
    cookie,
    pageKey,
    headers: { cookie, [pageKeyHeader]: pageKey },
    protocols: [earshotProtocol, `${pageKeyProtocolPrefix}${pageKey}`],
  };
}

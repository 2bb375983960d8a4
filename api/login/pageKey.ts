/**
 * The page key: the second half of a browser session, beside the session cookie. Browsers send a
 * cookie to every port of the host, so a web server on another loopback port that the owner's
 * browser visits receives the cookie and can replay it. The page key is handed, at sign-in, to our
 * origin's script alone, which keeps it in localStorage: storage belongs to one origin (scheme, host
 * and port), so no other port's page can read it, and no browser sends it by itself. The service
 * takes a browser's request as the owner's only with both. These names are shared by the service,
 * its sign-in page and the UI.
 */

/** Where the sign-in page leaves the key, and where the UI reads it. */
export const pageKeyStorageName = 'earshot.pageKey';

/** The header the UI sends the key in on every `/control/v1` request. */
export const pageKeyHeader = 'X-Earshot-Page-Key';

/**
 * A page cannot set headers on a WebSocket upgrade, so on `/ws/app` the key is an offered
 * subprotocol, `earshot-page-key.<key>`, as the launch secret is for the CLI. The service answers
 * with the plain `earshot` protocol, never with this one, so the key is not echoed back.
 */
export const pageKeyProtocolPrefix = 'earshot-page-key.';

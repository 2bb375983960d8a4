import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ErrorCode } from './errorCodes.ts';
import { endSocketWithError } from './socketErrorResponse.ts';
import { loopbackNames } from './hostGuard.ts';
import { earshotProtocol, secretProtocolPrefix } from '../providers/live/proxyProtocol.ts';
import { notSignedInMessage, type OwnerAccess } from './login/ownerAccess.ts';
import { pageKeyProtocolPrefix } from './login/pageKey.ts';

/** A WebSocket endpoint: takes each connection the router has checked and accepted. */
export interface WebSocketEndpoint {
  connected(socket: WebSocket, request: IncomingMessage, url: URL): void;
  /**
   * For an endpoint with a credential of its own (the REST API's token on `/api/v1/live`): why an
   * upgrade is refused, or undefined to accept it. Without it, the owner's credential is required.
   */
  refusal?(request: IncomingMessage, url: URL): Refusal;
}

/** Why an upgrade is refused, as the error code and message of the HTTP answer; undefined to accept. */
export type Refusal = { code: ErrorCode; message: string } | undefined;

/**
 * The plain subprotocols our clients offer beside the one carrying their credential: `earshot`
 * (the proxy, `/ws/app`) and `earshot-events` (`/api/v1/live`).
 */
export const plainProtocols = [earshotProtocol, 'earshot-events'];

export interface WebSocketRouterOptions {
  getPort(): number;
  /** The launch secret (every path) and the owner's browser sessions (`browserPaths` only). */
  owner: Pick<OwnerAccess, 'isLaunchSecret' | 'hasBrowserSession'>;
  /**
   * Paths the owner's browser opens itself (the app channel), which take its session too: the
   * cookie with the page key. The others (the provider proxy) are opened by the service's own
   * processes, with the secret.
   */
  browserPaths: readonly string[];
  /** The endpoint for a path, or undefined for a path nothing is served at. */
  endpointFor(pathname: string): WebSocketEndpoint | undefined;
}

/**
 * The one owner of every WebSocket upgrade on the server (several `upgrade` listeners would race,
 * the reference app's defect). Each upgrade is answered: an unknown path with 404, a foreign Host
 * with 421, a foreign Origin with 403, no owner's credential with 401 — never a hang.
 */
export function routeWebSocketUpgrades(server: Server, options: WebSocketRouterOptions): WebSocketServer {
  const sockets = new WebSocketServer({
    noServer: true,
    // Large enough for a second of any audio format; a client sending more per frame is broken.
    maxPayload: 4 * 1024 * 1024,
    // Always a plain protocol: the one carrying a secret, a page key or a token is never echoed back.
    handleProtocols: (protocols) => plainProtocols.find((protocol) => protocols.has(protocol)) ?? false,
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    const endpoint = options.endpointFor(url.pathname);
    const refusal =
      hostRefusal(request, url, options) ??
      (endpoint === undefined
        ? { code: 'not_found' as const, message: `Nothing is served at ${url.pathname}.` }
        : (originRefusal(request, options) ??
          (endpoint.refusal === undefined
            ? ownerRefusal(request, url, options)
            : endpoint.refusal(request, url))));
    if (refusal !== undefined || endpoint === undefined) {
      endSocketWithError(socket, refusal?.code ?? 'not_found', refusal?.message ?? 'Not found.');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (accepted) => endpoint.connected(accepted, request, url));
  });
  return sockets;
}

function allowedHosts(options: WebSocketRouterOptions): string[] {
  const port = options.getPort();
  return loopbackNames.map((name) => `${name}:${port}`);
}

/** DNS-rebinding defence: only our loopback names with our port. */
function hostRefusal(request: IncomingMessage, url: URL, options: WebSocketRouterOptions): Refusal {
  const hosts = allowedHosts(options);
  return hosts.includes(request.headers.host?.toLowerCase() ?? '')
    ? undefined
    : { code: 'misdirected_request', message: `Connect to ${hosts[0]}${url.pathname}.` };
}

/** No other page's Origin, on every path. */
function originRefusal(request: IncomingMessage, options: WebSocketRouterOptions): Refusal {
  const origin = request.headers.origin;
  const ownOrigins = allowedHosts(options).map((host) => `http://${host}`);
  return origin !== undefined && !ownOrigins.includes(origin.toLowerCase())
    ? { code: 'origin_not_allowed', message: 'Connections from web pages of other origins are refused.' }
    : undefined;
}

/**
 * Only the owner's clients: the launch secret as a subprotocol (the CLI, the service's own proxy
 * streams) or, on a browser path, the owner's session cookie (browsers send cookies with a
 * same-origin upgrade; SameSite=Strict keeps cross-site ones out) with its page key as a
 * subprotocol (a page cannot set headers on an upgrade).
 */
function ownerRefusal(request: IncomingMessage, url: URL, options: WebSocketRouterOptions): Refusal {
  if (options.owner.isLaunchSecret(offeredProtocolValue(request, secretProtocolPrefix))) return undefined;
  if (
    options.browserPaths.includes(url.pathname) &&
    options.owner.hasBrowserSession(
      request.headers.cookie,
      offeredProtocolValue(request, pageKeyProtocolPrefix),
    )
  ) {
    return undefined;
  }
  return { code: 'unauthorized', message: notSignedInMessage };
}

/** What follows `prefix` in the offered subprotocol that starts with it (a credential). */
export function offeredProtocolValue(request: IncomingMessage, prefix: string): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((value) => value.trim());
  return offered.find((value) => value.startsWith(prefix))?.slice(prefix.length);
}

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
}

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
    // Always the plain protocol: the one carrying a secret or a page key is never echoed back.
    handleProtocols: (protocols) => (protocols.has(earshotProtocol) ? earshotProtocol : false),
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    const endpoint = options.endpointFor(url.pathname);
    const refusal =
      hostRefusal(request, url, options) ??
      (endpoint === undefined
        ? { code: 'not_found' as const, message: `Nothing is served at ${url.pathname}.` }
        : undefined) ??
      clientRefusal(request, url, options);
    if (refusal !== undefined || endpoint === undefined) {
      endSocketWithError(socket, refusal?.code ?? 'not_found', refusal?.message ?? 'Not found.');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (accepted) => endpoint.connected(accepted, request, url));
  });
  return sockets;
}

type Refusal = { code: ErrorCode; message: string } | undefined;

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

/**
 * Only the owner's clients: no other page's Origin, and either the launch secret as a subprotocol
 * (the CLI, the service's own proxy streams) or, on a browser path, the owner's session cookie
 * (browsers send cookies with a same-origin upgrade; SameSite=Strict keeps cross-site ones out)
 * with its page key as a subprotocol (a page cannot set headers on an upgrade).
 */
function clientRefusal(request: IncomingMessage, url: URL, options: WebSocketRouterOptions): Refusal {
  const origin = request.headers.origin;
  const ownOrigins = allowedHosts(options).map((host) => `http://${host}`);
  if (origin !== undefined && !ownOrigins.includes(origin.toLowerCase())) {
    return {
      code: 'origin_not_allowed',
      message: 'Connections from web pages of other origins are refused.',
    };
  }
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
function offeredProtocolValue(request: IncomingMessage, prefix: string): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((value) => value.trim());
  return offered.find((value) => value.startsWith(prefix))?.slice(prefix.length);
}

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { loopbackNames } from '../api/hostGuard.ts';
import { earshotProtocol, secretProtocolPrefix } from '../providers/live/proxyProtocol.ts';
import { matchesSecret } from './launchSecret.ts';

/** A WebSocket endpoint: takes each connection the router has checked and accepted. */
export interface WebSocketEndpoint {
  connected(socket: WebSocket, request: IncomingMessage, url: URL): void;
}

export interface WebSocketRouterOptions {
  getPort(): number;
  launchSecret: string;
  /** The endpoint for a path, or undefined for a path nothing is served at. */
  endpointFor(pathname: string): WebSocketEndpoint | undefined;
}

/**
 * The one owner of every WebSocket upgrade on the server (several `upgrade` listeners would race,
 * the reference app's defect). Each upgrade is answered: an unknown path with 404, a foreign Host
 * with 421, a foreign Origin or a missing/wrong launch secret with 403 — never a hang.
 */
export function routeWebSocketUpgrades(server: Server, options: WebSocketRouterOptions): WebSocketServer {
  const sockets = new WebSocketServer({
    noServer: true,
    // Large enough for a second of any audio format; a client sending more per frame is broken.
    maxPayload: 4 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(earshotProtocol) ? earshotProtocol : false),
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://upgrade.invalid');
    const endpoint = options.endpointFor(url.pathname);
    const refusal =
      hostRefusal(request, url, options) ??
      (endpoint === undefined
        ? { status: 404, message: `Nothing is served at ${url.pathname}.` }
        : undefined) ??
      clientRefusal(request, options);
    if (refusal !== undefined || endpoint === undefined) {
      refuse(socket, refusal?.status ?? 404, refusal?.message ?? 'Not found.');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (accepted) => endpoint.connected(accepted, request, url));
  });
  return sockets;
}

type Refusal = { status: number; message: string } | undefined;

function allowedHosts(options: WebSocketRouterOptions): string[] {
  const port = options.getPort();
  return loopbackNames.map((name) => `${name}:${port}`);
}

/** DNS-rebinding defence: only our loopback names with our port. */
function hostRefusal(request: IncomingMessage, url: URL, options: WebSocketRouterOptions): Refusal {
  const hosts = allowedHosts(options);
  return hosts.includes(request.headers.host?.toLowerCase() ?? '')
    ? undefined
    : { status: 421, message: `Connect to ${hosts[0]}${url.pathname}.` };
}

/** Only our own clients: no other page's Origin, and the launch secret as a subprotocol. */
function clientRefusal(request: IncomingMessage, options: WebSocketRouterOptions): Refusal {
  const origin = request.headers.origin;
  const ownOrigins = allowedHosts(options).map((host) => `http://${host}`);
  if (origin !== undefined && !ownOrigins.includes(origin.toLowerCase())) {
    return { status: 403, message: 'Connections from web pages of other origins are refused.' };
  }
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((value) => value.trim());
  const presented = offered.find((value) => value.startsWith(secretProtocolPrefix));
  if (
    presented === undefined ||
    !matchesSecret(presented.slice(secretProtocolPrefix.length), options.launchSecret)
  ) {
    return {
      status: 403,
      message: 'This endpoint needs the launch secret of the running service (see launch.secret).',
    };
  }
  return undefined;
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: { message } });
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 421 ? 'Misdirected Request' : 'Forbidden'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

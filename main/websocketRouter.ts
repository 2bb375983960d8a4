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
    const refusal = refusalOf(request, url, options);
    if (refusal !== undefined) {
      refuse(socket, refusal.status, refusal.message);
      return;
    }
    const endpoint = options.endpointFor(url.pathname);
    if (endpoint === undefined) {
      refuse(socket, 404, `Nothing is served at ${url.pathname}.`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (accepted) => endpoint.connected(accepted, request, url));
  });
  return sockets;
}

function refusalOf(
  request: IncomingMessage,
  url: URL,
  options: WebSocketRouterOptions,
): { status: number; message: string } | undefined {
  const port = options.getPort();
  const allowedHosts = loopbackNames.map((name) => `${name}:${port}`);
  if (!allowedHosts.includes(request.headers.host?.toLowerCase() ?? '')) {
    return { status: 421, message: `Connect to ${allowedHosts[0]}${url.pathname}.` };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedHosts.map((host) => `http://${host}`).includes(origin.toLowerCase())) {
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

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { ProviderId } from '../../../providers/contract.ts';
import { type FakeRoute, startFakeHttpServer } from '../fakeHttpServer.ts';
import { pcmDurationMs } from './markedSpeech.ts';

/** One WebSocket connection a streaming fake accepted, as a test inspects it afterwards. */
export interface StreamingConnection {
  url: URL;
  headers: IncomingHttpHeaders;
  /** Text frames received, parsed as JSON where they are JSON. */
  textMessages: unknown[];
  binaryFrames: number;
  /** PCM16 audio received, in ms (as the vendor handler reported it). */
  audioMs: number;
  /** How the connection ended, once it has. */
  closeCode?: number;
}

/** A running fake of one vendor's real-time API (and, for P05, the HTTP call that opens it). */
export interface StreamingFake {
  /** http://127.0.0.1:<port>; put it in the provider's `endpoint`. */
  baseUrl: string;
  connections: StreamingConnection[];
  /** The next connection is refused the way the vendor refuses a request with this HTTP status. */
  rejectNext(status: number): void;
  /** The next connection's socket is cut (no close frame) once it has received `ms` of audio. */
  dropNextAfter(ms: number): void;
  /** While on, connections answer nothing: no results, no end-of-stream confirmation, no close. */
  stall(on: boolean): void;
  close(): Promise<void>;
}

/** A vendor handler's hold on one connection. */
export interface FakeWire {
  connection: StreamingConnection;
  /** The status `rejectNext` asked this connection to be refused with, if any. */
  rejection: number | undefined;
  /** Objects go as JSON text frames, Buffers as binary frames; nothing goes while stalled. */
  send(message: unknown): void;
  close(code: number, reason?: string): void;
  /**
   * Counts PCM16 audio the vendor handler received. Returns false when that cut the connection
   * (`dropNextAfter`), in which case the handler must not answer it.
   */
  audioReceived(bytes: number): boolean;
}

export interface UpgradeRefusal {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface StreamingVendor {
  /** WebSocket paths the vendor serves, e.g. ['/v1/listen']. */
  paths: readonly string[];
  /**
   * Checks the upgrade request as the vendor does at the handshake (credentials in headers or
   * query); a refusal is answered as a plain HTTP response. `rejection` is `rejectNext`'s status.
   */
  checkUpgrade?(
    request: IncomingMessage,
    url: URL,
    rejection: number | undefined,
  ): UpgradeRefusal | undefined;
  /** Takes an accepted connection; returns the handler of each frame the client sends. */
  connected(wire: FakeWire, url: URL): (data: Buffer, isBinary: boolean) => void;
  /** HTTP routes on the same port (P05's session init), answered like the file fakes'. */
  httpRoute?: FakeRoute;
}

/** How the shared live conformance suite drives one streaming provider against its fake. */
export interface StreamingFakeFixture {
  providerId: ProviderId;
  start(): Promise<StreamingFake>;
  /** Config input aimed at the fake, with credentials it accepts. */
  config(fake: StreamingFake): Record<string, unknown>;
  /** The same with a credential the fake refuses the way the vendor does. */
  badCredentialConfig(fake: StreamingFake): Record<string, unknown>;
  /** The secret values in `config`, which must never appear in an event or message. */
  secrets(fake: StreamingFake): string[];
  /**
   * The language codes the client asked the vendor for on `connection`, so the suite can check
   * that the user's hints arrive; absent for vendors without a language setting.
   */
  sentLanguages?: (connection: StreamingConnection) => string[];
}

/** Starts a fake real-time vendor on 127.0.0.1 (any free port). */
export async function startStreamingFake(vendor: StreamingVendor): Promise<StreamingFake> {
  const http = await startFakeHttpServer(vendor.httpRoute ?? (() => undefined));
  const sockets = new WebSocketServer({ noServer: true });
  const connections: StreamingConnection[] = [];
  let rejection: number | undefined;
  let dropAfterMs: number | undefined;
  let stalled = false;

  http.httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (!vendor.paths.includes(url.pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const rejectWith = rejection;
    rejection = undefined;
    const refusal = vendor.checkUpgrade?.(request, url, rejectWith);
    if (refusal !== undefined) {
      const body = typeof refusal.body === 'string' ? refusal.body : JSON.stringify(refusal.body ?? {});
      const headers = Object.entries({ 'content-type': 'application/json', ...refusal.headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${refusal.status} Refused\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      return;
    }
    const dropAt = dropAfterMs;
    dropAfterMs = undefined;
    sockets.handleUpgrade(request, socket, head, (client) => {
      const connection: StreamingConnection = {
        url,
        headers: request.headers,
        textMessages: [],
        binaryFrames: 0,
        audioMs: 0,
      };
      connections.push(connection);
      client.on('close', (code) => (connection.closeCode = code));
      const wire: FakeWire = {
        connection,
        rejection: rejectWith,
        send: (message) => {
          if (stalled || client.readyState !== WebSocket.OPEN) return;
          client.send(Buffer.isBuffer(message) ? message : JSON.stringify(message));
        },
        close: (code, reason) => {
          if (!stalled) client.close(code, reason);
        },
        audioReceived: (bytes) => {
          connection.audioMs += pcmDurationMs(bytes);
          if (dropAt !== undefined && connection.audioMs >= dropAt) {
            client.terminate();
            return false;
          }
          return true;
        },
      };
      const handle = vendor.connected(wire, url);
      client.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) connection.binaryFrames++;
        else connection.textMessages.push(parseJson(data.toString('utf8')));
        if (client.readyState === WebSocket.OPEN) handle(data, isBinary);
      });
    });
  });

  return {
    baseUrl: http.baseUrl,
    connections,
    rejectNext: (status) => (rejection = status),
    dropNextAfter: (ms) => (dropAfterMs = ms),
    stall: (on) => (stalled = on),
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await http.close();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects and arrays are sent as JSON. */
  body?: unknown;
}

/**
 * Answers one request; `undefined` means 404 with a JSON error. `clientGone` is aborted when the
 * client disconnects before the answer, so a held reply can be dropped as a real server would.
 */
export type FakeRoute = (
  request: RecordedRequest,
  url: URL,
  clientGone: AbortSignal,
) => FakeReply | undefined | Promise<FakeReply | undefined>;

export interface FakeHttpServer {
  baseUrl: string;
  /** The Node server itself, for fakes that also take WebSocket upgrades. */
  httpServer: Server;
  requests: RecordedRequest[];
  /** The next `times` requests whose path matches `path` answer `status` with `body` instead. */
  failNext(
    status: number,
    options?: { times?: number; path?: RegExp; body?: unknown; headers?: Record<string, string> },
  ): void;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (any free port) that records every request and can inject failures. */
export async function startFakeHttpServer(route: FakeRoute): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{
    status: number;
    times: number;
    path: RegExp;
    body: unknown;
    headers: Record<string, string> | undefined;
  }> = [];
  const server = createServer((incoming, response) => {
    const clientGone = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) clientGone.abort();
    });
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const url = new URL(request.url, 'http://fake.invalid');
      const failure = failures.find((candidate) => candidate.times > 0 && candidate.path.test(url.pathname));
      if (failure !== undefined) {
        failure.times--;
        send(response, { status: failure.status, body: failure.body, headers: failure.headers });
        return;
      }
      Promise.resolve(route(request, url, clientGone.signal)).then(
        (reply) =>
          send(
            response,
            reply ?? { status: 404, body: { message: `no route ${request.method} ${url.pathname}` } },
          ),
        (error: unknown) => send(response, { status: 500, body: { message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    httpServer: server,
    requests,
    failNext: (status, options = {}) =>
      failures.push({
        status,
        times: options.times ?? 1,
        path: options.path ?? /./,
        body: options.body ?? { message: `injected failure ${status}` },
        headers: options.headers,
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, reply: FakeReply): void {
  if (response.headersSent || response.destroyed) return;
  const isText = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
  const payload =
    reply.body === undefined ? '' : isText ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
  response.writeHead(reply.status ?? 200, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    ...reply.headers,
  });
  response.end(payload);
}

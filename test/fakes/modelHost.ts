import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a request asked for (its `Range` header) and the status it was answered with. */
export interface ModelHostRequest {
  range: string | undefined;
  status: number;
}

export interface ModelHost {
  baseUrl: string;
  /** The file served at `path`; undefined answers 404. */
  served: Buffer | undefined;
  /**
   * `Range: bytes=N-` is answered 206 with the rest, ignored (200, the whole file), refused (416)
   * or misplaced (206 with the whole file, its `Content-Range` saying so).
   */
  ranges: 'honoured' | 'ignored' | 'refused' | 'misplaced';
  /** The next answer announces the whole length, sends this many bytes of it and cuts the connection. */
  cutAfter: number | undefined;
  /**
   * The next answer sends this many bytes and then nothing more, the connection left open: a
   * download caught mid-file, for as long as a test needs (until its client goes, or `close`).
   */
  stallAfter: number | undefined;
  requests: ModelHostRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for the ggml model host on 127.0.0.1 (any free port), serving one file at `path`, with
 * the behaviours a resumed download meets: ranges honoured or not, and connections cut mid-file.
 */
export async function startModelHost(path: string): Promise<ModelHost> {
  const server = createServer((request, response) => {
    const range = request.headers.range;
    const answer = (status: number) => {
      host.requests.push({ range, status });
      response.statusCode = status;
    };
    const served = host.served;
    if (request.url !== path || served === undefined) {
      answer(404);
      response.end('not found');
      return;
    }
    const start = range === undefined ? undefined : Number(/^bytes=(\d+)-$/.exec(range)?.[1]);
    let body = served;
    if (start !== undefined && host.ranges === 'misplaced') {
      answer(206);
      response.setHeader('content-range', `bytes 0-${served.length - 1}/${served.length}`);
    } else if (start !== undefined && host.ranges !== 'ignored') {
      if (host.ranges === 'refused' || !(start < served.length)) {
        answer(416);
        response.setHeader('content-range', `bytes */${served.length}`);
        response.end();
        return;
      }
      answer(206);
      response.setHeader('content-range', `bytes ${start}-${served.length - 1}/${served.length}`);
      body = served.subarray(start);
    } else {
      answer(200);
    }
    response.setHeader('content-type', 'application/octet-stream');
    response.setHeader('content-length', body.length);
    const { cutAfter, stallAfter } = host;
    host.cutAfter = undefined;
    host.stallAfter = undefined;
    if (stallAfter !== undefined) {
      response.write(body.subarray(0, stallAfter));
    } else if (cutAfter !== undefined) {
      // The socket is ended, not the response: the client sees the connection close mid-file.
      response.write(body.subarray(0, cutAfter), () => response.socket?.end());
    } else {
      response.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host: ModelHost = {
    baseUrl: `http://127.0.0.1:${port}`,
    served: undefined,
    ranges: 'honoured',
    cutAfter: undefined,
    stallAfter: undefined,
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return host;
}

import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerMalformedRequests } from './malformedRequests.ts';

let server: Server;
let handled = 0;

beforeEach(async () => {
  handled = 0;
  server = createServer((_request, response) => {
    handled++;
    response.end('routed');
  });
  answerMalformedRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends `bytes` as they are and reads the whole answer, which ends with the connection. */
function exchange(bytes: string): Promise<{ statusLine: string; headers: string; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      resolve({ statusLine, headers: headers.join('\n').toLowerCase(), body });
    });
  });
}

describe('requests Node refuses before routing', () => {
  it('answers an unparsable request with 400 and the error body of every route', async () => {
    const answer = await exchange('GET /not a request line\r\n\r\n');
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('cache-control: no-store');
    expect(JSON.parse(answer.body)).toEqual({
      error: expect.stringContaining('not valid HTTP/1.1') as string,
      code: 'bad_request',
    });
    expect(handled).toBe(0);
  });

  it('answers headers past the size limit with 431 and says what to change', async () => {
    const answer = await exchange(
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(answer.body)).toEqual({
      error: expect.stringContaining('headers are larger') as string,
      code: 'headers_too_large',
    });
    expect(handled).toBe(0);
  });

  it('lets a well-formed request through to the routes', async () => {
    const answer = await exchange('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.statusLine).toBe('HTTP/1.1 200 OK');
    expect(answer.body).toBe('routed');
    expect(handled).toBe(1);
  });
});

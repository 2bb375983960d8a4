import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/support/temporaryDirectory.ts';
import { ProviderError } from './providerError.ts';
import { multipartFileBody, rawFileBody } from './uploadBody.ts';
import { uploadTimeoutMs, vendorJson, vendorRequest } from './vendorRequest.ts';

type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let handlers: Handler[];
let received: Array<{ headers: IncomingMessage['headers']; body: Buffer }>;
let directory: ReturnType<typeof temporaryDirectory>;

beforeEach(async () => {
  handlers = [];
  received = [];
  directory = temporaryDirectory('vendor-request');
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ headers: request.headers, body });
      const handler = handlers.shift() ?? ((_request, _body, reply) => reply.end('{"ok":true}'));
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  directory.remove();
});

const base = { vendor: 'Acme', secrets: ['sk-secret-123'], signal: new AbortController().signal };

it('retries 429 and 5xx, then succeeds', async () => {
  handlers.push((_request, _body, response) => response.writeHead(503).end('busy'));
  handlers.push((_request, _body, response) =>
    response.writeHead(429, { 'retry-after': '0.01' }).end('slow down'),
  );
  expect(await vendorJson({ ...base, url: `${baseUrl}/x` })).toEqual({ ok: true });
  expect(received).toHaveLength(3);
});

it('does not retry a permanent error, and reports the vendor message without the secret', async () => {
  handlers.push((_request, _body, response) =>
    response.writeHead(401).end(JSON.stringify({ error: { message: 'Invalid key sk-secret-123' } })),
  );
  const failure = await vendorRequest({ ...base, url: `${baseUrl}/x` }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ProviderError);
  expect(failure).toMatchObject({ kind: 'permanent', status: 401 });
  expect((failure as Error).message).toBe('Acme refused the request (HTTP 401): Invalid key [redacted]');
  expect(received).toHaveLength(1);
});

it('gives up after the retries with a retryable error', async () => {
  for (let index = 0; index < 3; index++) handlers.push((_q, _b, response) => response.writeHead(500).end());
  await expect(vendorRequest({ ...base, url: `${baseUrl}/x`, retries: 2 })).rejects.toMatchObject({
    kind: 'retryable',
    status: 500,
  });
  expect(received).toHaveLength(3);
});

it('classifies an unreachable vendor as retryable and a cancel as cancelled', async () => {
  await expect(vendorRequest({ ...base, url: 'http://127.0.0.1:1/x', retries: 0 })).rejects.toMatchObject({
    kind: 'retryable',
  });
  const controller = new AbortController();
  handlers.push(() => controller.abort());
  await expect(
    vendorRequest({ ...base, signal: controller.signal, url: `${baseUrl}/x` }),
  ).rejects.toMatchObject({
    kind: 'cancelled',
  });
});

it('streams multipart and raw uploads with exact lengths and progress, again on each retry', async () => {
  const path = join(directory.path, 'audio.wav');
  writeFileSync(path, Buffer.alloc(100_000, 7));
  const progress: number[] = [];
  handlers.push((_request, _body, response) => response.writeHead(502).end());
  await vendorRequest({
    ...base,
    url: `${baseUrl}/upload`,
    body: () =>
      multipartFileBody(
        { model: 'm1', language: ['en', 'fr'] },
        { field: 'file', path, filename: 'audio.wav', contentType: 'audio/wav' },
        (sent) => progress.push(sent),
      ),
  });
  expect(received).toHaveLength(2);
  const last = received[1];
  expect(Number(last?.headers['content-length'])).toBe(last?.body.length);
  const text = last?.body.toString('latin1') ?? '';
  expect(text).toContain('name="model"\r\n\r\nm1\r\n');
  expect(text.match(/name="language"/g)).toHaveLength(2);
  expect(text).toContain('filename="audio.wav"');
  expect(progress.at(-1)).toBe(last?.body.length);

  await vendorRequest({ ...base, url: `${baseUrl}/raw`, body: () => rawFileBody(path, 'audio/wav') });
  expect(received[2]?.body.length).toBe(100_000);
  expect(received[2]?.headers['content-type']).toBe('audio/wav');
});

it('classifies an answer body that breaks off as retryable, and one cancelled while it arrives as cancelled', async () => {
  const halfAnswer = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"text":"hal');
  };
  handlers.push((_request, _body, response) => {
    halfAnswer(response);
    setTimeout(() => response.destroy(), 20);
  });
  const broken = await vendorJson({ ...base, url: `${baseUrl}/x` }).catch((error: unknown) => error);
  expect(broken).toBeInstanceOf(ProviderError);
  expect(broken).toMatchObject({ kind: 'retryable', status: 200 });
  expect((broken as Error).message).toMatch(/^Acme broke off its answer/);

  const controller = new AbortController();
  handlers.push((_request, _body, response) => {
    halfAnswer(response);
    setTimeout(() => controller.abort(), 20);
  });
  await expect(vendorJson({ ...base, signal: controller.signal, url: `${baseUrl}/x` })).rejects.toMatchObject(
    { kind: 'cancelled' },
  );

  handlers.push((_request, _body, response) => halfAnswer(response));
  await expect(vendorJson({ ...base, url: `${baseUrl}/x`, timeoutMs: 100 })).rejects.toMatchObject({
    kind: 'retryable',
    message: 'Acme did not finish its answer in time.',
  });
});

it('takes a fractional per-attempt timeout in whole milliseconds, and sizes upload timeouts', async () => {
  expect(await vendorJson({ ...base, url: `${baseUrl}/x`, timeoutMs: (5_000 * 4) / 3 })).toEqual({
    ok: true,
  });
  expect(uploadTimeoutMs(100)).toBe(120_002);
  expect(uploadTimeoutMs(101, 6_000)).toBe(126_003);
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a loopback port, as a user would write one: it records each request and
 * answers the next of `answers` (200 once they run out; a function may answer itself, or never).
 */
export async function startWebhookReceiver(
  answers: Array<number | ((response: ServerResponse) => void)> = [],
): Promise<{ url: string; origin: string; received: ReceivedDelivery[]; close(): Promise<void> }> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift() ?? 200;
      if (typeof answer === 'function') answer(response);
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/hooks/T0KEN-in-the-path?key=query-secret`,
    origin,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The check docs/webhooks.md tells receivers to make: HMAC-SHA256 of "<timestamp>.<body>", in constant time. */
export function hasValidSignature(delivery: ReceivedDelivery, secret: string): boolean {
  const timestamp = String(delivery.headers['x-earshot-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
  const presented = String(delivery.headers['x-earshot-signature']);
  return (
    presented.length === expected.length && timingSafeEqual(Buffer.from(presented), Buffer.from(expected))
  );
}

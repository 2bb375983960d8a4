import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AnyEventObject, InspectionEvent, SnapshotFrom } from 'xstate';
import { delayedEvents, delayMs } from '../../machines/analysis/delays.ts';
import {
  allPaths,
  describePath,
  type MachinePaths,
  type ModelPath,
} from '../../machines/analysis/modelPaths.ts';
import { analyzeEntry, catalogEntry } from '../../machines/catalog.ts';
import type { proxyConnectionMachine, ProxyConnectionContext } from '../../machines/proxyConnection.ts';
import { runProxiedConnection } from '../../actors/proxy/proxiedConnection.ts';
import { definition as deepgram } from '../../providers/deepgram/definition.ts';
import { streamingFixture } from '../fakes/deepgram/streamingFixture.ts';
import type { StreamingFake } from '../fakes/streaming/streamingFake.ts';

/**
 * The proxy-connection paths generated from the machine, replayed on the real proxied connection:
 * a `ws` client on loopback is the proxy's client, and runProxiedConnection reaches the Deepgram
 * streaming fake through Deepgram's live client and a loopback link this test holds. Each machine
 * event is caused the way it happens in the service: the held upgrade is let through and the fake
 * accepts (ready), the fake answers the end of the stream (finished), the link is cut (the vendor
 * connection is lost), the client sends `{"type":"end"}`, goes away or sends something else, and
 * the connect timeout passes while the vendor has not answered the upgrade. After every step the
 * actor must have taken exactly the path's event into the path's state.
 */
const entry = catalogEntry('proxyConnection');
// The registry erases each machine's own types; these paths are the proxy connection's.
const paths = analyzeEntry(entry).paths as unknown as MachinePaths<typeof proxyConnectionMachine>;
const delays = delayedEvents(entry.machine);
const drainTimeoutMs = 10_000;
/** A guard against a hang, not a timing assertion: every cause here is a loopback round trip. */
const loopbackPatienceMs = 2_000;

// Captured before any test fakes the clock: waiting for loopback I/O needs real time.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

type ProxyConnectionPath = ModelPath<typeof proxyConnectionMachine>;
type ProxyConnectionSnapshot = SnapshotFrom<typeof proxyConnectionMachine>;

let fake: StreamingFake;
let proxyServer: WebSocketServer;
let proxyUrl: string;
/** Takes the server side of the next client connection; each path sets it before connecting. */
let serveClient: (socket: WebSocket) => void = (socket) => socket.terminate();

beforeAll(async () => {
  fake = await streamingFixture.start();
  proxyServer = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(proxyServer, 'listening');
  proxyUrl = `ws://127.0.0.1:${(proxyServer.address() as AddressInfo).port}/ws/deepgram`;
  proxyServer.on('connection', (socket: WebSocket) => serveClient(socket));
});
afterAll(async () => {
  for (const client of proxyServer.clients) client.terminate();
  await new Promise((resolve) => proxyServer.close(resolve));
  await fake.close();
});
afterEach(() => vi.useRealTimers());

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = realSetTimeout(
      () => reject(new Error(`${what}: nothing happened within ${loopbackPatienceMs} ms`)),
      loopbackPatienceMs,
    );
    promise.then(
      (value) => {
        realClearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        realClearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface Transition {
  event: AnyEventObject;
  value: ProxyConnectionSnapshot['value'];
  context: ProxyConnectionContext;
}

interface TransitionLog {
  /** The inspect observer the actor is given. */
  inspect: (inspection: InspectionEvent) => void;
  taken: Transition[];
  /** The `index`th event the actor took (0 is its start), once it has taken it. */
  at: (index: number) => Promise<Transition>;
}

/** What the actor's machine did, read through xstate's inspection API as the visualizer reads it. */
function transitionLog(): TransitionLog {
  const taken: Transition[] = [];
  let wake = () => {};
  return {
    taken,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.snapshot' || inspection.actorRef.sessionId !== inspection.rootId)
        return;
      const snapshot = inspection.snapshot as ProxyConnectionSnapshot;
      taken.push({ event: inspection.event, value: snapshot.value, context: snapshot.context });
      wake();
    },
    at: async (index) => {
      while (taken.length <= index) await new Promise<void>((resolve) => (wake = resolve));
      return taken[index] as Transition;
    },
  };
}

interface VendorLink {
  /** http://127.0.0.1:<port>: the endpoint the provider config points at. */
  url: string;
  /** The proxy's vendor connection has reached the link (its upgrade is held there). */
  arrived: () => Promise<void>;
  /** Lets the held upgrade through to the fake, which answers it. */
  accept: () => Promise<void>;
  /** Drops the vendor connection without a close frame, as a lost network does. */
  cut: () => Promise<void>;
  /** Sends one text message to the proxy as the vendor, between the fake's own frames. */
  sendAsVendor: (message: unknown) => Promise<void>;
  /** The proxy has let go of its vendor connection (or never made one). */
  released: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A TCP link between the proxy and the fake that holds the upgrade until the test lets it through:
 * Deepgram's client reports ready as soon as the upgrade succeeds, so without the hold the actor
 * would leave connectingUpstream before the path says, and a stalled vendor could not be shown.
 */
async function startVendorLink(vendorBaseUrl: string): Promise<VendorLink> {
  const vendor = new URL(vendorBaseUrl);
  let proxySide: Socket | undefined;
  const heldBytes: Buffer[] = [];
  const keepWhileHeld = (chunk: Buffer) => heldBytes.push(chunk);
  let reportArrival = () => {};
  const arrival = new Promise<void>((resolve) => (reportArrival = resolve));
  const server: Server = createServer((socket) => {
    socket.on('error', () => {});
    if (proxySide !== undefined) {
      socket.destroy(new Error('one vendor connection per proxied connection'));
      return;
    }
    // Read and kept rather than paused: a paused socket would not notice the proxy giving up on it.
    socket.on('data', keepWhileHeld);
    proxySide = socket;
    reportArrival();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const heldSocket = async () => {
    await within(arrival, 'the proxy connecting to the vendor');
    return proxySide as Socket;
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived: async () => void (await heldSocket()),
    accept: async () => {
      const held = await heldSocket();
      const vendorSide = connect(Number(vendor.port), vendor.hostname);
      vendorSide.on('error', () => {});
      await within(once(vendorSide, 'connect'), 'the link reaching the fake');
      held.on('close', () => vendorSide.destroy());
      vendorSide.on('close', () => held.destroy());
      held.off('data', keepWhileHeld);
      for (const chunk of heldBytes.splice(0)) vendorSide.write(chunk);
      held.pipe(vendorSide);
      vendorSide.pipe(held);
    },
    cut: async () => void (await heldSocket()).resetAndDestroy(),
    sendAsVendor: async (message) =>
      void (await heldSocket()).write(serverTextFrame(JSON.stringify(message))),
    released: async () => {
      if (proxySide === undefined || proxySide.closed) return;
      const held = proxySide;
      await within(
        new Promise((resolve) => held.once('close', resolve)),
        'the proxy letting go of the vendor connection',
      );
    },
    close: async () => {
      proxySide?.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One unmasked, uncompressed WebSocket text frame, as a server sends it (short messages only). */
function serverTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 125) throw new Error('serverTextFrame takes messages of at most 125 bytes');
  return Buffer.concat([Buffer.from([0x81, payload.length]), payload]);
}

/** The next client connection is served by the real proxied connection, its vendor reached through `link`. */
function serveThrough(
  link: { url: string },
  log: ReturnType<typeof transitionLog>,
  onClosed: () => void,
): void {
  serveClient = (socket) =>
    runProxiedConnection({
      client: socket,
      definition: deepgram,
      config: deepgram.configSchema.parse(streamingFixture.config({ ...fake, baseUrl: link.url })),
      languageHints: [],
      drainTimeoutMs,
      inspect: log.inspect,
      onClosed,
    });
}

async function replayOnActor(path: ProxyConnectionPath): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const where = describePath(path);
  const link = await startVendorLink(fake.baseUrl);
  const log = transitionLog();
  let closedCount = 0;
  serveThrough(link, log, () => closedCount++);
  const client = new WebSocket(proxyUrl);
  const clientClosed = new Promise<number>((resolve) => client.once('close', resolve));
  let clientWent = false;
  try {
    await within(once(client, 'open'), 'the client connecting to the proxy');
    for (const [index, step] of path.steps.entries()) {
      const before = path.steps[index - 1]?.state;
      const next = path.steps[index + 1];
      const label = `step ${index} (${step.event.type}) of ${where}`;
      // The fake answers Deepgram's CloseStream at once; it holds the answer back only when the path
      // leaves draining some other way.
      fake.stall(step.state.value === 'draining' && next?.event.type !== 'UPSTREAM_FINISHED');
      // Paths also hold xstate's own init and delayed events, which the machine's event type leaves out.
      const type: string = step.event.type;
      const delay = delays.get(type);
      if (delay !== undefined) {
        const ms = delayMs(entry.machine, delay);
        if (ms === undefined) throw new Error(`${type}: the connect timeout should be a fixed delay`);
        // The vendor has the upgrade and does not answer it: only time passes.
        await link.arrived();
        vi.advanceTimersByTime(ms - 1);
        expect(log.taken, `${label}: fired before ${ms} ms`).toHaveLength(index);
        vi.advanceTimersByTime(1);
      } else {
        switch (step.event.type) {
          case 'UPSTREAM_READY':
            await link.accept();
            break;
          case 'UPSTREAM_FINISHED':
            // From draining it is the fake's answer to the end of stream, already on its way. No
            // fake vendor ends a stream on its own, so the link sends Deepgram's terminal message.
            if (before?.value === 'open') await link.sendAsVendor({ type: 'Metadata', channels: 1 });
            break;
          case 'UPSTREAM_FAILED':
            await link.cut();
            break;
          case 'CLIENT_END':
            client.send(JSON.stringify({ type: 'end' }));
            break;
          case 'CLIENT_GONE':
            clientWent = true;
            client.close();
            break;
          case 'CLIENT_INVALID':
            // A client that speaks Deepgram's protocol instead of the proxy's.
            client.send(JSON.stringify({ type: 'CloseStream' }));
            break;
        }
      }
      const taken = await within(log.at(index), label);
      expect(taken.event.type, label).toBe(type);
      expect(taken.value, label).toEqual(step.state.value);
      // The reason is the actor's own wording; the code is what the client is told.
      expect({ closeCode: taken.context.closeCode, endRequested: taken.context.endRequested }, label).toEqual(
        {
          closeCode: step.state.context.closeCode,
          endRequested: step.state.context.endRequested,
        },
      );
    }
    expect(log.taken.length, `events the actor took beyond ${where}`).toBe(path.steps.length);
    const last = path.steps.at(-1)?.state;
    if (last?.status === 'done') {
      expect(closedCount, `onClosed of ${where}`).toBe(1);
      await link.released();
      if (!clientWent) {
        expect(await within(clientClosed, 'the client being closed'), `client close code of ${where}`).toBe(
          last.context.closeCode,
        );
      }
    } else {
      expect(closedCount, `onClosed of ${where}`).toBe(0);
    }
  } finally {
    client.terminate();
    await link.close();
  }
}

describe('proxyConnection paths on the real proxied connection', () => {
  it.each(allPaths(paths).map((path) => [describePath(path), path] as const))('%s', (_, path) =>
    replayOnActor(path),
  );
});

// Off the generated paths: in draining the machine lets CLIENT_INVALID pass, and the client must
// not be told its stream failed when it has not.
it('lets stray text after the end pass: no error event, and the stream drains and closes normally', async () => {
  fake.stall(false);
  const link = await startVendorLink(fake.baseUrl);
  const log = transitionLog();
  serveThrough(link, log, () => {});
  const client = new WebSocket(proxyUrl);
  const received: Array<{ type?: unknown }> = [];
  client.on('message', (data: Buffer) =>
    received.push(JSON.parse(data.toString('utf8')) as { type?: unknown }),
  );
  const closed = new Promise<number>((resolve) => client.once('close', resolve));
  try {
    await within(once(client, 'open'), 'the client connecting to the proxy');
    await link.accept();
    await within(log.at(1), 'the vendor accepting');
    client.send(JSON.stringify({ type: 'end' }));
    client.send(JSON.stringify({ type: 'CloseStream' }));
    expect(await within(closed, 'the stream closing')).toBe(1000);
    expect(log.taken.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'UPSTREAM_READY',
      'CLIENT_END',
      'CLIENT_INVALID',
      'UPSTREAM_FINISHED',
    ]);
    expect(received.filter((event) => event.type === 'error')).toEqual([]);
  } finally {
    client.terminate();
    await link.close();
  }
});

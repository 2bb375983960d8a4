import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback address that forwards every connection to `targetPort` until it is shut: from then
 * on connections to it are refused, as when a local server is stopped or never started.
 */
export interface TcpGate {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Refuses connections from now on and cuts the ones that are open. */
  shut(): Promise<void>;
}

export async function openTcpGate(targetPort: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    // Without Nagle's algorithm on both legs: a request written in pieces (headers, then a multipart
    // body) would otherwise sit in the gate waiting for the peer's delayed ACK, about 40 ms a time on
    // Linux loopback, which the client and server (both noDelay) never wait for when they talk directly.
    client.setNoDelay(true);
    const upstream = connect({ host: '127.0.0.1', port: targetPort, noDelay: true });
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('error', () => upstream.destroy());
    upstream.once('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  let shut: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    shut: () => {
      shut ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return shut;
    },
  };
}

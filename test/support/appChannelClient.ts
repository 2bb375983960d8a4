import { WebSocket } from 'ws';
import type { AppMessage } from '../../api/appChannel/appProtocol.ts';
import type { RunningService } from '../../main/service.ts';
import { earshotProtocols } from '../../providers/live/proxyProtocol.ts';

/** A test's client of a running service's `/ws/app`, keeping every message it receives. */
export interface AppChannelClient {
  socket: WebSocket;
  messages: AppMessage[];
  /** The first message of `type`, already received or still to come. */
  next: (type: AppMessage['type']) => Promise<AppMessage>;
}

export async function connectAppChannel(service: RunningService): Promise<AppChannelClient> {
  const socket = new WebSocket(
    `ws://127.0.0.1:${service.port}/ws/app`,
    earshotProtocols(service.launchSecret),
  );
  const messages: AppMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString()) as AppMessage);
    for (const waiter of waiters.splice(0)) waiter();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const next = async (type: AppMessage['type']): Promise<AppMessage> => {
    for (;;) {
      const found = messages.find((message) => message.type === type);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, messages, next };
}

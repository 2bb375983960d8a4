import type { AppMessage, ClientMessage } from '../../main/app/appProtocol.ts';
import { readLaunchSecret } from './launchSecret.ts';

export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'refused';

const firstRetryMs = 500;
const longestRetryMs = 8000;

/**
 * The UI's one connection to `/ws/app`. It reconnects by itself with backoff (the service may
 * restart, a laptop may sleep); every time it opens it asks for the store replica again, and
 * listeners to `onOpen` can re-attach to a recording. Audio goes out as binary frames.
 */
export class AppConnection {
  private socket: WebSocket | undefined;
  private retryMs = firstRetryMs;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private currentStatus: ConnectionStatus = 'connecting';
  private readonly messageListeners = new Set<(message: AppMessage) => void>();
  private readonly statusListeners = new Set<() => void>();
  private readonly openListeners = new Set<() => void>();
  private closedForGood = false;

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  connect(): void {
    const secret = readLaunchSecret();
    if (secret === undefined) {
      this.setStatus('refused');
      return;
    }
    const url = new URL('/ws/app', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, ['earshot', `earshot-secret.${secret}`]);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.retryMs = firstRetryMs;
      this.setStatus('open');
      this.send({ type: 'sync.start' });
      for (const listener of this.openListeners) listener();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as AppMessage;
      for (const listener of this.messageListeners) listener(message);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.closedForGood) return;
      this.setStatus('closed');
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, longestRetryMs);
    };
  }

  close(): void {
    this.closedForGood = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }

  /** False when the message could not go out because the connection is down. */
  send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  sendAudio(frame: ArrayBuffer | Blob): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(frame);
    return true;
  }

  /** Bytes queued in the browser and not yet sent: a slow link shows here first. */
  get bufferedAmount(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  onMessage(listener: (message: AppMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Called on every (re)connection, after the replica has been asked for. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  private setStatus(status: ConnectionStatus): void {
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener();
  }
}

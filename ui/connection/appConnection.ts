import type { AppMessage, ClientMessage } from '../../api/appChannel/appProtocol.ts';
import { control, ControlRequestError } from './control.ts';
import { appChannelProtocols } from './pageKey.ts';

export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'refused';

const firstRetryMs = 500;
const longestRetryMs = 8000;

/**
 * The UI's one connection to `/ws/app`, opened with the session cookie and the page key this
 * browser got when it signed in. It reconnects by itself with backoff (the service may restart, a
 * laptop may sleep); every time it opens it asks for the store replica again, and listeners to
 * `onOpen` can re-attach to a recording. Audio goes out as binary frames. When the service no
 * longer knows this browser (it restarted, the sign-in expired, or this page has no page key), the
 * status becomes `refused` and retrying stops: only a new sign-in link helps, and it loads the page
 * afresh.
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
    const url = new URL('/ws/app', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url, appChannelProtocols());
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.setStatus('connecting');
    let opened = false;
    socket.onopen = () => {
      opened = true;
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
      if (opened) this.retryLater();
      else void this.retryUnlessSignedOut();
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

  private retryLater(): void {
    this.setStatus('closed');
    this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, longestRetryMs);
  }

  /**
   * A browser sees a refused upgrade only as a socket that closed before it opened, as when the
   * service is down. The control channel tells the two apart: it answers 401 to a browser that is
   * not signed in.
   */
  private async retryUnlessSignedOut(): Promise<void> {
    const signedOut = await control('GET', '/service').then(
      () => false,
      (error: unknown) => error instanceof ControlRequestError && error.status === 401,
    );
    if (this.closedForGood) return;
    if (signedOut) this.setStatus('refused');
    else this.retryLater();
  }

  private setStatus(status: ConnectionStatus): void {
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener();
  }
}

import WebSocket from 'ws';
import type { LiveErrorCode, LiveEvent, LiveStream } from '../contract.ts';
import { unreachableReason } from '../http/endpointReachability.ts';
import { redactSecrets } from '../http/providerError.ts';
import { LiveFailure, liveErrorCodeForStatus, liveErrorCodes } from './liveErrors.ts';

/** What a vendor protocol may do with its connection. */
export interface VendorSession {
  /** Passes a transcript event on (`ready`, `partial`, `final`, `tokens`, `translation`). */
  emit(event: Exclude<LiveEvent, { type: 'error' | 'finished' }>): void;
  /** The vendor's terminal event arrived: `finished` goes out and the socket closes normally. */
  finished(): void;
  /** The vendor reported an error: it goes out (secrets removed) and the socket closes. */
  fail(code: LiveErrorCode, message: string): void;
  sendJson(message: unknown): void;
  sendBinary(bytes: Uint8Array): void;
}

export interface VendorTarget {
  url: string;
  /** Sent on the upgrade request (credentials go here, never into the URL, where the vendor allows). */
  headers?: Record<string, string>;
  /** WebSocket subprotocols to offer. */
  protocols?: string[];
}

/**
 * One vendor's real-time protocol, as `openVendorSocket` drives it: the socket, the error mapping
 * and the one-terminal-event rule are shared; the messages are the vendor's.
 */
export interface VendorProtocol {
  /** Product name for messages, e.g. "Deepgram". */
  vendor: string;
  /** Credential values, removed from every message that leaves the stream. */
  secrets: readonly string[];
  /**
   * Where to connect; async for vendors that first create a session over HTTP (P05). Throw a
   * LiveFailure to refuse with a specific code.
   */
  target(signal: AbortSignal): VendorTarget | Promise<VendorTarget>;
  /** The upgrade succeeded: send the vendor's configuration message, if it takes one. */
  opened(session: VendorSession): void;
  message(session: VendorSession, data: Buffer, isBinary: boolean): void;
  /** Sends one frame of audio in the vendor's framing. */
  audio(session: VendorSession, frame: Uint8Array): void;
  /** Sends the vendor's end-of-stream message. */
  endOfStream(session: VendorSession): void;
  /**
   * The error a close without a terminal event stands for (vendors put their codes there);
   * undefined means the link was lost.
   */
  closeMeaning?(code: number, reason: string): { code: LiveErrorCode; message: string } | undefined;
  /** A response header in which the vendor explains a refused upgrade (else the body is shown). */
  refusalDetailHeader?: string;
  /** Sent every `intervalMs` while no audio flows, for vendors that time out an idle stream. */
  keepAlive?: { intervalMs: number; send: (session: VendorSession) => void };
}

/** Opens a vendor's real-time WebSocket and runs `protocol` on it, reporting through `onEvent`. */
export function openVendorSocket(protocol: VendorProtocol, onEvent: (event: LiveEvent) => void): LiveStream {
  const setup = new AbortController();
  let socket: WebSocket | undefined;
  let ended = false;
  let closedByUs = false;
  let endOfStreamSent = false;
  let keepAliveTimer: NodeJS.Timeout | undefined;
  /** When audio (or a keepalive) last went out. */
  let lastAudioAt = Date.now();
  let settleFinish: (() => void) | undefined;
  const clean = (text: string) => redactSecrets(text, protocol.secrets);

  const end = (event: LiveEvent) => {
    if (ended) return;
    ended = true;
    clearInterval(keepAliveTimer);
    onEvent(event);
    settleFinish?.();
  };
  const send = (payload: string | Uint8Array) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(payload);
  };
  const session: VendorSession = {
    emit: (event) => {
      if (!ended) onEvent(event);
    },
    finished: () => {
      end({ type: 'finished' });
      closedByUs = true;
      socket?.close(1000);
    },
    fail: (code, message) => {
      end({ type: 'error', code, permanent: liveErrorCodes[code].permanent, message: clean(message) });
      closedByUs = true;
      socket?.close(1000);
    },
    sendJson: (message) => send(JSON.stringify(message)),
    sendBinary: (bytes) => send(bytes),
  };

  const connect = (target: VendorTarget) => {
    if (ended) return;
    const opened = new WebSocket(target.url, target.protocols ?? [], {
      headers: target.headers,
      handshakeTimeout: 15_000,
    });
    socket = opened;
    let connected = false;
    opened.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8').slice(0, 300).trim();
        const header = protocol.refusalDetailHeader;
        const detail = (header === undefined ? undefined : response.headers[header]) ?? body;
        session.fail(
          liveErrorCodeForStatus(status),
          `${protocol.vendor} refused the connection (HTTP ${status})${detail ? `: ${String(detail)}` : ''}.`,
        );
        opened.terminate();
      });
    });
    opened.on('open', () => {
      connected = true;
      protocol.opened(session);
      // A consumer may close the stream from inside the `ready` that `opened` emitted.
      if (protocol.keepAlive !== undefined && !closedByUs && !ended) {
        const { intervalMs, send: sendKeepAlive } = protocol.keepAlive;
        // Checked several times per interval, so the gap after the last audio never exceeds it by much.
        keepAliveTimer = setInterval(
          () => {
            if (Date.now() - lastAudioAt < intervalMs) return;
            sendKeepAlive(session);
            lastAudioAt = Date.now();
          },
          Math.max(50, intervalMs / 4),
        );
      }
    });
    opened.on('message', (data: Buffer, isBinary: boolean) => {
      if (ended) return;
      try {
        protocol.message(session, data, isBinary);
      } catch (error) {
        session.fail(
          'upstream_error',
          `${protocol.vendor} sent a message that could not be read: ${String(error)}`,
        );
      }
    });
    opened.on('error', (error) => {
      if (closedByUs) return;
      // Nothing answered at the address at all: a different failure from a link that dropped.
      const unreachable = connected ? undefined : unreachableReason(error);
      end(
        unreachable === undefined
          ? {
              type: 'error',
              code: 'connection_lost',
              permanent: false,
              message: clean(`The connection to ${protocol.vendor} failed: ${error.message}`),
            }
          : {
              type: 'error',
              code: 'unreachable',
              permanent: false,
              message: clean(
                `Cannot reach ${protocol.vendor} at ${new URL(target.url).origin} (${unreachable}).`,
              ),
            },
      );
    });
    opened.on('close', (code, reasonBytes) => {
      if (closedByUs || ended) {
        end({ type: 'finished' });
        return;
      }
      // A normal close after our end of stream is the vendor's way of saying it has sent everything.
      if (code === 1000 && endOfStreamSent) {
        end({ type: 'finished' });
        return;
      }
      const reason = reasonBytes.toString('utf8');
      const meaning = protocol.closeMeaning?.(code, reason);
      const errorCode = meaning?.code ?? 'connection_lost';
      end({
        type: 'error',
        code: errorCode,
        permanent: liveErrorCodes[errorCode].permanent,
        message: clean(
          meaning?.message ??
            `${protocol.vendor} closed the connection (code ${code}${reason ? `: ${reason}` : ''}) before the end of the stream.`,
        ),
      });
    });
  };

  Promise.resolve()
    .then(() => protocol.target(setup.signal))
    .then(connect, (error: unknown) => {
      if (setup.signal.aborted) return;
      const code = error instanceof LiveFailure ? error.code : 'connection_lost';
      session.fail(code, error instanceof Error ? error.message : String(error));
    });

  return {
    sendAudio: (frame) => {
      if (ended) return;
      lastAudioAt = Date.now();
      protocol.audio(session, frame);
    },
    finish: (timeoutMs) => {
      if (ended) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          session.fail(
            'timeout',
            `${protocol.vendor} did not confirm the end of the stream within ${timeoutMs} ms.`,
          );
        }, timeoutMs);
        settleFinish = () => {
          clearTimeout(timer);
          resolve();
        };
        endOfStreamSent = true;
        protocol.endOfStream(session);
      });
    },
    close: () => {
      ended = true;
      closedByUs = true;
      clearInterval(keepAliveTimer);
      setup.abort();
      socket?.terminate();
      settleFinish?.();
    },
    bufferedBytes: () => socket?.bufferedAmount ?? 0,
  };
}

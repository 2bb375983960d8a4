import type { LiveEvent, LiveStream, ProviderId } from '../contract.ts';
import { liveErrorCodeForClose } from './liveErrors.ts';
import { messageJson } from './messageJson.ts';
import { earshotProtocols } from './proxyProtocol.ts';
import { openVendorSocket } from './vendorSocket.ts';

/** Where the running service's proxy is, and the launch secret that opens it. */
export interface ProxyAddress {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  launchSecret: string;
}

export interface ProxyStreamRequest {
  providerId: ProviderId;
  /** The session's languages; empty leaves the provider's configured hints. */
  languageHints: readonly string[];
  /** The session streamed, whose custom vocabulary the proxy sends the vendor. */
  sessionId?: string;
  onEvent: (event: LiveEvent) => void;
}

/**
 * A live stream to a proxied provider (P02–P08) through the local proxy: no credentials leave
 * the service's secrets file; the proxy already speaks our normalised events, so they pass
 * through, and its close codes map back to the same error codes.
 */
export function openProxyStream(address: ProxyAddress, request: ProxyStreamRequest): LiveStream {
  const url = new URL(`/ws/${request.providerId}`, address.baseUrl);
  url.protocol = 'ws:';
  if (request.languageHints.length > 0) url.searchParams.set('languages', request.languageHints.join(','));
  if (request.sessionId !== undefined) url.searchParams.set('session', request.sessionId);
  return openVendorSocket(
    {
      vendor: 'The local proxy',
      secrets: [address.launchSecret],
      target: () => ({ url: url.toString(), protocols: earshotProtocols(address.launchSecret) }),
      opened: () => {},
      message: (session, data, isBinary) => {
        const event = messageJson(data, isBinary, 'The local proxy') as LiveEvent;
        if (event.type === 'finished') session.finished();
        else if (event.type === 'error') session.fail(event.code, event.message);
        else session.emit(event);
      },
      audio: (session, frame) => session.sendBinary(frame),
      endOfStream: (session) => session.sendJson({ type: 'end' }),
      closeMeaning: (code, reason) => ({
        code: liveErrorCodeForClose(code),
        message: `The local proxy closed the stream (code ${code}${reason ? `: ${reason}` : ''}).`,
      }),
    },
    request.onEvent,
  );
}

import { WebSocket } from 'ws';
import { earshotProtocols } from '../../providers/live/proxyProtocol.ts';
import { appChannelPath } from '../../api/appChannel/appChannel.ts';

/** A socket on the running service's `/ws/app`, opened with its launch secret (a subprotocol, never in the URL). */
export function openAppChannel(baseUrl: string, launchSecret: string): WebSocket {
  const url = new URL(appChannelPath, baseUrl);
  url.protocol = 'ws:';
  return new WebSocket(url, earshotProtocols(launchSecret));
}
